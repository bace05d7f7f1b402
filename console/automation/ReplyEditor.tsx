// The reply-message editor (spec 2 "reply-message settings with draggable items and quick
// replies"): name, group, up to 5 items of any type in drag order, quick replies, and how the
// message will go out on each channel (the server's converters, spec 8: refused ones say why).
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BOT_CHANNELS } from '../../core/automation/replyConvert';
import { MAX_REPLY_ITEMS, newReplyItem, type ReplyItem } from '../../core/automation/replyMessage';
import { REPLY_MESSAGE_TYPES, type ReplyMessageType } from '../../core/models/chat';
import { t } from '../app/i18n';
import { Dialog } from '../templates/Dialog';
import { notifySaved } from '../templates/Toasts';
import { CancelSave } from '../ui/CancelSave';
import { UnableToSaveAlert } from '../ui/UnableToSaveAlert';
import {
  type ChannelResult,
  previewReply,
  type QuickReplyDraft,
  type ReplyBody,
  type ReplyGroup,
  type ReplyMessage,
  saveReply,
} from './api';
import { ReplyItemFields } from './ReplyItemFields';
import { type Problems, problemsOf, problemsUnder, problemText, SelectInput, TextInput, Toggle } from './ui';

interface Row {
  key: string;
  item: ReplyItem;
}

let nextKey = 1;
const keyed = (item: ReplyItem): Row => ({ key: `item-${nextKey++}`, item });

function ItemRow({
  row,
  index,
  problems,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  problems: Problems;
  onChange: (item: ReplyItem) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.key });
  const at = `items[${index}]`;
  const bad = problemsUnder(problems, at).length > 0;
  const typeName = t(`automation.types.${row.item.type}`);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`auto-item ${bad ? 'bad' : ''} ${isDragging ? 'dragging' : ''}`}
      data-testid="reply-item"
      data-type={row.item.type}
    >
      <div className="auto-item-head">
        <button
          type="button"
          className="auto-handle"
          ref={setActivatorNodeRef}
          aria-label={t('automation.reply.drag', { n: index + 1, type: typeName })}
          {...attributes}
          {...listeners}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path
              fill="currentColor"
              d="M9 5h2v2H9zm4 0h2v2h-2zM9 11h2v2H9zm4 0h2v2h-2zm-4 6h2v2H9zm4 0h2v2h-2z"
            />
          </svg>
        </button>
        <strong>
          {index + 1}. {typeName}
        </strong>
        <button type="button" className="tpl-link danger" onClick={onRemove}>
          {t('automation.remove')}
        </button>
      </div>
      {problems[at] && row.item.type !== 'image' && row.item.type !== 'video' && row.item.type !== 'file' ? (
        <p className="auto-error">{problemText(problems[at])}</p>
      ) : null}
      <ReplyItemFields
        item={row.item}
        at={at}
        problems={problems}
        patch={(p) => onChange({ ...row.item, ...p })}
      />
    </li>
  );
}

function QuickReplies({
  list,
  onChange,
  problems,
}: {
  list: QuickReplyDraft[];
  onChange: (next: QuickReplyDraft[]) => void;
  problems: Problems;
}) {
  const set = (i: number, next: QuickReplyDraft) => onChange(list.map((q, j) => (j === i ? next : q)));
  return (
    <section className="auto-card" aria-labelledby="quick-title">
      <h2 id="quick-title">{t('automation.reply.quickReplies')}</h2>
      <p className="lead">{t('automation.reply.quickRepliesHint')}</p>
      {list.map((q, i) => {
        const at = `quick_replies[${i}]`;
        const type = q.action.type === 'uri' ? 'uri' : 'message';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: edited in place by position
          <div className="auto-quick" key={i} data-testid="quick-reply">
            <TextInput
              label={t('automation.reply.quickLabel')}
              value={q.label}
              maxLength={20}
              onChange={(label) => set(i, { ...q, label })}
              problem={problems[`${at}.label`]}
            />
            <SelectInput
              label={t('automation.reply.actionType')}
              value={type}
              onChange={(next) =>
                set(i, {
                  ...q,
                  action: next === 'uri' ? { type: 'uri', uri: '' } : { type: 'message', text: q.label },
                })
              }
              options={[
                { value: 'message', label: t('automation.buttonActions.message') },
                { value: 'uri', label: t('automation.buttonActions.uri') },
              ]}
            />
            <TextInput
              label={t(`automation.buttonValue.${type}`)}
              value={(type === 'uri' ? q.action.uri : q.action.text) ?? ''}
              onChange={(value) =>
                set(i, { ...q, action: type === 'uri' ? { type, uri: value } : { type, text: value } })
              }
              problem={
                problems[`${at}.action.${type === 'uri' ? 'uri' : 'text'}`] ?? problems[`${at}.action`]
              }
            />
            <button
              type="button"
              className="tpl-icon-button danger"
              aria-label={t('automation.remove')}
              onClick={() => onChange(list.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </div>
        );
      })}
      {problems.quick_replies ? <p className="auto-error">{problemText(problems.quick_replies)}</p> : null}
      <button
        type="button"
        className="tpl-link"
        data-testid="add-quick-reply"
        disabled={list.length >= 13}
        onClick={() => onChange([...list, { label: '', action: { type: 'message', text: '' } }])}
      >
        + {t('automation.reply.addQuickReply')}
      </button>
    </section>
  );
}

function Preview({ body }: { body: ReplyBody }) {
  const [result, setResult] = useState<Record<string, ChannelResult> | null>(null);
  const json = JSON.stringify(body);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      previewReply(JSON.parse(json) as ReplyBody)
        .then((r) => live && setResult(r.channels))
        .catch(() => live && setResult(null));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [json]);
  return (
    <aside className="auto-preview" aria-labelledby="preview-title" data-testid="reply-preview">
      <h3 id="preview-title">{t('automation.reply.channels')}</h3>
      {result ? (
        <ul>
          {BOT_CHANNELS.map((channel) => {
            const r = result[channel];
            return (
              <li key={channel}>
                <strong>{t(`automation.channels.${channel}`)}</strong>{' '}
                {r?.ok ? (
                  <span className="ok">
                    ✓{' '}
                    {t('automation.reply.sendsAs', {
                      n: r.message.filter((m) => (m as { type?: string }).type !== 'quickreply').length,
                    })}
                  </span>
                ) : (
                  <span className="no">✕ {r ? problemText(r.errors[0]?.message ?? '') : ''}</span>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="auto-hint">{t('automation.reply.previewHint')}</p>
      )}
    </aside>
  );
}

export function ReplyEditor({
  reply,
  groups,
  defaultGroup,
  onClose,
  onSaved,
}: {
  reply: ReplyMessage | null;
  groups: ReplyGroup[];
  defaultGroup: string | null;
  onClose: () => void;
  onSaved: (saved: ReplyMessage) => void;
}) {
  const [name, setName] = useState(reply?.name ?? '');
  const [groupId, setGroupId] = useState<string | null>(reply?.group_id ?? defaultGroup);
  const [active, setActive] = useState(reply?.is_active ?? true);
  const [rows, setRows] = useState<Row[]>(() => (reply?.items ?? [newReplyItem('text')]).map(keyed));
  const [quick, setQuick] = useState<QuickReplyDraft[]>(reply?.quick_replies ?? []);
  const [problems, setProblems] = useState<Problems>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<ReplyMessageType>('text');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const body: ReplyBody = useMemo(
    () => ({
      name: name || '-',
      group_id: groupId,
      is_active: active,
      items: rows.map((r) => r.item),
      quick_replies: quick,
    }),
    [name, groupId, active, rows, quick],
  );
  const list = useRef<HTMLOListElement>(null);

  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = rows.findIndex((r) => r.key === e.active.id);
    const to = rows.findIndex((r) => r.key === e.over?.id);
    setRows(arrayMove(rows, from, to));
    setProblems({});
  };

  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveReply(reply?._id ?? null, { ...body, name });
      notifySaved();
      onSaved(saved.reply_message);
    } catch (err) {
      setProblems(problemsOf(err));
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      wide
      title={reply ? t('automation.reply.edit') : t('automation.reply.create')}
      onClose={onClose}
      footer={<CancelSave onCancel={onClose} onSave={save} busy={busy} saveTestId="save-reply" />}
    >
      <div className="auto-editor" data-testid="reply-editor">
        <div>
          <div className="auto-row">
            <TextInput
              label={t('automation.reply.name')}
              value={name}
              onChange={setName}
              problem={problems.name}
              field="name"
              maxLength={100}
            />
            <SelectInput
              label={t('automation.reply.group')}
              value={groupId ?? ''}
              onChange={(v) => setGroupId(v || null)}
              options={[
                { value: '', label: t('automation.reply.noGroup') },
                ...groups.map((g) => ({ value: g._id, label: g.name })),
              ]}
              problem={problems.group_id}
            />
          </div>
          <div className="auto-field">
            <Toggle
              checked={active}
              onChange={setActive}
              label={active ? t('automation.active') : t('automation.inactive')}
            />
          </div>
          <h3 className="auto-subtitle">
            {t('automation.reply.messages', { n: rows.length, max: MAX_REPLY_ITEMS })}
          </h3>
          {problems.items ? (
            <p className="auto-error" data-field="items">
              {problemText(problems.items)}
            </p>
          ) : null}
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
              <ol className="auto-items" ref={list}>
                {rows.map((row, i) => (
                  <ItemRow
                    key={row.key}
                    row={row}
                    index={i}
                    problems={problems}
                    onChange={(item) => setRows(rows.map((r) => (r.key === row.key ? { ...r, item } : r)))}
                    onRemove={() => {
                      setRows(rows.filter((r) => r.key !== row.key));
                      setProblems({});
                    }}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          <div className="auto-add-item">
            <select
              aria-label={t('automation.reply.itemType')}
              value={adding}
              onChange={(e) => setAdding(e.target.value as ReplyMessageType)}
            >
              {REPLY_MESSAGE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`automation.types.${type}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="tpl-button"
              data-testid="add-item"
              disabled={rows.length >= MAX_REPLY_ITEMS}
              onClick={() => setRows([...rows, keyed(newReplyItem(adding))])}
            >
              + {t('automation.reply.addItem')}
            </button>
            {rows.length >= MAX_REPLY_ITEMS ? (
              <span className="auto-hint">{t('automation.reply.maxItems', { max: MAX_REPLY_ITEMS })}</span>
            ) : null}
          </div>
          <QuickReplies list={quick} onChange={setQuick} problems={problems} />
        </div>
        <Preview body={body} />
      </div>
      <UnableToSaveAlert open={failed} onClose={() => setFailed(false)} />
    </Dialog>
  );
}
