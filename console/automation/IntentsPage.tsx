// /setting/intent: intents (spec 2 intent editor: name, active status, training phrases), each
// answered with a reply message. The matcher (core/automation/intents.ts) compares a customer's
// words with the phrases in Thai and English.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { Dialog } from '../templates/Dialog';
import { notifyFailed, Toasts } from '../templates/Toasts';
import { CancelSave } from '../ui/CancelSave';
import { notifyDeleted } from '../ui/ConfirmDelete';
import { CreateButton } from '../ui/CreateButton';
import { ListTable } from '../ui/ListTable';
import { EditDeleteCell, EditNameCell } from '../ui/RowActions';
import { UnableToSaveAlert } from '../ui/UnableToSaveAlert';
import { useConfirmDelete } from '../ui/useConfirmDelete';
import { useEditing } from '../ui/useEditing';
import { useEditorSave } from '../ui/useEditorSave';
import { useUnsavedGuard } from '../ui/useUnsavedGuard';
import {
  deleteIntent,
  type IntentWire,
  listIntents,
  listReplies,
  type ReplyMessage,
  saveIntent,
} from './api';
import { ActiveToggle, ListStatus, SelectInput, TextInput, Toggle } from './ui';
import './automation.css';
import '../templates/templates.css';

function IntentEditor({
  intent,
  replies,
  onClose,
  onSaved,
}: {
  intent: IntentWire | null;
  replies: ReplyMessage[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(intent?.name ?? '');
  const [active, setActive] = useState(intent?.is_active ?? true);
  const [phrases, setPhrases] = useState<string[]>(
    intent?.training_phrases.length ? intent.training_phrases : [''],
  );
  const [draft, setDraft] = useState('');
  const [replyId, setReplyId] = useState(intent?.reply_message_id ?? '');
  const { problems, failed, busy, dismissFailed, run } = useEditorSave(onSaved);
  // Spec 5: closing with unsaved changes asks 'Leave without saving'; saving an edit asks Yes / No.
  const guard = useUnsavedGuard({ name, active, phrases, draft, replyId }, onClose, { covered: failed });
  const addPhrase = () => {
    if (!draft.trim()) return;
    setPhrases([...phrases.filter((p) => p.trim()), draft.trim()]);
    setDraft('');
  };
  const store = () =>
    run(async () => {
      const all = [...phrases, draft].map((p) => p.trim()).filter(Boolean);
      await saveIntent(intent?._id ?? null, {
        name,
        is_active: active,
        training_phrases: all,
        reply_message_id: replyId || null,
      });
    });
  const save = () => guard.confirmSave(Boolean(intent), store);
  return (
    <Dialog
      title={intent ? t('automation.intent.edit') : t('automation.intent.create')}
      onClose={guard.close}
      footer={<CancelSave onCancel={guard.close} onSave={save} busy={busy} saveTestId="save-intent" />}
    >
      <div className="auto-intent-editor" data-testid="intent-editor">
        <TextInput
          label={t('automation.intent.name')}
          value={name}
          onChange={setName}
          problem={problems.name}
          maxLength={100}
        />
        <div className="auto-field">
          <ActiveToggle checked={active} onChange={setActive} />
        </div>
        <fieldset className="auto-card" data-field="training_phrases">
          <legend>{t('automation.intent.phrases')}</legend>
          <p className="auto-hint">{t('automation.intent.phrasesHint')}</p>
          <ul className="auto-phrases">
            {phrases.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: edited in place by position
              <li key={i}>
                <input
                  className="auto-inline-input"
                  value={p}
                  maxLength={300}
                  aria-label={t('automation.intent.phraseN', { n: i + 1 })}
                  onChange={(e) => setPhrases(phrases.map((x, j) => (j === i ? e.target.value : x)))}
                />
                <button
                  type="button"
                  className="tpl-icon-button danger"
                  aria-label={t('automation.remove')}
                  onClick={() => setPhrases(phrases.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="auto-try">
            <input
              className="auto-inline-input"
              value={draft}
              maxLength={300}
              placeholder={t('automation.intent.phrasePlaceholder')}
              aria-label={t('automation.intent.newPhrase')}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addPhrase();
                }
              }}
            />
            <button type="button" className="tpl-button" onClick={addPhrase}>
              + {t('automation.intent.addPhrase')}
            </button>
          </div>
          {problems.training_phrases ? (
            <p className="auto-error">{localMessage(problems.training_phrases)}</p>
          ) : null}
        </fieldset>
        <SelectInput
          label={t('automation.replyMessage')}
          value={replyId}
          onChange={setReplyId}
          problem={problems.reply_message_id}
          options={[
            { value: '', label: t('automation.chooseReply') },
            ...replies.map((r) => ({ value: r._id, label: r.name })),
          ]}
        />
      </div>
      {guard.dialog}
      <UnableToSaveAlert open={failed} onClose={dismissFailed} />
    </Dialog>
  );
}

export default function IntentsPage({ titleKey }: PageProps) {
  useSignals();
  const [intents, setIntents] = useState<IntentWire[] | null>(null);
  const [replies, setReplies] = useState<ReplyMessage[]>([]);
  const { editing, setEditing, edited, closeEditor, afterSave } = useEditing<IntentWire>();
  const load = useCallback(async () => {
    const [i, r] = await Promise.all([
      listIntents().catch(() => ({ list: [] })),
      listReplies().catch(() => ({ list: [] })),
    ]);
    setIntents(i.list);
    setReplies(r.list.filter((x) => x.is_active));
  }, []);
  useEffect(() => {
    load();
  }, [load]);
  const deleter = useConfirmDelete(async (target: IntentWire) => {
    await deleteIntent(target._id);
    notifyDeleted();
    load();
  });
  return (
    <>
      <PageHeader title={t(titleKey)}>
        <CreateButton
          label={t('automation.intent.create')}
          testId="create-intent"
          onClick={() => setEditing('new')}
        />
      </PageHeader>
      <section className="auto-page">
        <ListStatus
          shown={intents}
          testId="intents-empty"
          emptyText={t('automation.intent.empty', { button: t('automation.intent.create') })}
        />
        {intents && intents.length > 0 ? (
          <ListTable
            look="automation"
            head={
              <>
                <th>{t('automation.intent.name')}</th>
                <th>{t('automation.intent.phrases')}</th>
                <th className="hide-md">{t('automation.replyMessage')}</th>
                <th>{t('automation.columns.status')}</th>
              </>
            }
          >
            {intents.map((intent) => (
              <tr key={intent._id} data-testid="intent-row">
                <EditNameCell name={intent.name} onEdit={() => setEditing(intent)} />
                <td className="wrap">
                  <span className="auto-chips">
                    {intent.training_phrases.slice(0, 4).map((p) => (
                      <span key={p} className="auto-chip">
                        {p}
                      </span>
                    ))}
                    {intent.training_phrases.length > 4 ? (
                      <span className="auto-hint">+{intent.training_phrases.length - 4}</span>
                    ) : null}
                  </span>
                </td>
                <td className="hide-md">{intent.reply_message_name ?? '-'}</td>
                <td>
                  <Toggle
                    checked={intent.is_active}
                    label={intent.is_active ? t('automation.active') : t('automation.inactive')}
                    onChange={async (is_active) => {
                      try {
                        const { _id, reply_message_name: _n, ...body } = intent;
                        await saveIntent(_id, { ...body, is_active });
                        load();
                      } catch {
                        notifyFailed();
                      }
                    }}
                  />
                  {!intent.reply_message_name ? (
                    <div className="auto-try-problem" data-testid="intent-reply-gone">
                      {t('automation.keyword.replyGone')}
                    </div>
                  ) : null}
                </td>
                <EditDeleteCell onEdit={() => setEditing(intent)} onDelete={() => deleter.ask(intent)} />
              </tr>
            ))}
          </ListTable>
        ) : null}
      </section>
      {editing ? (
        <IntentEditor intent={edited} replies={replies} onClose={closeEditor} onSaved={afterSave(load)} />
      ) : null}
      {deleter.dialog}
      <Toasts />
    </>
  );
}
