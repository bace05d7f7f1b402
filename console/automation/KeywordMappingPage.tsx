// /keyword-mapping: keywords or phrases (exact or contained; Thai and English, case and width
// folded) mapped to a reply message or a hand-over (talk to a human, put in a queue), by
// priority; the bot answers them in bot mode. A "try it" box shows which rule would answer.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../core/api/client';
import {
  KEYWORD_ACTIONS,
  KEYWORD_MATCHES,
  type Keyword,
  type KeywordAction,
} from '../../core/automation/keywords';
import { BOT_CHANNELS } from '../../core/automation/replyConvert';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { Dialog } from '../templates/Dialog';
import { notifyFailed, Toasts } from '../templates/Toasts';
import { CancelSave } from '../ui/CancelSave';
import { notifyDeleted } from '../ui/ConfirmDelete';
import { CreateButton } from '../ui/CreateButton';
import { EditDeleteCell, EditNameCell } from '../ui/RowActions';
import { UnableToSaveAlert } from '../ui/UnableToSaveAlert';
import { useConfirmDelete } from '../ui/useConfirmDelete';
import { useEditing } from '../ui/useEditing';
import { useEditorSave } from '../ui/useEditorSave';
import { useUnsavedGuard } from '../ui/useUnsavedGuard';
import {
  type DeliveryGap,
  deleteKeyword,
  type KeywordRuleWire,
  listKeywords,
  listQueues,
  listReplies,
  type QueueOption,
  type ReplyMessage,
  saveKeyword,
  type TryResult,
  testText,
} from './api';
import { EditableList } from './EditableList';
import { ActiveToggle, SearchedTable, SelectInput, TextInput, Toggle } from './ui';
import './automation.css';
import '../templates/templates.css';

/** A gap between a rule's reply and what the customer gets, in the console's language. */
function gapText(gap: DeliveryGap): string {
  const reason = localMessage(gap.message);
  const all = BOT_CHANNELS.every((c) => gap.channels.includes(c));
  const channels = gap.channels.map((c) => t(`automation.channels.${c}`)).join(', ');
  if (gap.nothing)
    return all
      ? t('automation.keyword.sendsNothing', { reason })
      : t('automation.keyword.sendsNothingOn', { reason, channels });
  return all
    ? t('automation.keyword.leavesOut', { reason })
    : t('automation.keyword.leavesOutOn', { reason, channels });
}

/** Why "try it" could not answer: the server's refusal, or that it could not be reached. */
function tryFailure(err: unknown): string {
  const refused = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.body.message : '';
  return refused
    ? t('automation.keyword.tryFailed', { reason: localMessage(refused) })
    : t('automation.keyword.tryFailedServer');
}

function TryIt() {
  const [text, setText] = useState('');
  const [result, setResult] = useState<TryResult | null>(null);
  const [failure, setFailure] = useState('');
  const run = async () => {
    if (!text.trim()) return;
    try {
      setResult(await testText(text));
      setFailure('');
    } catch (err) {
      setResult(null);
      setFailure(tryFailure(err));
    }
  };
  return (
    <section className="auto-card" aria-labelledby="try-title">
      <h2 id="try-title">{t('automation.keyword.tryTitle')}</h2>
      <div className="auto-try">
        <input
          className="auto-search"
          value={text}
          placeholder={t('automation.keyword.tryPlaceholder')}
          aria-label={t('automation.keyword.tryTitle')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') run();
          }}
        />
        <button type="button" className="tpl-button" onClick={run} data-testid="try-run">
          {t('automation.keyword.try')}
        </button>
        {result ? (
          <span className="auto-try-result" data-testid="try-result">
            {result.kind === null
              ? t('automation.keyword.noAnswer')
              : t(`automation.keyword.answeredBy.${result.kind}`, {
                  name: result.name,
                  matched: result.matched,
                  score: Math.round((result.score ?? 0) * 100),
                })}
          </span>
        ) : null}
        {failure ? (
          <span className="auto-try-result auto-try-problem" role="alert" data-testid="try-failed">
            {failure}
          </span>
        ) : null}
      </div>
      {result?.gaps?.length ? (
        <ul className="auto-try-gaps" data-testid="try-gaps">
          {result.gaps.map((gap) => (
            <li key={`${gap.nothing}:${gap.message}`} className="auto-try-problem">
              {gapText(gap)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function RuleEditor({
  rule,
  replies,
  queues,
  onClose,
  onSaved,
}: {
  rule: KeywordRuleWire | null;
  replies: ReplyMessage[];
  queues: QueueOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(rule?.name ?? '');
  const [keywords, setKeywords] = useState<Keyword[]>(rule?.keywords ?? [{ text: '', match: 'contains' }]);
  const [action, setAction] = useState<KeywordAction>(rule?.action ?? 'reply');
  const [replyId, setReplyId] = useState(rule?.reply_message_id ?? '');
  const [queueId, setQueueId] = useState(rule?.queue_id ?? '');
  const [botText, setBotText] = useState(rule?.bot_text ?? '');
  const [priority, setPriority] = useState(String(rule?.priority ?? 1));
  const [active, setActive] = useState(rule?.is_active ?? true);
  const { problems, failed, busy, dismissFailed, run } = useEditorSave(onSaved);
  // Spec 5: closing with unsaved changes asks 'Leave without saving'; saving an edit asks Yes / No.
  const guard = useUnsavedGuard(
    { name, keywords, action, replyId, queueId, botText, priority, active },
    onClose,
    { covered: failed },
  );
  const save = () => guard.confirmSave(Boolean(rule), store);
  const store = () =>
    run(async () => {
      await saveKeyword(rule?._id ?? null, {
        name,
        keywords,
        action,
        reply_message_id: action === 'reply' ? replyId || null : null,
        queue_id: action === 'queue' ? queueId || null : null,
        bot_text: botText,
        // Only a whole number is taken as typed; anything else ("1.5", "2a") goes as 0, which the
        // server refuses under the priority field instead of saving a number the user did not type.
        priority: /^\d+$/.test(priority.trim()) ? Number(priority.trim()) : 0,
        is_active: active,
      });
    });
  return (
    <Dialog
      title={rule ? t('automation.keyword.edit') : t('automation.keyword.create')}
      onClose={guard.close}
      footer={<CancelSave onCancel={guard.close} onSave={save} busy={busy} saveTestId="save-keyword" />}
    >
      <div className="auto-keyword-editor" data-testid="keyword-editor">
        <div className="auto-row">
          <TextInput
            label={t('automation.keyword.name')}
            value={name}
            onChange={setName}
            problem={problems.name}
            maxLength={100}
          />
          <TextInput
            label={t('automation.keyword.priority')}
            value={priority}
            onChange={setPriority}
            problem={problems.priority}
            inputMode="numeric"
            hint={t('automation.keyword.priorityHint')}
          />
        </div>
        <fieldset className="auto-card" data-field="keywords">
          <legend>{t('automation.keyword.keywords')}</legend>
          <EditableList
            list={keywords}
            onChange={setKeywords}
            blank={(): Keyword => ({ text: '', match: 'contains' })}
            min={1}
            rowClass="auto-keywords-edit"
            problem={problems.keywords ? localMessage(problems.keywords) : null}
            addLabel={t('automation.keyword.addKeyword')}
          >
            {(k, i, set) => (
              <>
                <input
                  className="auto-inline-input"
                  value={k.text}
                  maxLength={100}
                  aria-label={t('automation.keyword.keywordN', { n: i + 1 })}
                  placeholder={t('automation.keyword.keywordPlaceholder')}
                  onChange={(e) => set({ ...k, text: e.target.value })}
                />
                <select
                  className="auto-inline-input"
                  value={k.match}
                  aria-label={t('automation.keyword.match')}
                  onChange={(e) => set({ ...k, match: e.target.value as Keyword['match'] })}
                >
                  {KEYWORD_MATCHES.map((m) => (
                    <option key={m} value={m}>
                      {t(`automation.keyword.matches.${m}`)}
                    </option>
                  ))}
                </select>
              </>
            )}
          </EditableList>
          <p className="auto-hint">{t('automation.keyword.matchHint')}</p>
        </fieldset>
        <SelectInput
          label={t('automation.keyword.action')}
          value={action}
          onChange={(v) => setAction(v as KeywordAction)}
          options={KEYWORD_ACTIONS.map((a) => ({ value: a, label: t(`automation.keyword.actions.${a}`) }))}
        />
        {action === 'reply' ? (
          <SelectInput
            label={t('automation.replyMessage')}
            value={replyId}
            onChange={setReplyId}
            problem={problems.reply_message_id}
            field="reply_message_id"
            options={[
              { value: '', label: t('automation.chooseReply') },
              ...replies.map((r) => ({ value: r._id, label: r.name })),
            ]}
          />
        ) : null}
        {action === 'queue' ? (
          <SelectInput
            label={t('automation.keyword.queue')}
            value={queueId}
            onChange={setQueueId}
            problem={problems.queue_id}
            options={[{ value: '', label: t('automation.keyword.chooseQueue') }, ...queues]}
          />
        ) : null}
        {action !== 'reply' ? (
          <TextInput
            label={t('automation.keyword.botText')}
            value={botText}
            onChange={setBotText}
            problem={problems.bot_text}
            multiline
            maxLength={300}
            hint={t('automation.keyword.botTextHint')}
          />
        ) : null}
        <ActiveToggle checked={active} onChange={setActive} />
      </div>
      {guard.dialog}
      <UnableToSaveAlert open={failed} onClose={dismissFailed} />
    </Dialog>
  );
}

export default function KeywordMappingPage({ titleKey }: PageProps) {
  useSignals();
  const [rules, setRules] = useState<KeywordRuleWire[] | null>(null);
  const [replies, setReplies] = useState<ReplyMessage[]>([]);
  const [queues, setQueues] = useState<QueueOption[]>([]);
  const [search, setSearch] = useState('');
  const { editing, setEditing, edited, closeEditor, afterSave } = useEditing<KeywordRuleWire>();
  const load = useCallback(async () => {
    const [r, m] = await Promise.all([
      listKeywords().catch(() => ({ list: [] })),
      listReplies().catch(() => ({ list: [] })),
    ]);
    setRules(r.list);
    setReplies(m.list.filter((x) => x.is_active));
  }, []);
  useEffect(() => {
    load();
    listQueues().then(setQueues);
  }, [load]);
  const deleter = useConfirmDelete(async (target: KeywordRuleWire) => {
    await deleteKeyword(target._id);
    notifyDeleted();
    load();
  });
  const q = search.trim().toLowerCase();
  const shown = (rules ?? []).filter(
    (r) => !q || r.name.toLowerCase().includes(q) || r.keywords.some((k) => k.text.toLowerCase().includes(q)),
  );
  const toggle = async (rule: KeywordRuleWire, is_active: boolean) => {
    try {
      const { _id, reply_message_name: _name, ...body } = rule;
      await saveKeyword(_id, { ...body, is_active });
      load();
    } catch {
      notifyFailed();
    }
  };
  return (
    <>
      <PageHeader title={t(titleKey)}>
        <CreateButton
          label={t('automation.keyword.create')}
          testId="create-keyword"
          onClick={() => setEditing('new')}
        />
      </PageHeader>
      <section className="auto-page">
        <TryIt />
        <SearchedTable
          searchLabel={t('automation.keyword.search')}
          search={search}
          onSearch={setSearch}
          shown={rules && shown}
          emptyTestId="keywords-empty"
          emptyText={t('automation.keyword.empty', { button: t('automation.keyword.create') })}
          head={
            <>
              <th>{t('automation.keyword.priority')}</th>
              <th>{t('automation.columns.name')}</th>
              <th>{t('automation.keyword.keywords')}</th>
              <th className="hide-md">{t('automation.keyword.action')}</th>
              <th>{t('automation.columns.status')}</th>
            </>
          }
        >
          {shown.map((r) => (
            <tr key={r._id} data-testid="keyword-row">
              <td>{r.priority}</td>
              <EditNameCell name={r.name} onEdit={() => setEditing(r)} />
              <td className="wrap">
                <span className="auto-chips">
                  {r.keywords.map((k) => (
                    <span
                      key={`${k.match}:${k.text}`}
                      className={`auto-chip ${k.match}`}
                      title={t(`automation.keyword.matches.${k.match}`)}
                    >
                      {k.match === 'exact' ? `“${k.text}”` : k.text}
                    </span>
                  ))}
                </span>
              </td>
              <td className="hide-md">
                {r.action === 'reply'
                  ? `${t('automation.keyword.actions.reply')}: ${r.reply_message_name ?? '-'}`
                  : t(`automation.keyword.actions.${r.action}`)}
              </td>
              <td>
                <Toggle
                  checked={r.is_active}
                  label={r.is_active ? t('automation.on') : t('automation.off')}
                  onChange={(on) => toggle(r, on)}
                />
                {r.action === 'reply' && !r.reply_message_name ? (
                  <div className="auto-try-problem" data-testid="keyword-reply-gone">
                    {t('automation.keyword.replyGone')}
                  </div>
                ) : null}
              </td>
              <EditDeleteCell onEdit={() => setEditing(r)} onDelete={() => deleter.ask(r)} />
            </tr>
          ))}
        </SearchedTable>
        <p className="auto-hint auto-note">{t('automation.keyword.botNote')}</p>
      </section>
      {editing ? (
        <RuleEditor
          rule={edited}
          replies={replies}
          queues={queues}
          onClose={closeEditor}
          onSaved={afterSave(load)}
        />
      ) : null}
      {deleter.dialog}
      <Toasts />
    </>
  );
}
