// The reply-message editor (spec 2 "reply-message settings with draggable items and quick
// replies"): name, group, up to 5 items of any type in drag order, quick replies, and how the
// message will go out on each channel (the server's converters, spec 8: refused ones say why).
import { arrayMove } from '@dnd-kit/sortable';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BOT_CHANNELS } from '../../core/automation/replyConvert';
import { MAX_REPLY_ITEMS, newReplyItem, type ReplyItem } from '../../core/automation/replyMessage';
import { REPLY_MESSAGE_TYPES, type ReplyMessageType } from '../../core/models/chat';
import type { FieldError } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { ConfirmDialog, Dialog } from '../templates/Dialog';
import { notifySaved } from '../templates/Toasts';
import { CancelSave } from '../ui/CancelSave';
import { DragHandle, SortableList, useSortableRow } from '../ui/Sortable';
import { UnableToSaveAlert } from '../ui/UnableToSaveAlert';
import { useUnsavedGuard } from '../ui/useUnsavedGuard';
import {
  type ChannelResult,
  previewReply,
  type QuickReplyDraft,
  type ReplyBody,
  type ReplyGroup,
  type ReplyMessage,
  type ReplyUsage,
  replyUsage,
  saveReply,
} from './api';
import { EditableList } from './EditableList';
import { AddItemBar, ItemBody, type ItemRow, rowKeyer } from './ReplyItemRows';
import { ActiveToggle, type Problems, problemsOf, problemsUnder, SelectInput, TextInput } from './ui';

const keyed = rowKeyer('item');

/** The rules, intents and greetings that answer with a reply message, as the questions name them. */
export function usageNames(usage: ReplyUsage | null): string[] {
  if (!usage) return [];
  return [
    ...usage.keywords.map((k) => `“${k.name}”`),
    ...usage.intents.map((i) => `“${i.name}”`),
    ...usage.settings.map((s) => t(`automation.reply.usage.${s}`)),
  ];
}

function SortableItem({
  row,
  index,
  problems,
  onChange,
  onRemove,
}: {
  row: ItemRow;
  index: number;
  problems: Problems;
  onChange: (item: ReplyItem) => void;
  onRemove: () => void;
}) {
  const { sortable, row: rowProps, isDragging } = useSortableRow(row.key);
  const at = `items[${index}]`;
  const bad = problemsUnder(problems, at).length > 0;
  const typeName = t(`automation.types.${row.item.type}`);
  return (
    <li
      {...rowProps}
      className={`auto-item ${bad ? 'bad' : ''} ${isDragging ? 'dragging' : ''}`}
      data-testid="reply-item"
      data-type={row.item.type}
    >
      <div className="auto-item-head">
        <DragHandle
          sortable={sortable}
          className="auto-handle"
          label={t('automation.reply.drag', { n: index + 1, type: typeName })}
        />
        <strong>
          {index + 1}. {typeName}
        </strong>
        <button type="button" className="tpl-link danger" onClick={onRemove}>
          {t('automation.remove')}
        </button>
      </div>
      <ItemBody item={row.item} at={at} problems={problems} onChange={onChange} errorClass="auto-error" />
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
  return (
    <section className="auto-card" aria-labelledby="quick-title">
      <h2 id="quick-title">{t('automation.reply.quickReplies')}</h2>
      <p className="lead">{t('automation.reply.quickRepliesHint')}</p>
      <EditableList
        list={list}
        onChange={onChange}
        blank={(): QuickReplyDraft => ({ label: '', action: { type: 'message', text: '' } })}
        max={13}
        rowClass="auto-quick"
        rowTestId="quick-reply"
        problem={problems.quick_replies ? localMessage(problems.quick_replies) : null}
        addLabel={t('automation.reply.addQuickReply')}
        addTestId="add-quick-reply"
      >
        {(q, i, set) => {
          const at = `quick_replies[${i}]`;
          const type = q.action.type === 'uri' ? 'uri' : 'message';
          return (
            <>
              <TextInput
                label={t('automation.reply.quickLabel')}
                value={q.label}
                maxLength={20}
                onChange={(label) => set({ ...q, label })}
                problem={problems[`${at}.label`]}
              />
              <SelectInput
                label={t('automation.reply.actionType')}
                value={type}
                onChange={(next) =>
                  set({
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
                  set({ ...q, action: type === 'uri' ? { type, uri: value } : { type, text: value } })
                }
                problem={
                  problems[`${at}.action.${type === 'uri' ? 'uri' : 'text'}`] ?? problems[`${at}.action`]
                }
              />
            </>
          );
        }}
      </EditableList>
    </section>
  );
}

/** Each reason once, in the user's language (a reply may leave out two image maps). */
const leftOut = (left: FieldError[] | undefined) => [
  ...new Set((left ?? []).map((e) => localMessage(e.message))),
];

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
                  <>
                    <span className="ok">
                      ✓{' '}
                      {t('automation.reply.sendsAs', {
                        n: r.message.filter((m) => (m as { type?: string }).type !== 'quickreply').length,
                      })}
                    </span>
                    {leftOut(r.left).map((reason) => (
                      <span key={reason} className="left" data-testid="preview-left">
                        ⚠ {t('automation.reply.leavesOut', { reason })}
                      </span>
                    ))}
                  </>
                ) : (
                  <span className="no">✕ {r ? localMessage(r.errors[0]?.message ?? '') : ''}</span>
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
  const [rows, setRows] = useState<ItemRow[]>(() => (reply?.items ?? [newReplyItem('text')]).map(keyed));
  const [quick, setQuick] = useState<QuickReplyDraft[]>(reply?.quick_replies ?? []);
  const [problems, setProblems] = useState<Problems>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<ReplyMessageType>('text');
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

  const onMove = (fromKey: string, toKey: string) => {
    const from = rows.findIndex((r) => r.key === fromKey);
    const to = rows.findIndex((r) => r.key === toKey);
    setRows(arrayMove(rows, from, to));
    setProblems({});
  };

  // Switching off a reply message that answers something asks first, naming what (it would send nothing).
  const [usedBy, setUsedBy] = useState<string | null>(null);
  // Spec 5: closing with unsaved changes asks 'Leave without saving'; saving an edit asks Yes / No.
  const guard = useUnsavedGuard(body, onClose, { covered: Boolean(usedBy || failed) });
  const save = async () => {
    if (reply?.is_active && !active) {
      const names = usageNames(await replyUsage(reply._id).catch(() => null));
      if (names.length) {
        setUsedBy(t('automation.reply.usedByOff', { count: names.length, names: names.join(', ') }));
        return;
      }
    }
    guard.confirmSave(Boolean(reply), store);
  };
  const store = async () => {
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
      onClose={guard.close}
      footer={<CancelSave onCancel={guard.close} onSave={save} busy={busy} saveTestId="save-reply" />}
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
            <ActiveToggle checked={active} onChange={setActive} />
          </div>
          <h3 className="auto-subtitle">
            {t('automation.reply.messages', { n: rows.length, max: MAX_REPLY_ITEMS })}
          </h3>
          {problems.items ? (
            <p className="auto-error" data-field="items">
              {localMessage(problems.items)}
            </p>
          ) : null}
          <SortableList ids={rows.map((r) => r.key)} onMove={onMove}>
            <ol className="auto-items" ref={list}>
              {rows.map((row, i) => (
                <SortableItem
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
          </SortableList>
          <AddItemBar
            className="auto-add-item"
            types={REPLY_MESSAGE_TYPES}
            typeLabel={t('automation.reply.itemType')}
            value={adding}
            onChange={setAdding}
            addLabel={t('automation.reply.addItem')}
            addTestId="add-item"
            disabled={rows.length >= MAX_REPLY_ITEMS}
            onAdd={() => setRows([...rows, keyed(newReplyItem(adding))])}
          >
            {rows.length >= MAX_REPLY_ITEMS ? (
              <span className="auto-hint">{t('automation.reply.maxItems', { max: MAX_REPLY_ITEMS })}</span>
            ) : null}
          </AddItemBar>
          <QuickReplies list={quick} onChange={setQuick} problems={problems} />
        </div>
        <Preview body={body} />
      </div>
      {usedBy ? (
        <ConfirmDialog
          title={t('automation.reply.offConfirmTitle')}
          text={usedBy}
          onNo={() => setUsedBy(null)}
          onYes={() => {
            setUsedBy(null);
            store();
          }}
        />
      ) : null}
      {guard.dialog}
      <UnableToSaveAlert open={failed} onClose={() => setFailed(false)} />
    </Dialog>
  );
}
