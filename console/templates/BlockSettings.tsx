// Settings of the selected block (spec 3 "Template editor content blocks"): its texts and their
// styles, colours, image, paddings and actions, each bound to the field the validator names.
import { lazy, Suspense, useState } from 'react';
import { BUTTON_ACTION_TYPES, EDITOR_ACTION_TYPES } from '../../core/template/action';
import type { Block } from '../../core/template/blocks';
import {
  ASPECT_MODES,
  ASPECT_RATIOS,
  TEXT_ALIGNS,
  TEXT_DECORATIONS,
  TEXT_SIZES,
  TEXT_STYLES,
  TEXT_WEIGHTS,
} from '../../core/template/styles';
import { t } from '../app/i18n';
import { ActionForm } from './ActionForm';
import {
  CheckboxField,
  ColorField,
  NumberField,
  Segmented,
  SelectField,
  TextField,
  useField,
} from './fields';

const MediaPicker = lazy(() => import('../media/MediaPicker'));

const opt = (prefix: string, values: readonly string[]) =>
  values.map((value) => ({ value, label: t(`templates.${prefix}.${value}`) }));

/** Text and its style: `suffix` '' for text/color/…, 'Top' for textTop/colorTop/…, 'Bottom' likewise. */
export function TextStyleFields({
  at,
  suffix = '',
  label,
  background = false,
  multiline = true,
}: {
  at: string;
  suffix?: '' | 'Top' | 'Bottom';
  label?: string;
  background?: boolean;
  multiline?: boolean;
}) {
  const f = (name: string) => `${at}.${name}${suffix}`;
  return (
    <div className="tpl-group">
      <TextField path={f('text')} label={label ?? t('templates.fields.text')} multiline={multiline} />
      <div className="tpl-row">
        <SelectField path={f('size')} label={t('templates.style.size')} options={opt('sizes', TEXT_SIZES)} />
        <SelectField
          path={f('weight')}
          label={t('templates.style.weight')}
          options={opt('weights', TEXT_WEIGHTS)}
        />
        <SelectField
          path={f('align')}
          label={t('templates.style.align')}
          options={opt('aligns', TEXT_ALIGNS)}
        />
      </div>
      <div className="tpl-row">
        <SelectField
          path={f('style')}
          label={t('templates.style.style')}
          options={opt('styles', TEXT_STYLES)}
        />
        <SelectField
          path={f('decoration')}
          label={t('templates.style.decoration')}
          options={opt('decorations', TEXT_DECORATIONS)}
        />
      </div>
      <div className="tpl-row">
        <ColorField path={f('color')} label={t('templates.fields.color')} />
        {background ? (
          <ColorField path={`${at}.backgroundColor`} label={t('templates.fields.backgroundColor')} optional />
        ) : null}
      </div>
    </div>
  );
}

/** Image from the media library, a typed address, or an API variable (spec 3 image blocks). */
export function ImageFields({ at }: { at: string }) {
  const source = useField(`${at}.source`);
  const url = useField(`${at}.url`);
  const ratio = useField(`${at}.aspectRatio`);
  const [picking, setPicking] = useState(false);
  return (
    <div className="tpl-group">
      <Segmented
        name={`${at}-source`}
        label={t('templates.image.source')}
        value={source.value === 'api' ? 'api' : 'file'}
        options={opt('image.sources', ['file', 'api'])}
        onChange={(v) => source.set(v)}
      />
      {source.value === 'api' ? (
        <>
          <TextField path={`${at}.urlApi`} label={t('templates.fields.urlApi')} placeholder="https://" />
          <TextField
            path={`${at}.urlApiName`}
            label={t('templates.image.urlApiName')}
            list="tpl-api-variables"
          />
          <TextField path={`${at}.url`} label={t('templates.image.previewUrl')} placeholder="https://" />
        </>
      ) : (
        <div className="tpl-image-pick">
          <TextField path={`${at}.url`} label={t('templates.fields.url')} placeholder="https://" />
          <button type="button" className="tpl-button" onClick={() => setPicking(true)}>
            {t('templates.image.library')}
          </button>
        </div>
      )}
      <div className="tpl-row">
        <SelectField
          path={`${at}.aspectRatio`}
          label={t('templates.fields.aspectRatio')}
          options={ASPECT_RATIOS.map((r) => ({
            value: r,
            label: r === 'custom' ? t('templates.image.custom') : r,
          }))}
        />
        <SelectField
          path={`${at}.aspectMode`}
          label={t('templates.image.aspectMode')}
          options={opt('image.modes', ASPECT_MODES)}
        />
      </div>
      {ratio.value === 'custom' ? (
        <div className="tpl-row">
          <NumberField path={`${at}.width`} label={t('templates.fields.width')} empty={null} min={1} />
          <NumberField path={`${at}.height`} label={t('templates.fields.height')} empty={null} min={1} />
        </div>
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            accept="image"
            limit={1}
            title={t('templates.image.library')}
            onClose={() => setPicking(false)}
            onPick={(files) => {
              if (files[0]) url.set(files[0].url);
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function Paddings({ at }: { at: string }) {
  return (
    <fieldset className="tpl-group">
      <legend>{t('templates.style.paddings')}</legend>
      <div className="tpl-row four">
        {(['paddingTop', 'paddingBottom', 'paddingStart', 'paddingEnd'] as const).map((side) => (
          <NumberField key={side} path={`${at}.${side}`} label={t(`templates.fields.${side}`)} suffix="px" />
        ))}
      </div>
    </fieldset>
  );
}

/** A list of styled texts (columns' rows, a row's cells, a line's spans) with add and remove. */
function TextList({
  at,
  field,
  label,
  make,
  min = 1,
  align = true,
}: {
  at: string;
  field: string;
  label: (n: number) => string;
  make: () => Record<string, unknown>;
  min?: number;
  align?: boolean;
}) {
  const list = useField(`${at}.${field}`);
  const rows = Array.isArray(list.value) ? (list.value as unknown[]) : [];
  return (
    <div className="tpl-list">
      {rows.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: texts are edited in place by position
        <fieldset key={i} className="tpl-group">
          <legend>
            {label(i + 1)}
            {rows.length > min ? (
              <button
                type="button"
                className="tpl-link danger"
                onClick={() => list.set(rows.filter((__, j) => j !== i))}
              >
                {t('templates.remove')}
              </button>
            ) : null}
          </legend>
          <TextField path={`${at}.${field}[${i}].text`} label={t('templates.fields.text')} />
          <div className="tpl-row">
            <SelectField
              path={`${at}.${field}[${i}].size`}
              label={t('templates.style.size')}
              options={opt('sizes', TEXT_SIZES)}
            />
            <SelectField
              path={`${at}.${field}[${i}].weight`}
              label={t('templates.style.weight')}
              options={opt('weights', TEXT_WEIGHTS)}
            />
            {align ? (
              <SelectField
                path={`${at}.${field}[${i}].align`}
                label={t('templates.style.align')}
                options={opt('aligns', TEXT_ALIGNS)}
              />
            ) : null}
          </div>
          <div className="tpl-row">
            <SelectField
              path={`${at}.${field}[${i}].style`}
              label={t('templates.style.style')}
              options={opt('styles', TEXT_STYLES)}
            />
            <SelectField
              path={`${at}.${field}[${i}].decoration`}
              label={t('templates.style.decoration')}
              options={opt('decorations', TEXT_DECORATIONS)}
            />
            <ColorField path={`${at}.${field}[${i}].color`} label={t('templates.fields.color')} />
          </div>
        </fieldset>
      ))}
      <button type="button" className="tpl-link" onClick={() => list.set([...rows, make()])}>
        + {label(rows.length + 1)}
      </button>
    </div>
  );
}

const TEXT_CELL = () => ({
  text: 'Text',
  weight: 'regular',
  size: 'md',
  color: '#000000',
  style: 'normal',
  decoration: 'none',
  align: 'start',
});

function Columns({ at }: { at: string }) {
  const columns = useField(`${at}.columns`);
  const list = Array.isArray(columns.value) ? (columns.value as unknown[]) : [];
  return (
    <div className="tpl-list">
      {list.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are edited in place by position
        <fieldset key={i} className="tpl-group tpl-column" data-field={`${at}.columns[${i}]`}>
          <legend>
            {t('templates.fields.columns')} {i + 1}
            {list.length > 1 ? (
              <button
                type="button"
                className="tpl-link danger"
                onClick={() => columns.set(list.filter((__, j) => j !== i))}
              >
                {t('templates.remove')}
              </button>
            ) : null}
          </legend>
          <TextList
            at={`${at}.columns[${i}]`}
            field="rows"
            label={(n) => `${t('templates.fields.rows')} ${n}`}
            make={TEXT_CELL}
          />
        </fieldset>
      ))}
      <button
        type="button"
        className="tpl-link"
        onClick={() => columns.set([...list, { rows: [TEXT_CELL()] }])}
      >
        + {t('templates.blocksUi.addColumn')}
      </button>
    </div>
  );
}

export function BlockSettings({ block, at }: { block: Block; at: string }) {
  const actions = block.component === 'button' ? BUTTON_ACTION_TYPES : EDITOR_ACTION_TYPES;
  const f = (name: string) => `${at}.${name}`;
  return (
    <div className="tpl-settings" data-testid="block-settings">
      <div className="tpl-row">
        <TextField path={f('name')} label={t('templates.blocksUi.name')} />
        <CheckboxField path={f('active')} label={t('templates.blocksUi.active')} />
      </div>
      {block.component === 'textHeader' ? <TextStyleFields at={at} background /> : null}
      {block.component === 'button' ? (
        <TextStyleFields at={at} background label={t('templates.blocksUi.buttonLabel')} multiline={false} />
      ) : null}
      {block.component === 'labelLeftTop' || block.component === 'labelCenterBottom' ? (
        <TextStyleFields at={at} background multiline={false} />
      ) : null}
      {block.component === 'imageCover' ? <ImageFields at={at} /> : null}
      {block.component === 'imageBackground' ? (
        <>
          <ImageFields at={at} />
          <TextStyleFields at={at} background label={t('templates.blocksUi.caption')} />
        </>
      ) : null}
      {block.component === 'separator' ? (
        <ColorField path={f('color')} label={t('templates.fields.color')} />
      ) : null}
      {block.component === 'textColumn' ? (
        <>
          <Columns at={at} />
          <ColorField path={f('backgroundColor')} label={t('templates.fields.backgroundColor')} optional />
        </>
      ) : null}
      {block.component === 'textRow' ? (
        <>
          <TextList
            at={at}
            field="cells"
            label={(n) => `${t('templates.fields.cells')} ${n}`}
            make={TEXT_CELL}
          />
          <ColorField path={f('backgroundColor')} label={t('templates.fields.backgroundColor')} optional />
        </>
      ) : null}
      {block.component === 'textInRow' ? (
        <>
          <TextList
            at={at}
            field="spans"
            label={(n) => `${t('templates.fields.spans')} ${n}`}
            make={() => {
              const { align: _, ...span } = TEXT_CELL();
              return span;
            }}
            align={false}
          />
          <div className="tpl-row">
            <SelectField
              path={f('align')}
              label={t('templates.style.align')}
              options={opt('aligns', TEXT_ALIGNS)}
            />
            <ColorField path={f('backgroundColor')} label={t('templates.fields.backgroundColor')} optional />
          </div>
        </>
      ) : null}
      {block.component === 'imageLeftInfoAndButtonRight' ? (
        <>
          <ImageFields at={at} />
          <TextStyleFields at={at} suffix="Top" label={t('templates.fields.textTop')} />
          <fieldset className="tpl-group">
            <legend>{t('templates.blocksUi.button')}</legend>
            <TextField path={f('textBtn')} label={t('templates.fields.textBtn')} />
            <div className="tpl-row">
              <ColorField path={f('colorBtn')} label={t('templates.fields.colorBtn')} />
              <ColorField path={f('backgroundColorBtn')} label={t('templates.fields.backgroundColorBtn')} />
            </div>
          </fieldset>
        </>
      ) : null}
      {block.component === 'imageLeftAndInfoRight' ? (
        <>
          <ImageFields at={at} />
          <div className="tpl-row">
            <NumberField
              path={f('sizeImage')}
              label={t('templates.fields.sizeImage')}
              suffix="%"
              min={1}
              max={100}
            />
            <NumberField path={f('gridLeft')} label={t('templates.fields.gridLeft')} min={1} />
            <NumberField path={f('gridRight')} label={t('templates.fields.gridRight')} min={1} />
          </div>
          <TextStyleFields at={at} suffix="Top" label={t('templates.fields.textTop')} />
          <TextStyleFields at={at} suffix="Bottom" label={t('templates.fields.textBottom')} />
        </>
      ) : null}
      <Paddings at={at} />
      {block.component !== 'separator' ? (
        <ActionForm
          path={f('action')}
          label={
            block.component === 'button' ? t('templates.fields.actionButton') : t('templates.fields.action')
          }
          types={actions}
        />
      ) : null}
      {block.component === 'imageLeftInfoAndButtonRight' || block.component === 'imageLeftAndInfoRight' ? (
        <>
          <ActionForm
            path={f('actionImage')}
            label={t('templates.fields.actionImage')}
            types={EDITOR_ACTION_TYPES}
          />
          <ActionForm
            path={f('actionTextTop')}
            label={t('templates.fields.actionTextTop')}
            types={EDITOR_ACTION_TYPES}
          />
        </>
      ) : null}
      {block.component === 'imageLeftInfoAndButtonRight' ? (
        <ActionForm
          path={f('actionBtnBottom')}
          label={t('templates.fields.actionBtnBottom')}
          types={BUTTON_ACTION_TYPES}
        />
      ) : null}
      {block.component === 'imageLeftAndInfoRight' ? (
        <ActionForm
          path={f('actionTextBottom')}
          label={t('templates.fields.actionTextBottom')}
          types={EDITOR_ACTION_TYPES}
        />
      ) : null}
    </div>
  );
}
