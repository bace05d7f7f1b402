// The fields of one reply-message item, by type (spec 3 reply message types): text, a file from
// the media library, a sticker, a saved location, a saved card or image-map template, a button
// message (starting with 1 action, spec 5), custom LINE JSON, or a rich video.
import { useEffect, useState } from 'react';
import { BUTTON_ACTION_TYPES, MAX_BUTTON_ACTIONS, type ReplyItem } from '../../core/automation/replyMessage';
import type { TemplateKind } from '../../core/template/channelPreview';
import { t } from '../app/i18n';
import { type LibraryFile, MediaPicker } from '../media/MediaPicker';
import { api } from '../session/api';
import { listTemplates } from '../templates/api';
import { Dialog } from '../templates/Dialog';
import { TemplatePicker } from '../templates/TemplatePicker';
import { type Problems, problemText, SelectInput, TextInput } from './ui';

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
    <div className={`auto-field ${problem ? 'bad' : ''}`} data-field={field}>
      <span className="auto-field-label">{label}</span>
      <div className="auto-pick">
        {url && accept === 'image' ? <img src={url} alt="" /> : null}
        {url && accept !== 'image' ? (
          <span className="auto-chip">{decodeURIComponent(url.split('/').pop() ?? '')}</span>
        ) : null}
        <button type="button" className="tpl-button" onClick={() => setOpen(true)}>
          {url ? t('automation.reply.change') : t('automation.reply.chooseFile')}
        </button>
      </div>
      {problem ? (
        <span className="auto-error" data-testid="field-error">
          {problemText(problem)}
        </span>
      ) : null}
      {open ? (
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
      ) : null}
    </div>
  );
}

function TemplateField({
  item,
  patch,
  problems,
  at,
}: {
  item: ReplyItem;
  patch: Patch;
  problems: Problems;
  at: string;
}) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const nameOf = useTemplateNames(picked);
  const ids = item.bubbleIds ?? [];
  const many = item.type === 'carousel';
  const problem =
    problems[`${at}.bubbleIds`] ??
    Object.entries(problems).find(([f]) => f.startsWith(`${at}.bubbleIds[`))?.[1];
  return (
    <div className={`auto-field ${problem ? 'bad' : ''}`} data-field={`${at}.bubbleIds`}>
      <span className="auto-field-label">
        {item.type === 'imageMap'
          ? t('automation.reply.imagemapTemplate')
          : t('automation.reply.cardTemplates')}
      </span>
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
      {problem ? (
        <span className="auto-error" data-testid="field-error">
          {problemText(problem)}
        </span>
      ) : null}
      {open ? (
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
      ) : null}
    </div>
  );
}

export function ReplyItemFields({
  item,
  patch,
  problems,
  at,
}: {
  item: ReplyItem;
  patch: Patch;
  problems: Problems;
  at: string;
}) {
  const locations = useLocations();
  const p = (name: string) => problems[`${at}.${name}`];
  switch (item.type) {
    case 'text':
      return (
        <TextInput
          label={t('automation.reply.text')}
          value={item.text ?? ''}
          onChange={(text) => patch({ text })}
          problem={p('text')}
          field={`${at}.text`}
          multiline
        />
      );
    case 'image':
      return (
        <MediaField
          label={t('automation.reply.image')}
          url={item.image}
          accept="image"
          field={at}
          problem={problems[at]}
          onPick={(f) => patch({ image: f.url })}
        />
      );
    case 'video':
      return (
        <>
          <MediaField
            label={t('automation.reply.video')}
            url={item.originalContentUrl}
            accept="video"
            field={at}
            problem={problems[at] ?? p('originalContentUrl')}
            onPick={(f) =>
              patch({
                originalContentUrl: f.url,
                image:
                  item.image || (f as { thumbnailVideoImageUrl?: string }).thumbnailVideoImageUrl || null,
              })
            }
          />
          <MediaField
            label={t('automation.reply.preview')}
            url={item.image}
            accept="image"
            field={`${at}.image`}
            problem={p('image')}
            onPick={(f) => patch({ image: f.url })}
          />
        </>
      );
    case 'file':
      return (
        <MediaField
          label={t('automation.reply.file')}
          url={item.originalContentUrl}
          accept="any"
          field={at}
          problem={problems[at] ?? p('originalContentUrl')}
          onPick={(f) => patch({ originalContentUrl: f.url, fileName: f.name, fileSize: f.size })}
        />
      );
    case 'sticker':
      return (
        <div className="auto-row">
          <TextInput
            label={t('automation.reply.packageId')}
            value={item.packageId ?? ''}
            onChange={(packageId) => patch({ packageId })}
            problem={p('packageId')}
            inputMode="numeric"
            placeholder="446"
          />
          <TextInput
            label={t('automation.reply.stickerId')}
            value={item.stickerId ?? ''}
            onChange={(stickerId) => patch({ stickerId })}
            problem={p('stickerId')}
            inputMode="numeric"
            placeholder="1988"
          />
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
    case 'button': {
      const actions = item.actions ?? [];
      const setAction = (i: number, change: Partial<(typeof actions)[number]>) =>
        patch({
          actions: actions.map((a, j) => (j === i ? { ...a, ...change } : a)),
          numberActions: actions.length,
        });
      return (
        <>
          <TextInput
            label={t('automation.reply.title')}
            value={item.title ?? ''}
            onChange={(title) => patch({ title })}
            problem={p('title')}
          />
          <TextInput
            label={t('automation.reply.text')}
            value={item.text ?? ''}
            onChange={(text) => patch({ text })}
            problem={p('text')}
            multiline
          />
          {actions.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: buttons are edited in place by position
            <div className="auto-quick" key={i} data-testid="button-action">
              <TextInput
                label={t('automation.reply.buttonName', { n: i + 1 })}
                value={a.buttonName ?? ''}
                onChange={(buttonName) => setAction(i, { buttonName })}
                problem={p(`actions[${i}].buttonName`)}
              />
              <SelectInput
                label={t('automation.reply.actionType')}
                value={a.type}
                onChange={(type) => setAction(i, { type })}
                problem={p(`actions[${i}].type`)}
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
                onChange={(message) => setAction(i, { message })}
                problem={p(`actions[${i}].message`)}
              />
              <button
                type="button"
                className="tpl-icon-button danger"
                aria-label={t('automation.remove')}
                disabled={actions.length <= 1}
                onClick={() =>
                  patch({ actions: actions.filter((_, j) => j !== i), numberActions: actions.length - 1 })
                }
              >
                ×
              </button>
            </div>
          ))}
          {p('actions') ? <p className="auto-error">{p('actions')}</p> : null}
          <button
            type="button"
            className="tpl-link"
            disabled={actions.length >= MAX_BUTTON_ACTIONS}
            onClick={() =>
              patch({
                actions: [...actions, { type: 'message', buttonName: '', message: '' }],
                numberActions: actions.length + 1,
              })
            }
          >
            + {t('automation.reply.addButton')}
          </button>
        </>
      );
    }
    case 'bubble':
    case 'carousel':
    case 'template_message':
    case 'imageMap':
      return (
        <>
          <TemplateField item={item} patch={patch} problems={problems} at={at} />
          <TextInput
            label={t('automation.reply.altText')}
            value={item.altText ?? ''}
            onChange={(altText) => patch({ altText })}
            problem={p('altText')}
            hint={t('automation.reply.altTextHint')}
          />
        </>
      );
    case 'custom':
      return (
        <TextInput
          label={t('automation.reply.json')}
          value={item.json ?? ''}
          onChange={(json) => patch({ json })}
          problem={p('json') ?? Object.entries(problems).find(([f]) => f.startsWith(`${at}.json`))?.[1]}
          field={`${at}.json`}
          multiline
          placeholder='{ "type": "text", "text": "Hello" }'
          hint={t('automation.reply.jsonHint')}
        />
      );
    case 'rich_video':
      return (
        <>
          <MediaField
            label={t('automation.reply.video')}
            url={item.originalContentUrl}
            accept="video"
            field={`${at}.originalContentUrl`}
            problem={p('originalContentUrl')}
            onPick={(f) => patch({ originalContentUrl: f.url })}
          />
          <MediaField
            label={t('automation.reply.preview')}
            url={item.image}
            accept="image"
            field={`${at}.image`}
            problem={p('image')}
            onPick={(f) => patch({ image: f.url })}
          />
          <TextInput
            label={t('automation.reply.title')}
            value={item.title ?? ''}
            onChange={(title) => patch({ title })}
            problem={p('title')}
          />
          <TextInput
            label={t('automation.reply.text')}
            value={item.text ?? ''}
            onChange={(text) => patch({ text })}
            problem={p('text')}
          />
          <div className="auto-row">
            <TextInput
              label={t('automation.reply.linkLabel')}
              value={item.linkLabel ?? ''}
              onChange={(linkLabel) => patch({ linkLabel })}
              problem={p('linkLabel')}
            />
            <TextInput
              label={t('automation.reply.linkUri')}
              value={item.linkUri ?? ''}
              onChange={(linkUri) => patch({ linkUri })}
              problem={p('linkUri')}
              placeholder="https://"
            />
          </div>
        </>
      );
    default:
      return null;
  }
}
