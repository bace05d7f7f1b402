// The card editor: preset, content size and alt text; one tab per bubble (at most 5); the block
// palette; the blocks of the open bubble, dragged to reorder; the selected block's settings.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { BLOCK_KINDS, BLOCK_NAMES, type Block, type BlockKind } from '../../core/template/blocks';
import {
  CONTENT_SIZES,
  MAX_TEMPLATE_BUBBLES,
  TEMPLATE_PRESETS,
  type TemplatePreset,
} from '../../core/template/form';
import { t } from '../app/i18n';
import { DragHandle, SortableList, useSortableRow } from '../ui/Sortable';
import { BlockSettings } from './BlockSettings';
import { ConfirmDialog } from './Dialog';
import { Segmented, TextField } from './fields';
import {
  addBlock,
  addItem,
  applyPreset,
  blockIndex,
  card,
  countSubmit,
  currentItem,
  duplicateBlock,
  itemIndex,
  moveBlock,
  problemByField,
  removeBlock,
  removeItem,
  selectedKey,
  updateCard,
} from './state';

/** Whether any problem lies under a path prefix (shown as a dot once the user tried to save). */
function hasProblem(prefix: string): boolean {
  for (const field of problemByField.value.keys())
    if (field === prefix || field.startsWith(`${prefix}.`)) return true;
  return false;
}

function PaletteIcon({ kind }: { kind: BlockKind }) {
  const paths: Record<BlockKind, string> = {
    textHeader: 'M5 5h14v3h-5.5v11h-3V8H5z',
    textColumn: 'M3 5h8v2H3zm0 4h8v2H3zm0 4h8v2H3zm10-8h8v2h-8zm0 4h8v2h-8zm0 4h8v2h-8z',
    imageCover: 'M3 5h18v14H3zm2 12h14l-4.5-6-3.5 4.5L9 12z',
    button: 'M4 8h16a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2zm3 3v2h10v-2z',
    imageLeftInfoAndButtonRight: 'M2 6h9v12H2zm11 0h9v3h-9zm0 8h9v4h-9z',
    imageLeftAndInfoRight: 'M2 6h9v12H2zm11 0h9v3h-9zm0 5h9v2h-9zm0 4h7v2h-7z',
    separator: 'M3 11h18v2H3z',
    imageBackground: 'M4 4h16v16H4zm2 10v4h12v-4z',
    labelLeftTop: 'M3 3h18v18H3zm2 2v4h7V5z',
    labelCenterBottom: 'M3 3h18v18H3zm4 12v4h10v-4z',
    textRow: 'M3 10h8v4H3zm10 0h8v4h-8z',
    textInRow: 'M3 10h5v4H3zm6 0h12v4H9z',
  };
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="currentColor" d={paths[kind]} />
    </svg>
  );
}

function Palette() {
  return (
    <section className="tpl-panel tpl-palette" aria-labelledby="tpl-palette-title">
      <h2 id="tpl-palette-title">{t('templates.palette')}</h2>
      <div className="tpl-palette-grid">
        {BLOCK_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="tpl-palette-item"
            data-testid={`palette-${kind}`}
            onClick={() => addBlock(kind)}
            title={t('templates.addBlock', { name: t(`templates.blocks.${kind}`) })}
          >
            <PaletteIcon kind={kind} />
            <span>{t(`templates.blocks.${kind}`)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

function BlockRow({ block, index }: { block: Block; index: number }) {
  useSignals();
  const { sortable, row, isDragging } = useSortableRow(block.key);
  const selected = selectedKey.value === block.key;
  const bad = countSubmit.value > 0 && hasProblem(`items[${itemIndex.value}].contents[${index}]`);
  // A block keeps its default (English) name until someone renames it; that one is shown translated.
  const label =
    block.name && block.name !== BLOCK_NAMES[block.component]
      ? block.name
      : t(`templates.blocks.${block.component}`);
  return (
    <li
      {...row}
      className={`tpl-block ${selected ? 'on' : ''} ${isDragging ? 'dragging' : ''} ${block.active === false ? 'inactive' : ''}`}
      data-testid="block-row"
      data-kind={block.component}
    >
      <DragHandle
        sortable={sortable}
        className="tpl-handle"
        label={t('templates.blocksUi.drag', { name: label })}
      />
      <button
        type="button"
        className="tpl-block-name"
        aria-expanded={selected}
        onClick={() => {
          selectedKey.value = selected ? null : block.key;
        }}
      >
        <PaletteIcon kind={block.component} />
        <span>{label}</span>
        {bad ? <span className="tpl-dot" role="img" aria-label={t('templates.hasProblems')} /> : null}
        {block.active === false ? <span className="tpl-tag">{t('templates.blocksUi.hidden')}</span> : null}
      </button>
      <button
        type="button"
        className="tpl-icon-button"
        aria-label={t('templates.blocksUi.duplicate', { name: label })}
        title={t('templates.duplicate')}
        onClick={() => duplicateBlock(block.key)}
      >
        <svg viewBox="0 0 24 24" width="15" height="15" aria-hidden="true">
          <path
            fill="currentColor"
            d="M8 8V4a1 1 0 0 1 1-1h11a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1h-4v4a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zm2 0h5a1 1 0 0 1 1 1v5h3V5h-9zM5 10v9h9v-9z"
          />
        </svg>
      </button>
      <button
        type="button"
        className="tpl-icon-button danger"
        aria-label={t('templates.blocksUi.remove', { name: label })}
        title={t('templates.remove')}
        onClick={() => removeBlock(block.key)}
      >
        ×
      </button>
    </li>
  );
}

function BlockList() {
  useSignals();
  const contents = currentItem.value.contents;
  const emptyProblem =
    countSubmit.value > 0 && problemByField.value.get(`items[${itemIndex.value}].contents`);
  return (
    <section className="tpl-panel tpl-blocks" aria-labelledby="tpl-blocks-title">
      <h2 id="tpl-blocks-title">{t('templates.blocksTitle')}</h2>
      {contents.length === 0 ? (
        <p
          className={`tpl-empty ${emptyProblem ? 'bad' : ''}`}
          data-field={`items[${itemIndex.value}].contents`}
        >
          {t('templates.noBlocks')}
        </p>
      ) : (
        <SortableList
          ids={contents.map((b) => b.key)}
          onMove={(from, to) => moveBlock(blockIndex(from), blockIndex(to))}
        >
          <ol className="tpl-block-list">
            {contents.map((block, i) => (
              <BlockRow key={block.key} block={block} index={i} />
            ))}
          </ol>
        </SortableList>
      )}
    </section>
  );
}

function SelectedBlock() {
  useSignals();
  const index = blockIndex(selectedKey.value);
  const block = index >= 0 ? currentItem.value.contents[index] : null;
  return (
    <section className="tpl-panel tpl-block-settings" aria-labelledby="tpl-settings-title">
      <h2 id="tpl-settings-title">
        {block
          ? t('templates.settingsOf', { name: t(`templates.blocks.${block.component}`) })
          : t('templates.settings')}
      </h2>
      {block ? (
        <BlockSettings key={block.key} block={block} at={`items[${itemIndex.value}].contents[${index}]`} />
      ) : (
        <p className="tpl-hint">{t('templates.pickBlock')}</p>
      )}
    </section>
  );
}

function ItemTabs() {
  useSignals();
  const items = card.value.items;
  const [removing, setRemoving] = useState<number | null>(null);
  return (
    <div className="tpl-item-tabs">
      <div className="tpl-tabs" role="tablist" aria-label={t('templates.bubbles')}>
        {items.map((_, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: bubbles are numbered by position
            key={i}
            type="button"
            role="tab"
            aria-selected={i === itemIndex.value}
            className={`${i === itemIndex.value ? 'on' : ''} ${countSubmit.value > 0 && hasProblem(`items[${i}]`) ? 'bad' : ''}`}
            data-testid="bubble-tab"
            onClick={() => {
              itemIndex.value = i;
              selectedKey.value = null;
            }}
          >
            {t('templates.bubbleN', { n: i + 1 })}
          </button>
        ))}
        <button
          type="button"
          className="tpl-link"
          data-testid="add-bubble"
          onClick={() => addItem()}
          title={t('templates.maxBubbles', { max: MAX_TEMPLATE_BUBBLES })}
        >
          + {t('templates.addBubble')}
        </button>
      </div>
      <div className="tpl-item-actions">
        <span className="tpl-hint">
          {items.length > 1 ? t('templates.carouselOf', { n: items.length }) : t('templates.singleBubble')}
        </span>
        <button type="button" className="tpl-link" onClick={() => addItem(itemIndex.value)}>
          {t('templates.duplicateBubble')}
        </button>
        {items.length > 1 ? (
          <button type="button" className="tpl-link danger" onClick={() => setRemoving(itemIndex.value)}>
            {t('templates.removeBubble')}
          </button>
        ) : null}
      </div>
      {removing !== null ? (
        <ConfirmDialog
          title={t('templates.removeBubble')}
          text={t('templates.confirm.delete')}
          danger
          onNo={() => setRemoving(null)}
          onYes={() => {
            removeItem(removing);
            setRemoving(null);
          }}
        />
      ) : null}
    </div>
  );
}

function PresetPicker() {
  useSignals();
  const [asked, setAsked] = useState<TemplatePreset | null>(null);
  const current = card.value.template;
  return (
    <fieldset className="tpl-presets">
      <legend>{t('templates.preset')}</legend>
      <div>
        {TEMPLATE_PRESETS.map((preset) => (
          <label
            key={preset}
            className={`tpl-preset ${preset === current ? 'on' : ''}`}
            data-testid={`preset-${preset}`}
          >
            <input
              type="radio"
              name="tpl-preset"
              value={preset}
              checked={preset === current}
              onChange={() => setAsked(preset)}
            />
            <span className={`tpl-preset-art ${preset}`} aria-hidden="true" />
            <span>{t(`templates.presets.${preset}`)}</span>
          </label>
        ))}
      </div>
      {asked ? (
        <ConfirmDialog
          title={t('templates.presets.replaceTitle')}
          text={t('templates.presets.replaceText')}
          onNo={() => setAsked(null)}
          onYes={() => {
            applyPreset(asked);
            setAsked(null);
          }}
        />
      ) : null}
    </fieldset>
  );
}

export function CardEditor() {
  useSignals();
  return (
    <div className="tpl-card-editor" data-testid="card-editor">
      <section className="tpl-panel tpl-card-settings">
        <PresetPicker />
        <div className="tpl-row">
          <Segmented
            name="tpl-size"
            label={t('templates.contentSize')}
            value={card.value.contentSize}
            options={CONTENT_SIZES.map((s) => ({ value: s, label: t(`templates.sizes.${s}`) }))}
            onChange={(s) =>
              updateCard((form) => {
                form.contentSize = s;
              })
            }
          />
          <TextField path="altText" label={t('templates.fields.altText')} hint={t('templates.altTextHint')} />
        </div>
        <ItemTabs />
      </section>
      <div className="tpl-build">
        <div className="tpl-build-side">
          <BlockList />
          <Palette />
        </div>
        <SelectedBlock />
      </div>
    </div>
  );
}
