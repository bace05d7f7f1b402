// The Log (spec 2 screen title, spec 4 chat-log categories): the live chats of the account in a
// period, by category, optionally of one agent, queue or channel type, 20 a page, newest first.
// Each contact opens its chat in the inbox. Reads GET /api/report/chat-log (reports read).
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatNumber } from '../../core/format/numbers';
import { CHANNEL_TYPES } from '../../core/models/chat';
import { CHAT_LOG_TITLES, type ChatLogCategory } from '../../core/models/report';
import type { ChatLogFilter } from '../../core/reports/wire';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { ChatLogRange, ChatLogTable, HiddenChatsNote } from './ChatLogTable';
import { type LogFilterOptions, loadChatLog, loadLogFilterOptions } from './calls';
import { PeriodPicker } from './PeriodPicker';
import { ReportTabs } from './ReportTabs';
import { logPeriod, periodQuery } from './state';
import './reports.css';
import { useLoaded } from '../ui/useLoaded';

export const LOG_PAGE_SIZE = 20;
/** The endpoint's value for chats of no (or a deleted) queue. */
const NO_QUEUE = 'none';
const CATEGORIES = Object.keys(CHAT_LOG_TITLES) as ChatLogCategory[];

export default function LogPage({ titleKey }: PageProps) {
  useSignals();
  const choice = logPeriod.value;
  const [category, setCategory] = useState<ChatLogCategory>('all');
  const [filter, setFilter] = useState<ChatLogFilter>({});
  const [skip, setSkip] = useState(0);
  const [options, setOptions] = useState<LogFilterOptions | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: choice is the signal's value, it changes.
  const period = useMemo(() => periodQuery(choice), [choice]);

  useEffect(() => {
    let live = true;
    // Without the lists the agent and queue filters offer only "All". They are the inbox's
    // lists: a role that may not read chats is not asked for them (the server would refuse).
    if (!canDo('chat', 'read')) return;
    loadLogFilterOptions().then(
      (o) => live && setOptions(o),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  const {
    data: page,
    loading,
    failed,
    retry,
  } = useLoaded(
    () => loadChatLog(category, filter, period, skip, LOG_PAGE_SIZE),
    [category, filter, period, skip],
  );
  const resolved = page?.period ?? null;

  const pickCategory = (next: ChatLogCategory) => {
    setCategory(next);
    setSkip(0);
  };
  const narrow = (key: 'agent_id' | 'queue_id' | 'channel_type', value: string) => {
    setFilter((f) => {
      const next = { ...f };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });
    setSkip(0);
  };
  const filtered = Object.keys(filter).length > 0;
  const total = page?.total_count ?? 0;

  return (
    <div className="report-page log-page" aria-busy={loading}>
      <PageHeader title={t(titleKey)} />
      <ReportTabs />
      <div className="report-toolbar">
        <PeriodPicker
          value={choice}
          onChange={(next) => {
            logPeriod.value = next;
            setSkip(0);
          }}
          resolved={resolved}
        />
        <p className="report-note">
          {t('log.note')}
          {page ? <span className="muted"> · {t('reports.zone', { zone: page.timezone })}</span> : null}
        </p>
      </div>
      <div className="log-filters">
        <fieldset className="preset-group log-categories">
          <legend className="sr-only">{t('log.categoriesLabel')}</legend>
          {CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={category === c}
              data-category={c}
              onClick={() => pickCategory(c)}
            >
              {t(`log.categories.${c}`)}
            </button>
          ))}
        </fieldset>
        <LogSelect
          label={t('log.filters.agent')}
          value={filter.agent_id ?? ''}
          onChange={(v) => narrow('agent_id', v)}
          choices={[
            { value: '', label: t('log.filters.allAgents') },
            ...(options?.agents ?? []).map((a) => ({ value: a._id, label: a.display_name })),
          ]}
        />
        <LogSelect
          label={t('log.filters.queue')}
          value={filter.queue_id ?? ''}
          onChange={(v) => narrow('queue_id', v)}
          choices={[
            { value: '', label: t('log.filters.allQueues') },
            ...(options?.queues ?? []).map((q) => ({ value: q._id, label: q.name })),
            { value: NO_QUEUE, label: t('log.filters.noQueue') },
          ]}
        />
        <LogSelect
          label={t('log.filters.channel')}
          value={filter.channel_type ?? ''}
          onChange={(v) => narrow('channel_type', v)}
          choices={[
            { value: '', label: t('log.filters.allChannels') },
            ...CHANNEL_TYPES.map((c) => ({ value: c, label: t(`reports.channels.${c}`) })),
          ]}
        />
        {filtered ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setFilter({});
              setSkip(0);
            }}
          >
            {t('log.filters.clear')}
          </button>
        ) : null}
      </div>
      <section className="report-table-section" aria-labelledby="log-heading">
        <h2 id="log-heading">
          {t(`reports.chatLogTitles.${category}`)}
          {page && !loading ? (
            <span className="muted log-total"> · {t('log.total', { total: formatNumber(total) })}</span>
          ) : null}
        </h2>
        {failed ? (
          <div className="form-error" role="alert">
            {t('log.loadFailed')}{' '}
            <button type="button" className="link-button" onClick={retry}>
              {t('reports.retry')}
            </button>
          </div>
        ) : !page ? (
          <p className="page-loading" role="status">
            {t('reports.loading')}
          </p>
        ) : page.list.length === 0 ? (
          <section className="empty-state" data-testid="log-empty">
            <h3>{t('log.empty.title')}</h3>
            <p>{t('log.empty.text')}</p>
            <HiddenChatsNote count={page.hidden_count} />
          </section>
        ) : (
          <>
            <ChatLogTable list={page.list} linkToChat />
            <HiddenChatsNote count={page.hidden_count} />
            {total > LOG_PAGE_SIZE ? (
              <nav className="log-pager" aria-label={t('log.pages')}>
                <ChatLogRange skip={skip} pageSize={LOG_PAGE_SIZE} total={total} onSkip={setSkip} />
              </nav>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

function LogSelect({
  label,
  value,
  onChange,
  choices,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="log-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
