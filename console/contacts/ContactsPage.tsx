// /contact-list (spec 2 Contact List): every contact across channels with search, filters
// (channel, tag, verified), sort and keyset paging; details beside the list; add, import,
// export, merge and field management for those whose role allows it.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { formatDate } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { EmptyState, failed, Toasts } from '../settings/ui';
import { CreateContactDialog, FieldsDialog, ImportDialog, MergeDialog } from './ContactDialogs';
import { ContactDrawer } from './ContactDrawer';
import {
  type ContactView,
  downloadExport,
  getMasterdata,
  type ListQuery,
  listContacts,
  type Masterdata,
} from './calls';
import './contacts.css';

const PAGE_SIZE = 50;
const FIRST_PAGE: (string | undefined)[] = [undefined];
const SORTS = [
  { value: 'last_active:desc', key: 'sortRecent' },
  { value: 'name:asc', key: 'sortName' },
  { value: 'name:desc', key: 'sortNameDesc' },
  { value: 'created:desc', key: 'sortNewest' },
  { value: 'created:asc', key: 'sortOldest' },
];

function Avatar({ contact }: { contact: ContactView }) {
  return (
    <span className="ct-avatar" aria-hidden="true">
      {contact.line_image ? (
        <img src={contact.line_image} alt="" loading="lazy" />
      ) : (
        ([...contact.display_name][0] ?? '?')
      )}
    </span>
  );
}

export default function ContactsPage({ titleKey }: PageProps) {
  useSignals();
  const [masterdata, setMasterdata] = useState<Masterdata | null>(null);
  const [search, setSearch] = useState('');
  const [channel, setChannel] = useState('');
  const [tag, setTag] = useState('');
  const [verified, setVerified] = useState('');
  const [sort, setSort] = useState(SORTS[0].value);
  // Cursors of the pages before the current one (keyset paging: back is a stack), kept with the
  // filters and sort they were made for: new filters start from the first page in the same render,
  // so a cursor of the old sort is never sent with the new one.
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: '',
    cursors: FIRST_PAGE,
  });
  const [page, setPage] = useState<{ list: ContactView[]; next: string | null } | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ContactView[]>([]);
  const [dialog, setDialog] = useState<'create' | 'import' | 'merge' | 'fields' | null>(null);
  const [reload, setReload] = useState(0);
  const [exporting, setExporting] = useState(false);
  const mayWrite = masterdata?.can_write ?? canDo('contacts', 'write');
  const mayManageFields = canDo('settings', 'write');

  const [sortField, order] = sort.split(':');
  const query: ListQuery = {
    search: search.trim() || undefined,
    channel_type: channel || undefined,
    tag_id: tag || undefined,
    verified: verified || undefined,
    sort: sortField,
    order,
  };
  const filterKey = JSON.stringify(query);
  const cursors = paging.key === filterKey ? paging.cursors : FIRST_PAGE;
  const setCursors = (next: (string | undefined)[]) => setPaging({ key: filterKey, cursors: next });
  const cursor = cursors[cursors.length - 1];

  const loadMasterdata = useCallback(() => {
    getMasterdata().then(setMasterdata).catch(failed);
  }, []);
  useEffect(() => loadMasterdata(), [loadMasterdata]);

  // A new filter clears the selection (and starts from the first page: `cursors` above).
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filters
  useEffect(() => {
    setSelected([]);
  }, [filterKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey and reload ask for the page again
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        listContacts({ ...query, cursor, limit: PAGE_SIZE })
          .then((r) => {
            if (!live) return;
            setPage({ list: r.list, next: r.next_cursor });
            if (r.total_count !== null) setTotal(r.total_count);
          })
          .catch((err) => live && failed(err));
      },
      search ? 250 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [filterKey, cursor, reload]);

  const refresh = () => setReload((n) => n + 1);
  const filtered = Boolean(query.search || query.channel_type || query.tag_id || query.verified);
  const start = (cursors.length - 1) * PAGE_SIZE;
  const toggleSelect = (c: ContactView) =>
    setSelected(
      selected.some((s) => s._id === c._id)
        ? selected.filter((s) => s._id !== c._id)
        : [...selected, c].slice(-2),
    );
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await downloadExport(format, query);
    } catch (err) {
      failed(err);
    } finally {
      setExporting(false);
    }
  };

  const addButton = mayWrite ? (
    <button type="button" className="st-button primary" onClick={() => setDialog('create')}>
      + {t('contacts.add')}
    </button>
  ) : null;

  return (
    <div className={`ct-layout${openId ? ' with-drawer' : ''}`}>
      <div className="ct-main st-page">
        <PageHeader title={t(titleKey)}>
          {mayManageFields ? (
            <button type="button" className="st-button" onClick={() => setDialog('fields')}>
              {t('contacts.manageFields')}
            </button>
          ) : null}
          {mayWrite ? (
            <button type="button" className="st-button" onClick={() => setDialog('import')}>
              {t('contacts.import')}
            </button>
          ) : null}
          <button
            type="button"
            className="st-button"
            disabled={exporting}
            onClick={() => void exportAs('xlsx')}
          >
            {t('contacts.exportExcel')}
          </button>
          <button
            type="button"
            className="st-button"
            disabled={exporting}
            onClick={() => void exportAs('csv')}
          >
            {t('contacts.exportCsv')}
          </button>
          {addButton}
        </PageHeader>
        <div className="st-toolbar ct-filters">
          <input
            className="st-input st-grow"
            type="search"
            placeholder={t('contacts.search')}
            aria-label={t('contacts.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <select
            className="st-select"
            aria-label={t('contacts.filterChannel')}
            value={channel}
            onChange={(e) => setChannel(e.target.value)}
          >
            <option value="">{t('contacts.allChannels')}</option>
            {[...new Set(masterdata?.channels.map((c) => c.type) ?? [])].map((type) => (
              <option key={type} value={type}>
                {t(`contacts.channel.${type}`)}
              </option>
            ))}
          </select>
          <select
            className="st-select ct-tag-filter"
            aria-label={t('contacts.filterTag')}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
          >
            <option value="">{t('contacts.allTags')}</option>
            {masterdata?.tags.map((x) => (
              <option key={x._id} value={x._id}>
                {x.name}
              </option>
            ))}
          </select>
          <select
            className="st-select"
            aria-label={t('contacts.filterVerified')}
            value={verified}
            onChange={(e) => setVerified(e.target.value)}
          >
            <option value="">{t('contacts.allContacts')}</option>
            <option value="true">{t('contacts.verifiedOnly')}</option>
            <option value="false">{t('contacts.notVerified')}</option>
          </select>
          <select
            className="st-select"
            aria-label={t('contacts.sort')}
            value={sort}
            onChange={(e) => setSort(e.target.value)}
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(`contacts.${s.key}`)}
              </option>
            ))}
          </select>
        </div>
        {selected.length > 0 ? (
          <div className="ct-selection" role="status">
            <span>{t('contacts.selected', { count: selected.length })}</span>
            {mayWrite ? (
              <button
                type="button"
                className="st-button small"
                disabled={selected.length !== 2}
                title={selected.length !== 2 ? t('contacts.mergeHint') : undefined}
                onClick={() => setDialog('merge')}
              >
                {t('contacts.merge')}
              </button>
            ) : null}
            <button type="button" className="st-link" onClick={() => setSelected([])}>
              {t('contacts.clearSelection')}
            </button>
          </div>
        ) : null}
        {page && page.list.length === 0 && cursors.length === 1 ? (
          filtered ? (
            <EmptyState title={t('contacts.noMatch')} text={t('contacts.noMatchText')} />
          ) : (
            <EmptyState
              title={t('contacts.empty')}
              text={mayWrite ? t('contacts.emptyText') : t('contacts.emptyReadOnly')}
              action={addButton}
            />
          )
        ) : null}
        {page && page.list.length > 0 ? (
          <>
            <div className="st-table-card ct-table-card">
              <table className="st-table" data-testid="contact-table">
                <thead>
                  <tr>
                    <th scope="col" className="ct-check">
                      <span className="visually-hidden">{t('contacts.select')}</span>
                    </th>
                    <th scope="col">{t('contacts.name')}</th>
                    <th scope="col">{t('contacts.channelLabel')}</th>
                    <th scope="col">{t('contacts.status')}</th>
                    <th scope="col" className="st-hide-narrow">
                      {t('contacts.tags')}
                    </th>
                    <th scope="col" className="st-hide-narrow">
                      {t('contacts.lastActive')}
                    </th>
                    <th scope="col" className="st-hide-narrow ct-hide-drawer">
                      {t('contacts.created')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.list.map((c) => (
                    <tr
                      key={c._id}
                      className={`clickable${openId === c._id ? ' selected' : ''}`}
                      data-testid="contact-row"
                      onClick={() => setOpenId(c._id)}
                    >
                      <td
                        className="ct-check"
                        onClick={(e) => e.stopPropagation()}
                        onKeyDown={(e) => e.stopPropagation()}
                      >
                        <input
                          type="checkbox"
                          aria-label={t('contacts.selectOne', { name: c.display_name })}
                          checked={selected.some((s) => s._id === c._id)}
                          onChange={() => toggleSelect(c)}
                        />
                      </td>
                      <td>
                        <button type="button" className="ct-name" onClick={() => setOpenId(c._id)}>
                          <Avatar contact={c} />
                          <span className="st-name-cell">
                            <strong>{c.display_name || t('contacts.unnamed')}</strong>
                            {c.line_nickname && c.line_nickname !== c.line_name ? (
                              <small>{c.line_name}</small>
                            ) : null}
                          </span>
                        </button>
                      </td>
                      <td>
                        <span className={`ct-channel ${c.channel_type}`}>
                          {t(`contacts.channel.${c.channel_type}`)}
                        </span>
                      </td>
                      <td>
                        {c.verify.is_verify ? (
                          <span className="badge badge-ok" title={c.verify.verify_type ?? undefined}>
                            {t('contacts.verified')}
                          </span>
                        ) : (
                          <span className="muted">{t('contacts.unverified')}</span>
                        )}
                      </td>
                      <td className="st-hide-narrow">
                        <div className="st-chips">
                          {[...c.tags, ...c.api_tags].slice(0, 3).map((x) => (
                            <span key={x._id} className="st-chip" title={x.name}>
                              <span>{x.name}</span>
                            </span>
                          ))}
                          {c.tags.length + c.api_tags.length > 3 ? (
                            <span className="muted">+{c.tags.length + c.api_tags.length - 3}</span>
                          ) : null}
                        </div>
                      </td>
                      <td className="st-hide-narrow">
                        {c.last_message_at ? formatDate(c.last_message_at) : '-'}
                      </td>
                      <td className="st-hide-narrow ct-hide-drawer">{formatDate(c.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav className="st-pager" aria-label={t('contacts.pages')}>
              <span>
                {t('contacts.range', {
                  from: formatNumber(start + 1),
                  to: formatNumber(start + page.list.length),
                  total: formatNumber(total ?? start + page.list.length),
                })}
              </span>
              <button
                type="button"
                className="st-button small"
                disabled={cursors.length === 1}
                onClick={() => setCursors(cursors.slice(0, -1))}
              >
                {t('contacts.previous')}
              </button>
              <button
                type="button"
                className="st-button small"
                disabled={!page.next}
                onClick={() => page.next && setCursors([...cursors, page.next])}
              >
                {t('contacts.next')}
              </button>
            </nav>
          </>
        ) : null}
      </div>
      {openId ? (
        <ContactDrawer
          contactId={openId}
          masterdata={masterdata}
          onClose={() => setOpenId(null)}
          onChanged={(c) =>
            setPage((p) => (p ? { ...p, list: p.list.map((x) => (x._id === c._id ? c : x)) } : p))
          }
        />
      ) : null}
      {dialog === 'create' && masterdata ? (
        <CreateContactDialog
          masterdata={masterdata}
          onClose={() => setDialog(null)}
          onCreated={(c) => {
            setDialog(null);
            setOpenId(c._id);
            refresh();
          }}
        />
      ) : null}
      {dialog === 'import' && masterdata ? (
        <ImportDialog
          masterdata={masterdata}
          onClose={() => setDialog(null)}
          onDone={() => {
            refresh();
            loadMasterdata();
          }}
        />
      ) : null}
      {dialog === 'merge' && selected.length === 2 ? (
        <MergeDialog
          pair={[selected[0], selected[1]]}
          onClose={() => setDialog(null)}
          onMerged={(c) => {
            setDialog(null);
            setSelected([]);
            setOpenId(c._id);
            refresh();
          }}
        />
      ) : null}
      {dialog === 'fields' ? (
        <FieldsDialog
          onClose={() => setDialog(null)}
          onChanged={() => {
            loadMasterdata();
            refresh();
          }}
        />
      ) : null}
      <Toasts />
    </div>
  );
}
