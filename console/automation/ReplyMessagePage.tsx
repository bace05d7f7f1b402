// /reply-message: reply messages in groups (spec 7 /api/reply/*), the greeting for new followers
// and the outside-business-hours reply (spec 5: refused until business hours are set).
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../core/format/dates';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { notifyFailed, notifySaved, Toasts } from '../templates/Toasts';
import { ConfirmDelete, notifyDeleted } from '../ui/ConfirmDelete';
import { CreateButton } from '../ui/CreateButton';
import { EditDeleteCell, EditNameCell } from '../ui/RowActions';
import { useConfirmDelete } from '../ui/useConfirmDelete';
import { useEditing } from '../ui/useEditing';
import {
  type AutomationSettings,
  createGroup,
  deleteGroup,
  deleteReply,
  getSettings,
  listGroups,
  listReplies,
  putSettings,
  type ReplyGroup,
  type ReplyMessage,
  type ReplyUsage,
  replyUsage,
} from './api';
import { ReplyEditor, usageNames } from './ReplyEditor';
import { type Problems, problemsOf, SearchedTable, SelectInput, StatusBadge, Tabs, Toggle } from './ui';
import './automation.css';
import '../templates/templates.css';

type Tab = 'messages' | 'greeting' | 'outside';

/** "2 automatic answers use this reply message: “Price”, the greeting. …", or nothing when none do. */
function usageText(usage: ReplyUsage | null): string | null {
  const names = usageNames(usage);
  return names.length ? t('automation.reply.usedBy', { count: names.length, names: names.join(', ') }) : null;
}

function ReplyPicker({
  replies,
  value,
  onChange,
  label,
  problem,
}: {
  replies: ReplyMessage[];
  value: string | null;
  onChange: (id: string | null) => void;
  label: string;
  problem?: string;
}) {
  return (
    <SelectInput
      label={label}
      value={value ?? ''}
      onChange={(v) => onChange(v || null)}
      problem={problem}
      options={[
        { value: '', label: t('automation.chooseReply') },
        ...replies.map((r) => ({ value: r._id, label: r.name })),
      ]}
    />
  );
}

function SettingsTab({ kind, replies }: { kind: 'greeting' | 'outside'; replies: ReplyMessage[] }) {
  const [settings, setSettings] = useState<AutomationSettings | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  useEffect(() => {
    getSettings()
      .then(setSettings)
      .catch(() => setSettings(null));
  }, []);
  if (!settings) return <p className="auto-hint">{t('automation.loading')}</p>;
  const key = kind === 'greeting' ? 'greeting' : 'outside_hours';
  const current = settings[key];
  const save = async (next: typeof current) => {
    setProblems({});
    try {
      const saved = await putSettings({ [key]: next });
      setSettings({ ...settings, ...saved });
      notifySaved();
    } catch (err) {
      setProblems(problemsOf(err));
      notifyFailed();
    }
  };
  const needsHours = kind === 'outside' && !settings.business_hours_set;
  return (
    <section className="auto-card" data-testid={`${kind}-settings`}>
      <h2>{t(`automation.${kind}.title`)}</h2>
      <p className="lead">{t(`automation.${kind}.lead`)}</p>
      {needsHours || problems.business_hours ? (
        <div className="auto-alert" role="alert" data-testid="business-hours-alert">
          <span>{t('automation.errors.businessHours')}</span>
          <Link href={localizePath('/setting/general', locale.value)}>
            {t('automation.outside.setHours')}
          </Link>
        </div>
      ) : null}
      <div className="auto-settings-row">
        <ReplyPicker
          replies={replies}
          label={t('automation.replyMessage')}
          value={current.reply_message_id}
          problem={problems[`${key}.reply_message_id`]}
          onChange={(id) => save({ ...current, reply_message_id: id, enabled: id ? current.enabled : false })}
        />
        <Toggle
          checked={current.enabled}
          testId={`${kind}-enabled`}
          label={current.enabled ? t('automation.on') : t('automation.off')}
          onChange={(enabled) => save({ ...current, enabled })}
        />
      </div>
      {kind === 'greeting' ? <p className="auto-hint">{t('automation.greeting.widget')}</p> : null}
    </section>
  );
}

export default function ReplyMessagePage({ titleKey }: PageProps) {
  useSignals();
  const [tab, setTab] = useState<Tab>('messages');
  const [replies, setReplies] = useState<ReplyMessage[] | null>(null);
  const [groups, setGroups] = useState<ReplyGroup[]>([]);
  const [group, setGroup] = useState<string | 'all' | 'none'>('all');
  const [search, setSearch] = useState('');
  const { editing, setEditing, edited, closeEditor, afterSave } = useEditing<ReplyMessage>();
  const [newGroup, setNewGroup] = useState('');

  const load = useCallback(async () => {
    try {
      const [r, g] = await Promise.all([listReplies(), listGroups()]);
      setReplies(r.list);
      setGroups(g.list);
    } catch {
      setReplies([]);
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);
  // The question names the rules, intents and greetings that answer with it (they would send nothing).
  const [deleting, setDeleting] = useState<{ reply: ReplyMessage; usage: ReplyUsage | null } | null>(null);
  const askDelete = async (reply: ReplyMessage) =>
    setDeleting({ reply, usage: await replyUsage(reply._id).catch(() => null) });
  const groupDeleter = useConfirmDelete(async (target: ReplyGroup) => {
    await deleteGroup(target._id);
    if (group === target._id) setGroup('all');
    load();
  });

  const shown = (replies ?? []).filter(
    (r) =>
      (group === 'all' || (group === 'none' ? r.group_id === null : r.group_id === group)) &&
      (!search.trim() || r.name.toLowerCase().includes(search.trim().toLowerCase())),
  );
  const groupName = (id: string | null) => groups.find((g) => g._id === id)?.name ?? '-';

  const addGroup = async () => {
    if (!newGroup.trim()) return;
    try {
      const made = await createGroup(newGroup.trim());
      setNewGroup('');
      await load();
      setGroup(made.group._id);
    } catch {
      notifyFailed();
    }
  };

  return (
    <>
      <PageHeader title={t(titleKey)}>
        {tab === 'messages' ? (
          <CreateButton
            label={t('automation.reply.create')}
            testId="create-reply"
            onClick={() => setEditing('new')}
          />
        ) : null}
      </PageHeader>
      <section className="auto-page">
        <Tabs
          label={t(titleKey)}
          value={tab}
          onChange={setTab}
          tabs={[
            { value: 'messages', label: t('automation.tabs.messages') },
            { value: 'greeting', label: t('automation.tabs.greeting') },
            { value: 'outside', label: t('automation.tabs.outside') },
          ]}
        />
        {tab === 'messages' ? (
          <div className="auto-split">
            <nav className="auto-groups" aria-label={t('automation.groups')}>
              <h2>{t('automation.groups')}</h2>
              <ul>
                {(
                  [
                    ['all', t('automation.allGroups')],
                    ['none', t('automation.noGroup')],
                  ] as const
                ).map(([id, label]) => (
                  <li key={id}>
                    <button type="button" className={group === id ? 'on' : ''} onClick={() => setGroup(id)}>
                      {label}
                    </button>
                  </li>
                ))}
                {groups.map((g) => (
                  <li key={g._id}>
                    <button
                      type="button"
                      className={group === g._id ? 'on' : ''}
                      onClick={() => setGroup(g._id)}
                    >
                      {g.name} <span className="auto-hint">({g.messages.length})</span>
                    </button>
                    <button
                      type="button"
                      className="tpl-icon-button danger"
                      aria-label={`${t('automation.delete')} — ${g.name}`}
                      onClick={() => groupDeleter.ask(g)}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
              <div className="auto-group-new">
                <input
                  className="auto-inline-input"
                  value={newGroup}
                  maxLength={100}
                  placeholder={t('automation.newGroup')}
                  aria-label={t('automation.newGroup')}
                  onChange={(e) => setNewGroup(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') addGroup();
                  }}
                />
                <button
                  type="button"
                  className="tpl-button"
                  onClick={addGroup}
                  aria-label={t('automation.addGroup')}
                >
                  +
                </button>
              </div>
            </nav>
            <div>
              <SearchedTable
                searchLabel={t('automation.search')}
                search={search}
                onSearch={setSearch}
                shown={replies && shown}
                emptyTestId="replies-empty"
                emptyText={t('automation.reply.empty', { button: t('automation.reply.create') })}
                head={
                  <>
                    <th>{t('automation.columns.name')}</th>
                    <th>{t('automation.columns.messages')}</th>
                    <th className="hide-md">{t('automation.columns.group')}</th>
                    <th>{t('automation.columns.status')}</th>
                    <th className="hide-md">{t('automation.columns.updated')}</th>
                  </>
                }
              >
                {shown.map((r) => (
                  <tr key={r._id} data-testid="reply-row">
                    <EditNameCell name={r.name} onEdit={() => setEditing(r)} />
                    <td className="wrap">
                      <span className="auto-chips">
                        {r.items.map((item, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
                          <span key={i} className="auto-chip">
                            {t(`automation.types.${item.type}`)}
                          </span>
                        ))}
                        {r.quick_replies.length ? (
                          <span className="auto-chip exact">
                            {t('automation.reply.quickCount', { n: r.quick_replies.length })}
                          </span>
                        ) : null}
                      </span>
                    </td>
                    <td className="hide-md">{groupName(r.group_id)}</td>
                    <td>
                      <StatusBadge on={r.is_active} />
                    </td>
                    <td className="hide-md">{formatDateTime(r.updated_at)}</td>
                    <EditDeleteCell onEdit={() => setEditing(r)} onDelete={() => askDelete(r)} />
                  </tr>
                ))}
              </SearchedTable>
            </div>
          </div>
        ) : (
          <SettingsTab kind={tab} replies={(replies ?? []).filter((r) => r.is_active)} />
        )}
      </section>
      {editing ? (
        <ReplyEditor
          reply={edited}
          groups={groups}
          defaultGroup={group !== 'all' && group !== 'none' ? group : null}
          onClose={closeEditor}
          onSaved={afterSave(load)}
        />
      ) : null}
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        detail={deleting ? usageText(deleting.usage) : null}
        remove={async ({ reply }) => {
          await deleteReply(reply._id);
          notifyDeleted();
          load();
        }}
      />
      {groupDeleter.dialog}
      <Toasts />
    </>
  );
}
