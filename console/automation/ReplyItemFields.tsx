// The fields of one reply-message item, by type (spec 3 reply message types): text, a file from
// the media library, a sticker, a saved location, a saved card or image-map template, a button
// message (starting with 1 action, spec 5), custom LINE JSON, or a rich video.
import { type ReactNode, useEffect, useState } from 'react';
import { BUTTON_ACTION_TYPES, MAX_BUTTON_ACTIONS, type ReplyItem } from '../../core/automation/replyMessage';
import type { TemplateKind } from '../../core/template/channelPreview';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { type LibraryFile, MediaPicker } from '../media/MediaPicker';
import { api } from '../session/api';
import { listTemplates } from '../templates/api';
import { Dialog } from '../templates/Dialog';
import { TemplatePicker } from '../templates/TemplatePicker';
import { EditableList } from './EditableList';
import { type Problems, SelectInput, TextInput } from './ui';

type Patch = (patch: Partial<ReplyItem>) => void;

let templateNames: Promise<Map<string, string>> | null = null;
/** Names of saved templates, for showing picked ones (loaded once per page visit). */
function useTemplateNames(extra: Record<string, string>) {
  const [names, setNames] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    templateNames ??= listTemplates({ limit: 100 })
      .then((r) => new Map(r.list.map((x) => [x._id, x.name])))
      .catch(() => new Map());
    let live = true;
    templateNames.then((m) => live && setNames(m));
    return () => {
      live = false;
    };
  }, []);
  return (id: string) => extra[id] ?? names.get(id) ?? id;
}

export function forgetTemplateNames() {
  templateNames = null;
}

let locationChoices: Promise<{ _id: string; name: string; isActive: string }[]> | null = null;
function useLocations() {
  const [list, setList] = useState<{ _id: string; name: string; isActive: string }[]>([]);
  useEffect(() => {
    locationChoices ??= api<{ list: { _id: string; name: string; isActive: string }[] }>('/api/location/list')
      .then((r) => r.list)
      .catch(() => []);
    let live = true;
    locationChoices.then((l) => live && setList(l));
    return () => {
      live = false;
    };
  }, []);
  return list;
}

export function forgetLocations() {
  locationChoices = null;
}

const KINDS_FOR: Partial<Record<ReplyItem['type'], TemplateKind[]>> = {
  bubble: ['bubble'],
  carousel: ['bubble', 'carousel'],
  template_message: ['bubble', 'carousel'],
  imageMap: ['imagemap'],
};

/** A field whose value is picked in a dialog: its label, what is picked, its problem, the open picker. */
function PickedField({
  label,
  field,
  problem,
  picker,
  children,
}: {
  label: string;
  field: string;
  problem?: string;
  picker: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`auto-field ${problem ? 'bad' : ''}`} data-field={field}>
      <span className="auto-field-label">{label}</span>
      {children}
      {problem ? (
        <span className="auto-error" data-testid="field-error">
          {localMessage(problem)}
        </span>
      ) : null}
      {picker}
    </div>
  );
}

function MediaField({
  label,
  url,
  accept,
  onPick,
  problem,
  field,
  rules,
}: {
  label: string;
  url: string | null | undefined;
  accept: 'image' | 'video' | 'file' | 'any';
  onPick: (file: LibraryFile) => void;
  problem?: string;
  field: string;
  rules?: Parameters<typeof MediaPicker>[0]['rules'];
}) {
  const [open, setOpen] = useState(false);
  return (
    <PickedField
      label={label}
      field={field}
      problem={problem}
      picker={
        open ? (
          <MediaPicker
            accept={accept}
            limit={1}
            rules={rules}
            onClose={() => setOpen(false)}
            onPick={(files) => {
              setOpen(false);
              if (files[0]) onPick(files[0]);
            }}
          />
        ) : null
      }
    >
      <div className="auto-pick">
        {url && accept === 'image' ? <img src={url} alt="" /> : null}
        {url && accept !== 'image' ? (
          <span className="auto-chip">{decodeURIComponent(url.split('/').pop() ?? '')}</span>
        ) : null}
        <button type="button" className="tpl-button" onClick={() => setOpen(true)}>
          {url ? t('automation.reply.change') : t('automation.reply.chooseFile')}
        </button>
      </div>
    </PickedField>
  );
}

/** What every item's fields get: the item, how to change it, the form's problems and the item's path. */
interface ItemProps {
  item: ReplyItem;
  patch: Patch;
  problems: Problems;
  /** The item's field path, e.g. `items[2]`. */
  at: string;
}

function TemplateField({ item, patch, problems, at }: ItemProps) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const nameOf = useTemplateNames(picked);
  const ids = item.bubbleIds ?? [];
  const many = item.type === 'carousel';
  const problem =
    problems[`${at}.bubbleIds`] ??
    Object.entries(problems).find(([f]) => f.startsWith(`${at}.bubbleIds[`))?.[1];
  return (
    <PickedField
      label={
        item.type === 'imageMap'
          ? t('automation.reply.imagemapTemplate')
          : t('automation.reply.cardTemplates')
      }
      field={`${at}.bubbleIds`}
      problem={problem}
      picker={
        open ? (
          <Dialog title={t('automation.reply.chooseTemplate')} onClose={() => setOpen(false)}>
            <TemplatePicker
              kinds={KINDS_FOR[item.type]}
              onPick={(tpl) => {
                setPicked((p) => ({ ...p, [tpl._id]: tpl.name }));
                patch({ bubbleIds: many ? [...ids.filter((x) => x !== tpl._id), tpl._id] : [tpl._id] });
                setOpen(false);
              }}
            />
          </Dialog>
        ) : null
      }
    >
      <div className="auto-pick">
        <span className="auto-chips">
          {ids.map((id, i) => (
            <span className="auto-chip" key={id}>
              {nameOf(id)}
              <button
                type="button"
                aria-label={t('automation.remove')}
                onClick={() => patch({ bubbleIds: ids.filter((_, j) => j !== i) })}
              >
                ×
              </button>
            </span>
          ))}
        </span>
        {many || ids.length === 0 ? (
          <button
            type="button"
            className="tpl-button"
            data-testid="pick-template"
            onClick={() => setOpen(true)}
          >
            {t('automation.reply.chooseTemplate')}
          </button>
        ) : null}
      </div>
      {many ? <span className="auto-hint">{t('automation.reply.carouselHint')}</span> : null}
    </PickedField>
  );
}

type ButtonAction = NonNullable<ReplyItem['actions']>[number];

/** A button message's buttons: a name, what it does and its value (spec 5: 1 to 4). */
function ButtonActions({
  actions,
  patch,
  problem,
}: {
  actions: ButtonAction[];
  patch: Patch;
  problem: (name: string) => string | undefined;
}) {
  return (
    <EditableList
      list={actions}
      onChange={(next) => patch({ actions: next, numberActions: next.length })}
      blank={() => ({ type: 'message', buttonName: '', message: '' })}
      min={1}
      max={MAX_BUTTON_ACTIONS}
      rowClass="auto-quick"
      rowTestId="button-action"
      problem={problem('actions')}
      addLabel={t('automation.reply.addButton')}
    >
      {(a, i, set) => (
        <>
          <TextInput
            label={t('automation.reply.buttonName', { n: i + 1 })}
            value={a.buttonName ?? ''}
            onChange={(buttonName) => set({ ...a, buttonName })}
            problem={problem(`actions[${i}].buttonName`)}
          />
          <SelectInput
            label={t('automation.reply.actionType')}
            value={a.type}
            onChange={(type) => set({ ...a, type })}
            problem={problem(`actions[${i}].type`)}
            options={BUTTON_ACTION_TYPES.map((v) => ({
              value: v,
              label: t(`automation.buttonActions.${v}`),
            }))}
          />
          <TextInput
            label={t(
              `automation.buttonValue.${(BUTTON_ACTION_TYPES as readonly string[]).includes(a.type) ? a.type : 'message'}`,
            )}
            value={a.message ?? ''}
            onChange={(message) => set({ ...a, message })}
            problem={problem(`actions[${i}].message`)}
          />
        </>
      )}
    </EditableList>
  );
}

/** The item fields that hold plain text; each one's label is `automation.reply.<field>`. */
type TextField = 'text' | 'title' | 'altText' | 'packageId' | 'stickerId' | 'json' | 'linkLabel' | 'linkUri';
type TextOptions = Omit<Parameters<typeof TextInput>[0], 'label' | 'value' | 'onChange'>;

export function ReplyItemFields({ item, patch, problems, at }: ItemProps) {
  const locations = useLocations();
  const p = (name: string) => problems[`${at}.${name}`];
  const text = (name: TextField, options: TextOptions = {}) => (
    <TextInput
      label={t(`automation.reply.${name}`)}
      value={item[name] ?? ''}
      onChange={(value) => patch({ [name]: value })}
      problem={p(name)}
      {...options}
    />
  );
  /** A file from the media library kept in `name`; by default its problem is its own (`items[i].image`). */
  const media = (
    label: string,
    name: 'image' | 'originalContentUrl',
    accept: 'image' | 'video' | 'any',
    where: { field: string; problem?: string } = { field: `${at}.${name}`, problem: p(name) },
    onPick: (file: LibraryFile) => void = (f) => patch({ [name]: f.url }),
  ) => (
    <MediaField
      label={t(`automation.reply.${label}`)}
      url={item[name]}
      accept={accept}
      field={where.field}
      problem={where.problem}
      onPick={onPick}
    />
  );
  /** Where a video's or file's main file shows its problems: with those of the whole item (`items[i]`). */
  const mainFile = { field: at, problem: problems[at] ?? p('originalContentUrl') };
  switch (item.type) {
    case 'text':
      return text('text', { field: `${at}.text`, multiline: true });
    case 'image':
      return media('image', 'image', 'image', { field: at, problem: problems[at] });
    case 'video':
      return (
        <>
          {media('video', 'originalContentUrl', 'video', mainFile, (f) =>
            patch({
              originalContentUrl: f.url,
              image: item.image || (f as { thumbnailVideoImageUrl?: string }).thumbnailVideoImageUrl || null,
            }),
          )}
          {media('preview', 'image', 'image')}
        </>
      );
    case 'file':
      return media('file', 'originalContentUrl', 'any', mainFile, (f) =>
        patch({ originalContentUrl: f.url, fileName: f.name, fileSize: f.size }),
      );
    case 'sticker':
      return (
        <div className="auto-row">
          {text('packageId', { inputMode: 'numeric', placeholder: '446' })}
          {text('stickerId', { inputMode: 'numeric', placeholder: '1988' })}
        </div>
      );
    case 'location':
      return (
        <SelectInput
          label={t('automation.reply.location')}
          value={item.locationId ?? ''}
          onChange={(locationId) => patch({ locationId })}
          problem={p('locationId')}
          field={`${at}.locationId`}
          options={[
            {
              value: '',
              label: locations.length
                ? t('automation.reply.chooseLocation')
                : t('automation.reply.noLocations'),
            },
            ...locations.map((l) => ({
              value: l._id,
              label: l.isActive === 'Active' ? l.name : `${l.name} (${t('location.status.Disactive')})`,
            })),
          ]}
        />
      );
    case 'button':
      return (
        <>
          {text('title')}
          {text('text', { multiline: true })}
          <ButtonActions actions={item.actions ?? []} patch={patch} problem={p} />
        </>
      );
    case 'bubble':
    case 'carousel':
    case 'template_message':
    case 'imageMap':
      return (
        <>
          <TemplateField item={item} patch={patch} problems={problems} at={at} />
          {text('altText', { hint: t('automation.reply.altTextHint') })}
        </>
      );
    case 'custom':
      return text('json', {
        problem: p('json') ?? Object.entries(problems).find(([f]) => f.startsWith(`${at}.json`))?.[1],
        field: `${at}.json`,
        multiline: true,
        placeholder: '{ "type": "text", "text": "Hello" }',
        hint: t('automation.reply.jsonHint'),
      });
    case 'rich_video':
      return (
        <>
          {media('video', 'originalContentUrl', 'video')}
          {media('preview', 'image', 'image')}
          {text('title')}
          {text('text')}
          <div className="auto-row">
            {text('linkLabel')}
            {text('linkUri', { placeholder: 'https://' })}
          </div>
        </>
      );
    default:
      return null;
  }
}
