// /broadcast/create and /broadcast/:id/edit: the composer. Up to 5 bubbles (spec 5) of text,
// pictures, videos and files from the media library, stickers, and templates from the editor;
// all contacts or by tag with filters and excluded targets, with the reach counted live (a
// filter must reach 100); send now or at a date and time. Saving checks with core's rules first
// and then the server's; leaving with unsaved changes asks first (spec 5 'Leave without saving').
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { newReplyItem } from '../../core/automation/replyMessage';
import {
  BROADCAST_MESSAGE_TYPES,
  type BroadcastAction,
  type BroadcastMessageType,
  validateBroadcastBody,
} from '../../core/broadcast/compose';
import { formatNumber } from '../../core/format/numbers';
import { MAX_BROADCAST_BUBBLES, type MessagesTarget, MIN_TARGET_REACH } from '../../core/models/broadcast';
import { localizePath } from '../../core/routes';
import { BROADCAST_MESSAGES } from '../../core/validation/broadcast';
import { locale, t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { AddItemBar, ItemBody, type ItemRow, rowKeyer } from '../automation/ReplyItemRows';
import { type Problems, problemsOf, problemsUnder } from '../automation/ui';
import { PageHeader } from '../pages/PageHeader';
import { listTemplates } from '../templates/api';
import { AlertDialog, ConfirmDialog } from '../templates/Dialog';
import { useLeaveGuard } from '../templates/leaveGuard';
import { notify, Toasts } from '../templates/Toasts';
import { DateField } from '../ui/DateField';
import { TimeField } from '../ui/TimeField';
import {
  type Broadcast,
  type BroadcastBody,
  estimateReach,
  getBroadcast,
  saveBroadcast,
  type TargetChoices,
  targetChoices,
} from './api';
import { BubblePreview } from './BubblePreview';
import { LoadFailure, type LoadFailureKind, loadFailureOf } from './LoadFailure';
import { TargetList } from './TargetEditor';
import '../templates/templates.css';
import '../automation/automation.css';
import './broadcast.css';

const keyed = rowKeyer('bubble');

const pad = (n: number) => String(n).padStart(2, '0');
function localParts(iso: string | null): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const d = new Date(iso);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}
function isoOf(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const d = new Date(`${date}T${time}:00`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

interface Draft {
  name: string;
  rows: ItemRow[];
  recipients: 'all' | 'targeting';
  messagesTarget: MessagesTarget[];
  excludedTarget: MessagesTarget[];
  when: 'now' | 'schedule';
  date: string;
  time: string;
}

function draftOf(b: Broadcast | null): Draft {
  const parts = localParts(b?.broadcast_time ?? null);
  return {
    name: b?.name ?? '',
    rows: (b?.messages ?? [newReplyItem('text')]).map(keyed),
    recipients: b?.recipients ?? 'all',
    messagesTarget: b?.messages_target ?? [],
    excludedTarget: b?.excluded_target ?? [],
    when: b?.broadcast_time ? 'schedule' : 'now',
    ...parts,
  };
}

const snapshot = (d: Draft) => JSON.stringify({ ...d, rows: d.rows.map((r) => r.item) });

export default function BroadcastComposerPage({ params, titleKey }: PageProps) {
  useSignals();
  const id = params.id ?? null;
  const [loaded, setLoaded] = useState<Broadcast | null | undefined>(id ? undefined : null);
  const [loadFailed, setLoadFailed] = useState<LoadFailureKind | null>(null);

  useEffect(() => {
    if (!id) return;
    let live = true;
    getBroadcast(id)
      .then((r) => live && setLoaded(r.broadcast))
      .catch((err) => live && setLoadFailed(loadFailureOf(err)));
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <>
      <PageHeader title={id ? t('broadcast.titles.edit') : t(titleKey)} />
      {loadFailed ? <LoadFailure kind={loadFailed} /> : null}
      {loaded === undefined && !loadFailed ? <p className="bc-hint">{t('broadcast.loading')}</p> : null}
      {loaded !== undefined ? <Composer key={loaded?._id ?? 'new'} existing={loaded} /> : null}
      <Toasts />
    </>
  );
}

function Composer({ existing }: { existing: Broadcast | null }) {
  useSignals();
  const [, navigate] = useLocation();
  const path = (p: string) => localizePath(p, locale.value);
  const initial = useMemo(() => draftOf(existing), [existing]);
  const [draft, setDraft] = useState<Draft>(initial);
  const saved = useRef(snapshot(initial));
  const [choices, setChoices] = useState<TargetChoices | null>(null);
  const [estimate, setEstimate] = useState<number | null>(existing?.target_estimate ?? null);
  const [problems, setProblems] = useState<Problems>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmNow, setConfirmNow] = useState(false);
  const [adding, setAdding] = useState<BroadcastMessageType>('text');
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const { leave, dialog } = useLeaveGuard(() => snapshot(draft) !== saved.current);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const locked = existing !== null && !existing.can_edit;

  useEffect(() => {
    let live = true;
    targetChoices()
      .then((c) => live && setChoices(c))
      .catch(() => {});
    listTemplates({ limit: 100 })
      .then((r) => live && setNames(new Map(r.list.map((x) => [x._id, x.name]))))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  // The reach, counted by the server as the filters change.
  const targeting = JSON.stringify([draft.recipients, draft.messagesTarget, draft.excludedTarget]);
  useEffect(() => {
    let live = true;
    const [recipients, messages_target, excluded_target] = JSON.parse(targeting) as [
      'all' | 'targeting',
      MessagesTarget[],
      MessagesTarget[],
    ];
    const timer = setTimeout(() => {
      estimateReach({ recipients, messages_target, excluded_target })
        .then((r) => live && setEstimate(r.target_estimate))
        .catch(() => live && setEstimate(null));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [targeting]);

  const body = (action: BroadcastAction): BroadcastBody => ({
    action,
    name: draft.name,
    messages: draft.rows.map((r) => r.item),
    recipients: draft.recipients,
    messages_target: draft.recipients === 'targeting' ? draft.messagesTarget : [],
    excluded_target: draft.excludedTarget,
    broadcast_time: action === 'send_now' ? null : isoOf(draft.date, draft.time),
    target_estimate: estimate,
  });

  const submit = async (action: BroadcastAction) => {
    setConfirmNow(false);
    const b = body(action);
    // The same rules as the server (core), for an answer before the call.
    const local = validateBroadcastBody({ ...b, target_estimate: estimate }, action, new Date(), estimate);
    if (local.length > 0) {
      const found: Problems = {};
      for (const e of local) if (!(e.field in found)) found[e.field] = e.message;
      setProblems(found);
      setFailed(true);
      return;
    }
    setBusy(true);
    try {
      const result = await saveBroadcast(existing?._id ?? null, b);
      saved.current = snapshot(draft);
      notify('success', t('broadcast.notify.success'), t(`broadcast.notify.${action}`));
      navigate(path(`/broadcast/${result.broadcast._id}`));
    } catch (err) {
      setProblems(problemsOf(err));
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const rows = draft.rows;
  const full = rows.length >= MAX_BROADCAST_BUBBLES;
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row);
    set({ rows: next });
    setProblems({});
  };
  const lowReach = draft.recipients === 'targeting' && estimate !== null && estimate < MIN_TARGET_REACH;
  const problem = (field: string) => (problems[field] ? localMessage(problems[field]) : null);

  if (locked && existing)
    return (
      <section className="bc-page">
        <p className="bc-empty">{t('broadcast.errors.started')}</p>
        <button
          type="button"
          className="tpl-button"
          onClick={() => navigate(path(`/broadcast/${existing._id}`))}
        >
          {t('broadcast.view')}
        </button>
      </section>
    );

  return (
    <section className="bc-page bc-composer" data-testid="broadcast-composer">
      <div className="bc-composer-main">
        <div className={`bc-card ${problems.name ? 'bad' : ''}`} data-field="name">
          <label className="bc-label" htmlFor="bc-name">
            {t('broadcast.name')}
          </label>
          <input
            id="bc-name"
            className="bc-input"
            value={draft.name}
            maxLength={100}
            onChange={(e) => set({ name: e.target.value })}
            aria-invalid={problems.name ? true : undefined}
          />
          {problem('name') ? (
            <p className="bc-error" data-testid="field-error">
              {problem('name')}
            </p>
          ) : null}
        </div>

        <div className={`bc-card ${problems.messages ? 'bad' : ''}`} data-field="messages">
          <h2>{t('broadcast.bubbles', { n: rows.length, max: MAX_BROADCAST_BUBBLES })}</h2>
          {problem('messages') ? (
            <p className="bc-error" data-testid="field-error">
              {problem('messages')}
            </p>
          ) : null}
          <ol className="bc-bubbles">
            {rows.map((row, i) => {
              const at = `messages[${i}]`;
              const bad = problemsUnder(problems, at).length > 0;
              return (
                <li
                  key={row.key}
                  className={`bc-bubble-edit ${bad ? 'bad' : ''}`}
                  data-testid="bubble"
                  data-type={row.item.type}
                >
                  <div className="bc-bubble-head">
                    <strong>
                      {i + 1}. {t(`automation.types.${row.item.type}`)}
                    </strong>
                    <span>
                      <button
                        type="button"
                        className="tpl-link"
                        disabled={i === 0}
                        aria-label={t('broadcast.moveUp', { n: i + 1 })}
                        onClick={() => move(i, -1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="tpl-link"
                        disabled={i === rows.length - 1}
                        aria-label={t('broadcast.moveDown', { n: i + 1 })}
                        onClick={() => move(i, 1)}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="tpl-link danger"
                        onClick={() => {
                          set({ rows: rows.filter((r) => r.key !== row.key) });
                          setProblems({});
                        }}
                      >
                        {t('broadcast.remove')}
                      </button>
                    </span>
                  </div>
                  <ItemBody
                    item={row.item}
                    at={at}
                    problems={problems}
                    onChange={(item) =>
                      set({ rows: rows.map((r) => (r.key === row.key ? { ...r, item } : r)) })
                    }
                    errorClass="bc-error"
                  />
                </li>
              );
            })}
          </ol>
          <AddItemBar
            className="bc-add"
            types={BROADCAST_MESSAGE_TYPES}
            typeLabel={t('broadcast.bubbleType')}
            value={adding}
            onChange={setAdding}
            addLabel={t('broadcast.addBubble')}
            addTestId="add-bubble"
            onAdd={() => {
              if (full) {
                setProblems({ messages: BROADCAST_MESSAGES.tooManyBubbles });
                return;
              }
              set({ rows: [...rows, keyed(newReplyItem(adding))] });
            }}
          >
            {full ? <span className="bc-hint">{t('broadcast.errors.tooManyBubbles')}</span> : null}
          </AddItemBar>
        </div>

        <div className="bc-card" data-field="recipients">
          <h2>{t('broadcast.recipientsTitle')}</h2>
          <div className="bc-radios" role="radiogroup" aria-label={t('broadcast.recipientsTitle')}>
            {(['all', 'targeting'] as const).map((r) => (
              <label key={r} className="bc-radio">
                <input
                  type="radio"
                  name="recipients"
                  checked={draft.recipients === r}
                  onChange={() => set({ recipients: r })}
                />
                {t(`broadcast.recipients.${r}`)}
              </label>
            ))}
          </div>
          {draft.recipients === 'targeting' ? (
            <div data-field="messages_target">
              <h3>{t('broadcast.target.filters')}</h3>
              <p className="bc-hint">{t('broadcast.target.filtersHint')}</p>
              <TargetList
                group="messages_target"
                list={draft.messagesTarget}
                choices={choices}
                problems={problems}
                onChange={(messagesTarget) => set({ messagesTarget })}
              />
              {problem('messages_target') ? (
                <p className="bc-error" data-testid="field-error">
                  {problem('messages_target')}
                </p>
              ) : null}
            </div>
          ) : null}
          <div data-field="excluded_target">
            <h3>{t('broadcast.target.excluded')}</h3>
            <p className="bc-hint">{t('broadcast.target.excludedHint')}</p>
            <TargetList
              group="excluded_target"
              list={draft.excludedTarget}
              choices={choices}
              problems={problems}
              onChange={(excludedTarget) => set({ excludedTarget })}
            />
          </div>
          <p
            className={`bc-estimate ${lowReach ? 'low' : ''}`}
            data-testid="target-estimate"
            data-field="target_estimate"
          >
            {t('broadcast.estimate', { n: estimate === null ? '…' : formatNumber(estimate, 0) })}
          </p>
          {lowReach || problems.target_estimate ? (
            <p className="bc-error" data-testid="field-error">
              {localMessage(problems.target_estimate ?? BROADCAST_MESSAGES.targetReach)}
            </p>
          ) : null}
          {problem('recipients') ? <p className="bc-error">{problem('recipients')}</p> : null}
        </div>

        <div className={`bc-card ${problems.broadcast_time ? 'bad' : ''}`} data-field="broadcast_time">
          <h2>{t('broadcast.timeTitle')}</h2>
          <div className="bc-radios" role="radiogroup" aria-label={t('broadcast.timeTitle')}>
            <label className="bc-radio">
              <input
                type="radio"
                name="when"
                checked={draft.when === 'now'}
                onChange={() => set({ when: 'now' })}
              />
              {t('broadcast.when.now')}
            </label>
            <label className="bc-radio">
              <input
                type="radio"
                name="when"
                checked={draft.when === 'schedule'}
                onChange={() => set({ when: 'schedule' })}
              />
              {t('broadcast.when.schedule')}
            </label>
          </div>
          {draft.when === 'schedule' ? (
            <div className="bc-datetime">
              <label>
                <span>{t('broadcast.date')}</span>
                <DateField value={draft.date} onChange={(date) => set({ date })} />
              </label>
              <label>
                <span>{t('broadcast.time')}</span>
                <TimeField className="bc-time" value={draft.time} onChange={(time) => set({ time })} />
              </label>
            </div>
          ) : null}
          {problem('broadcast_time') ? (
            <p className="bc-error" data-testid="field-error">
              {problem('broadcast_time')}
            </p>
          ) : null}
        </div>

        <div className="bc-actions">
          <button type="button" className="tpl-button" onClick={() => leave(path('/broadcast'))}>
            {t('broadcast.cancel')}
          </button>
          <button
            type="button"
            className="tpl-button"
            disabled={busy}
            data-testid="save-draft"
            onClick={() => submit('draft')}
          >
            {t('broadcast.saveDraft')}
          </button>
          {draft.when === 'now' ? (
            <button
              type="button"
              className="tpl-button primary"
              disabled={busy}
              data-testid="send-now"
              onClick={() => setConfirmNow(true)}
            >
              {t('broadcast.sendNow')}
            </button>
          ) : (
            <button
              type="button"
              className="tpl-button primary"
              disabled={busy}
              data-testid="schedule"
              onClick={() => submit('schedule')}
            >
              {t('broadcast.schedule')}
            </button>
          )}
        </div>
      </div>
      <aside className="bc-composer-side">
        <h2>{t('broadcast.preview.title')}</h2>
        <BubblePreview items={rows.map((r) => r.item)} templateName={(x) => names.get(x) ?? x} />
      </aside>
      {failed ? (
        <AlertDialog
          title={t('automation.unableTitle')}
          text={t('automation.unableText')}
          onClose={() => setFailed(false)}
        />
      ) : null}
      {confirmNow ? (
        <ConfirmDialog
          title={t('broadcast.sendNow')}
          text={t('broadcast.confirm.sendNow', { n: estimate === null ? '…' : formatNumber(estimate, 0) })}
          onNo={() => setConfirmNow(false)}
          onYes={() => submit('send_now')}
        />
      ) : null}
      {dialog}
    </section>
  );
}
