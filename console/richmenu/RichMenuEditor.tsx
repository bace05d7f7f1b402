// The rich menu editor: name, LINE channel, menu bar label (≤ 14), shown or collapsed, large or
// compact, the background image (jpg/png, ≤ 1 MB, 2500x1686 or 2500x843 — the media picker
// refuses others with spec 8's words), areas drawn on the picture (≤ 20) with an action each,
// and for a personal menu who gets it.
import { useEffect, useState } from 'react';
import {
  gridAreas,
  RICH_MENU_LIMITS,
  RICH_MENU_MESSAGES,
  RICH_MENU_SIZES,
  type RichMenuArea,
  type RichMenuDraft,
  type RichMenuKind,
} from '../../core/automation/richMenu';
import { RICH_MENU_TEMPLATES, type RichMenuTemplate } from '../../core/models/richMenu';
import type { UploadRules } from '../../core/upload/checkFiles';
import type { UploadWarning } from '../../core/upload/warnings';
import {
  RICH_MENU_IMAGE_MAX_MB,
  RICH_MENU_IMAGE_SIZES,
  RICH_MENU_IMAGE_TYPES,
  validateRichMenuImage,
} from '../../core/validation/richMenu';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { type Problems, problemsOf, problemsUnder, SelectInput, TextInput, Toggle } from '../automation/ui';
import { WarningDialog } from '../media/Dialogs';
import { type LibraryFile, MediaPicker } from '../media/MediaPicker';
import { AlertDialog, Dialog } from '../templates/Dialog';
import { notifySaved } from '../templates/Toasts';
import { CancelSave } from '../ui/CancelSave';
import { AreaCanvas } from './AreaCanvas';
import { listLineFollowers, type RichMenuWire, saveMenu } from './api';

/** The media picker's rules for a menu picture: one jpg/png of at most 1 MB, either size (spec 5). */
const PICKER_RULES = {
  allowed: RICH_MENU_IMAGE_TYPES,
  limits: { image: RICH_MENU_IMAGE_MAX_MB, video: 0, document: 0, maxFiles: 1 },
  resolution: { exact: RICH_MENU_IMAGE_SIZES },
} satisfies UploadRules;

/** Why a library picture cannot be this menu's background (spec 8's words), or null. */
export function pickWarning(
  file: Pick<LibraryFile, 'name' | 'type' | 'size' | 'resolution'>,
  size: { width: number; height: number },
): UploadWarning | null {
  const [problem] = validateRichMenuImage({
    name: file.name,
    type: file.type,
    size: file.size,
    resolution: file.resolution ?? null,
  });
  if (problem) return problem.message as UploadWarning;
  // Either size passes spec 5; the template in use takes only its own (as Save would say).
  if (file.resolution?.width !== size.width || file.resolution?.height !== size.height)
    return RICH_MENU_MESSAGES.templateMismatch;
  return null;
}

const AREA_ACTIONS = ['message', 'uri', 'tel', 'talkToHuman', 'postback'] as const;
type AreaAction = {
  type: string;
  text?: string;
  uri?: string;
  tel?: string;
  data?: string;
  displayTextBot?: string;
  label?: string;
};

const LAYOUTS: { id: string; columns: number; rows: number }[] = [
  { id: '1', columns: 1, rows: 1 },
  { id: '2', columns: 2, rows: 1 },
  { id: '3', columns: 3, rows: 1 },
  { id: '4', columns: 2, rows: 2 },
  { id: '6', columns: 3, rows: 2 },
];

/**
 * "n/max" as LINE counts (UTF-16 units, so an emoji is 2). Nothing is cut while typing, which could
 * split a Thai syllable or an emoji: a text over the limit is refused on save, by field.
 */
function unitsCount(value: string, max: number) {
  return (
    <span className={value.length > max ? 'rm-count over' : 'rm-count'}>{`${value.length}/${max}`}</span>
  );
}

function AreaForm({
  area,
  index,
  problems,
  onChange,
  onRemove,
  max,
}: {
  area: RichMenuArea;
  index: number;
  problems: Problems;
  onChange: (area: RichMenuArea) => void;
  onRemove: () => void;
  max: { width: number; height: number };
}) {
  const action = (area.action ?? { type: '' }) as AreaAction;
  const at = `areas[${index}]`;
  const set = (change: Partial<AreaAction>) => onChange({ ...area, action: { ...action, ...change } });
  const num = (key: 'x' | 'y' | 'width' | 'height') => (
    <TextInput
      label={t(`richMenu.bounds.${key}`)}
      value={String(area[key])}
      inputMode="numeric"
      onChange={(v) =>
        onChange({
          ...area,
          [key]: Math.max(
            0,
            Math.min(key === 'x' || key === 'width' ? max.width : max.height, Number.parseInt(v, 10) || 0),
          ),
        })
      }
    />
  );
  const valueField: Record<string, { key: keyof AreaAction; label: string }> = {
    message: { key: 'text', label: t('richMenu.action.text') },
    uri: { key: 'uri', label: t('richMenu.action.uri') },
    tel: { key: 'tel', label: t('richMenu.action.tel') },
    talkToHuman: { key: 'displayTextBot', label: t('richMenu.action.displayTextBot') },
    postback: { key: 'data', label: t('richMenu.action.data') },
  };
  const value = valueField[action.type];
  return (
    <fieldset className="auto-card rm-area-form" data-testid="area-form">
      <legend>
        {t('richMenu.areaN', { n: index + 1 })} ({String.fromCharCode(65 + index)})
      </legend>
      {problems[at] ? <p className="auto-error">{localMessage(problems[at])}</p> : null}
      <div className="auto-row">
        <SelectInput
          label={t('richMenu.action.type')}
          value={action.type}
          problem={problems[`${at}.action.type`]}
          onChange={(type) =>
            onChange({ ...area, action: type ? { type, label: action.label ?? '' } : null })
          }
          options={[
            { value: '', label: t('richMenu.action.choose') },
            ...AREA_ACTIONS.map((a) => ({ value: a, label: t(`richMenu.actions.${a}`) })),
          ]}
        />
        <TextInput
          label={t('richMenu.action.label')}
          value={action.label ?? ''}
          onChange={(label) => set({ label })}
          problem={problems[`${at}.action.label`]}
          hint={
            <>
              {t('richMenu.action.labelHint')} {unitsCount(action.label ?? '', RICH_MENU_LIMITS.label)}
            </>
          }
        />
      </div>
      {value ? (
        <TextInput
          label={value.label}
          value={String(action[value.key] ?? '')}
          onChange={(v) => set({ [value.key]: v })}
          problem={problems[`${at}.action.${value.key}`]}
        />
      ) : null}
      <details>
        <summary>{t('richMenu.bounds.title')}</summary>
        <div className="auto-row">
          {num('x')}
          {num('y')}
          {num('width')}
          {num('height')}
        </div>
      </details>
      <button type="button" className="tpl-link danger" onClick={onRemove}>
        {t('richMenu.removeArea')}
      </button>
    </fieldset>
  );
}

function Followers({
  channelId,
  value,
  onChange,
}: {
  channelId: string | null;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [list, setList] = useState<{ _id: string; line_name: string; is_verify: boolean }[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      listLineFollowers(channelId, search)
        .then((r) => live && setList(r.list))
        .catch(() => live && setList([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [channelId, search]);
  return (
    <div className="rm-followers">
      <input
        type="search"
        className="auto-search"
        value={search}
        placeholder={t('richMenu.searchFollowers')}
        aria-label={t('richMenu.searchFollowers')}
        onChange={(e) => setSearch(e.target.value)}
      />
      {list.length === 0 ? <p className="auto-hint">{t('richMenu.noFollowers')}</p> : null}
      <ul>
        {list.map((f) => (
          <li key={f._id}>
            <label>
              <input
                type="checkbox"
                checked={value.includes(f._id)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...value, f._id] : value.filter((id) => id !== f._id))
                }
              />
              {f.line_name || f._id}{' '}
              {f.is_verify ? <span className="auto-badge on">{t('richMenu.verified')}</span> : null}
            </label>
          </li>
        ))}
      </ul>
      <p className="auto-hint">{t('richMenu.selectedCount', { n: value.length })}</p>
    </div>
  );
}

export function RichMenuEditor({
  kind,
  menu,
  channels,
  onClose,
  onSaved,
}: {
  kind: RichMenuKind;
  menu: RichMenuWire | null;
  channels: { _id: string; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<RichMenuDraft>(() => ({
    name: menu?.name ?? '',
    kind,
    channel_id: menu?.channel_id ?? channels[0]?._id ?? null,
    menu_bar_label: menu?.menu_bar_label ?? '',
    default_behavior: menu?.default_behavior ?? 'show',
    template: menu?.template ?? 'large',
    background_image: menu?.background_image ?? null,
    areas: menu?.areas ?? gridAreas('large', 3, 2),
    target: menu?.target ?? 'verified',
    follower_ids: menu?.follower_ids ?? [],
  }));
  const [imageUrl, setImageUrl] = useState<string | null>(menu?.image?.url ?? null);
  const [refused, setRefused] = useState<{ name: string; warning: UploadWarning } | null>(null);
  const [picking, setPicking] = useState(false);
  const [selected, setSelected] = useState<number | null>(0);
  const [publish, setPublish] = useState(menu ? menu.is_active : false);
  const [problems, setProblems] = useState<Problems>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const size = RICH_MENU_SIZES[draft.template];
  const set = (change: Partial<RichMenuDraft>) => setDraft({ ...draft, ...change });

  const setTemplate = (template: RichMenuTemplate) => {
    // Areas follow the picture's new height; a picture of the other size no longer fits.
    const ratio = RICH_MENU_SIZES[template].height / size.height;
    set({
      template,
      areas: draft.areas.map((a) => ({
        ...a,
        y: Math.round(a.y * ratio),
        height: Math.round(a.height * ratio),
      })),
      background_image: null,
    });
    setImageUrl(null);
  };

  const save = async () => {
    setBusy(true);
    try {
      await saveMenu(menu?._id ?? null, { ...draft, ...(menu ? {} : { is_active: publish }) });
      notifySaved();
      onSaved();
    } catch (err) {
      const found = problemsOf(err);
      setProblems(found);
      setFailed(
        Object.keys(found).length ? t('automation.unableText') : localMessage((err as Error).message),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      wide
      title={menu ? t('richMenu.edit') : t('richMenu.create')}
      onClose={onClose}
      footer={
        <>
          {!menu ? (
            <Toggle
              checked={publish}
              onChange={setPublish}
              label={t('richMenu.publishOnSave')}
              testId="publish-on-save"
            />
          ) : null}
          <span className="rm-spacer" />
          <CancelSave onCancel={onClose} onSave={save} busy={busy} saveTestId="save-menu" />
        </>
      }
    >
      <div className="rm-editor" data-testid="menu-editor">
        <div className="rm-editor-form">
          <TextInput
            label={t('richMenu.name')}
            value={draft.name}
            onChange={(name) => set({ name })}
            problem={problems.name}
            maxLength={300}
          />
          {channels.length > 1 ? (
            <SelectInput
              label={t('richMenu.channel')}
              value={draft.channel_id ?? ''}
              onChange={(channel_id) => set({ channel_id })}
              options={channels.map((c) => ({ value: c._id, label: c.name }))}
            />
          ) : null}
          {problems.channel_id ? <p className="auto-error">{localMessage(problems.channel_id)}</p> : null}
          <TextInput
            label={t('richMenu.menuBarLabel')}
            value={draft.menu_bar_label}
            onChange={(menu_bar_label) => set({ menu_bar_label })}
            problem={problems.menu_bar_label}
            hint={unitsCount(draft.menu_bar_label, RICH_MENU_LIMITS.chatBarText)}
          />
          <fieldset className="rm-choice">
            <legend>{t('richMenu.defaultBehavior')}</legend>
            {(['show', 'collapsed'] as const).map((b) => (
              <label key={b}>
                <input
                  type="radio"
                  name="behavior"
                  checked={draft.default_behavior === b}
                  onChange={() => set({ default_behavior: b })}
                />
                {t(`richMenu.behaviors.${b}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="rm-choice">
            <legend>{t('richMenu.template')}</legend>
            {RICH_MENU_TEMPLATES.map((tpl) => (
              <label key={tpl}>
                <input
                  type="radio"
                  name="template"
                  checked={draft.template === tpl}
                  onChange={() => setTemplate(tpl)}
                />
                {t(`richMenu.templates.${tpl}`)} ({RICH_MENU_SIZES[tpl].width}x{RICH_MENU_SIZES[tpl].height})
              </label>
            ))}
          </fieldset>
          <div
            className={`auto-field ${problems.background_image ? 'bad' : ''}`}
            data-field="background_image"
          >
            <span className="auto-field-label">{t('richMenu.image')}</span>
            <div className="auto-pick">
              <button
                type="button"
                className="tpl-button"
                data-testid="pick-image"
                onClick={() => setPicking(true)}
              >
                {imageUrl ? t('automation.reply.change') : t('richMenu.chooseImage')}
              </button>
            </div>
            <span className="auto-hint">
              {t('richMenu.imageRules', {
                mb: RICH_MENU_IMAGE_MAX_MB,
                width: size.width,
                height: size.height,
              })}
            </span>
            {problems.background_image ? (
              <span className="auto-error" data-testid="field-error">
                {localMessage(problems.background_image)}
              </span>
            ) : null}
          </div>
          {kind === 'personal' ? (
            <fieldset className="rm-choice">
              <legend>{t('richMenu.target')}</legend>
              {(['verified', 'selected'] as const).map((target) => (
                <label key={target}>
                  <input
                    type="radio"
                    name="target"
                    checked={draft.target === target}
                    onChange={() => set({ target })}
                  />
                  {t(`richMenu.targets.${target}`)}
                </label>
              ))}
              {draft.target === 'selected' ? (
                <Followers
                  channelId={draft.channel_id ?? null}
                  value={draft.follower_ids}
                  onChange={(follower_ids) => set({ follower_ids })}
                />
              ) : null}
              {problems.follower_ids ? (
                <p className="auto-error">{localMessage(problems.follower_ids)}</p>
              ) : null}
            </fieldset>
          ) : null}
        </div>
        <div className="rm-editor-canvas">
          <fieldset className="rm-layouts" aria-label={t('richMenu.layouts')}>
            <span className="auto-hint">{t('richMenu.layouts')}:</span>
            {LAYOUTS.map((l) => (
              <button
                key={l.id}
                type="button"
                className="tpl-button"
                aria-label={t('richMenu.layoutN', { n: l.columns * l.rows })}
                onClick={() => {
                  set({ areas: gridAreas(draft.template, l.columns, l.rows) });
                  setSelected(0);
                }}
              >
                {l.columns * l.rows}
              </button>
            ))}
            <button type="button" className="tpl-link danger" onClick={() => set({ areas: [] })}>
              {t('richMenu.clearAreas')}
            </button>
          </fieldset>
          <AreaCanvas
            size={size}
            imageUrl={imageUrl}
            areas={draft.areas}
            selected={selected}
            onSelect={setSelected}
            onDraw={(area) => {
              if (draft.areas.length >= RICH_MENU_LIMITS.areas) return;
              set({ areas: [...draft.areas, area] });
              setSelected(draft.areas.length);
            }}
          />
          <p className="auto-hint">
            {t('richMenu.drawHint', { n: draft.areas.length, max: RICH_MENU_LIMITS.areas })}
          </p>
          {problems.areas ? <p className="auto-error">{localMessage(problems.areas)}</p> : null}
          {draft.areas.some((_, i) => problemsUnder(problems, `areas[${i}]`).length) ? (
            <p className="auto-error">{t('richMenu.areaProblems')}</p>
          ) : null}
          {selected !== null && draft.areas[selected] ? (
            <AreaForm
              key={selected}
              index={selected}
              area={draft.areas[selected]}
              problems={problems}
              max={size}
              onChange={(area) => set({ areas: draft.areas.map((a, i) => (i === selected ? area : a)) })}
              onRemove={() => {
                set({ areas: draft.areas.filter((_, i) => i !== selected) });
                setSelected(null);
              }}
            />
          ) : null}
        </div>
      </div>
      {picking ? (
        <MediaPicker
          accept="image"
          limit={1}
          title={t('richMenu.chooseImage')}
          rules={PICKER_RULES}
          onClose={() => setPicking(false)}
          onPick={(files) => {
            const file = files[0];
            if (!file) return setPicking(false);
            // Spec 5's rules at pick time, with spec 8's words, rather than only on Save.
            const warning = pickWarning(file, size);
            if (warning) return setRefused({ name: file.name, warning });
            setPicking(false);
            set({ background_image: file.id });
            setImageUrl(file.url);
          }}
        />
      ) : null}
      {refused ? (
        <WarningDialog
          problems={[refused]}
          limits={PICKER_RULES.limits}
          resolution={PICKER_RULES.resolution}
          onClose={() => setRefused(null)}
        />
      ) : null}
      {failed ? (
        <AlertDialog title={t('automation.unableTitle')} text={failed} onClose={() => setFailed(null)} />
      ) : null}
    </Dialog>
  );
}
