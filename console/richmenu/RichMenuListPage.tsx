// /rich-menu/general-rich-menu and /rich-menu/personal-rich-menu: the menus of a kind with the
// tabs Current Menu and History (spec 2), switched on (published to LINE) and off, edited,
// duplicated and deleted.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { RichMenuKind } from '../../core/automation/richMenu';
import { formatDateTime } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { ListStatus, Tabs, Toggle } from '../automation/ui';
import { PageHeader } from '../pages/PageHeader';
import { ApiError } from '../session/api';
import { AlertDialog } from '../templates/Dialog';
import { notify, notifyFailed, Toasts } from '../templates/Toasts';
import { CreateButton } from '../ui/CreateButton';
import { useConfirmDelete } from '../ui/useConfirmDelete';
import { useEditing } from '../ui/useEditing';
import { deleteMenu, duplicateMenu, listMenus, publishMenu, type RichMenuWire, unpublishMenu } from './api';
import { RichMenuEditor } from './RichMenuEditor';
import '../automation/automation.css';
import '../templates/templates.css';
import './richmenu.css';

type Tab = 'current' | 'history';

function MenuCard({
  menu,
  onEdit,
  onToggle,
  onDuplicate,
  onDelete,
}: {
  menu: RichMenuWire;
  onEdit: () => void;
  onToggle: (on: boolean) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const history = menu.status === 'history';
  return (
    <li className={`rm-card ${menu.is_active ? 'live' : ''}`} data-testid="menu-card">
      <div
        className="rm-thumb"
        style={{ aspectRatio: menu.template === 'large' ? '2500 / 1686' : '2500 / 843' }}
      >
        {menu.image ? (
          <img
            src={menu.image.url}
            alt=""
            loading="lazy"
            onError={(e) => {
              e.currentTarget.hidden = true;
            }}
          />
        ) : null}
        {menu.areas.map((a, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: areas are numbered by position
            key={i}
            className="rm-thumb-area"
            style={{
              left: `${(a.x / 2500) * 100}%`,
              top: `${(a.y / (menu.template === 'large' ? 1686 : 843)) * 100}%`,
              width: `${(a.width / 2500) * 100}%`,
              height: `${(a.height / (menu.template === 'large' ? 1686 : 843)) * 100}%`,
            }}
          />
        ))}
      </div>
      <div className="rm-card-body">
        <h3>{menu.name}</h3>
        <p className="auto-hint">
          {t('richMenu.menuBarLabel')}: <strong>{menu.menu_bar_label}</strong> ·{' '}
          {t(`richMenu.templates.${menu.template}`)} · {t(`richMenu.behaviors.${menu.default_behavior}`)}
        </p>
        <p className="auto-hint">
          {menu.published_at
            ? t('richMenu.publishedAt', { at: formatDateTime(menu.published_at) })
            : t('richMenu.neverPublished')}
          {menu.kind === 'personal' && menu.linked
            ? ` · ${t('richMenu.linkedUsers', { n: formatNumber(menu.linked.users) })}`
            : ''}
        </p>
        {menu.publish_error ? <p className="auto-error">{menu.publish_error}</p> : null}
        <div className="rm-card-actions">
          {history ? null : (
            <Toggle
              checked={menu.is_active}
              onChange={onToggle}
              label={menu.is_active ? t('richMenu.on') : t('richMenu.off')}
              testId="menu-toggle"
            />
          )}
          <span className="rm-spacer" />
          {history ? null : (
            <button type="button" className="tpl-link" onClick={onEdit}>
              {t('automation.edit')}
            </button>
          )}
          <button type="button" className="tpl-link" onClick={onDuplicate}>
            {history ? t('richMenu.useAgain') : t('richMenu.duplicate')}
          </button>
          <button type="button" className="tpl-link danger" onClick={onDelete}>
            {t('automation.delete')}
          </button>
        </div>
      </div>
    </li>
  );
}

export default function RichMenuListPage({ titleKey }: PageProps) {
  useSignals();
  const kind: RichMenuKind = titleKey === 'title.richMenuPersonal' ? 'personal' : 'general';
  const [tab, setTab] = useState<Tab>('current');
  const [menus, setMenus] = useState<RichMenuWire[] | null>(null);
  const [channels, setChannels] = useState<{ _id: string; name: string }[]>([]);
  const { editing, setEditing, edited, closeEditor, afterSave } = useEditing<RichMenuWire>();
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const r = await listMenus(kind, tab);
      setMenus(r.list);
      setChannels(r.channels);
    } catch {
      setMenus([]);
    }
  }, [kind, tab]);
  useEffect(() => {
    setMenus(null);
    load();
  }, [load]);

  const fail = (err: unknown) => {
    if (err instanceof ApiError) setError(localMessage(err.body.message));
    else notifyFailed();
  };
  const deleter = useConfirmDelete(async (target: RichMenuWire) => {
    await deleteMenu(target._id);
    load();
  }, fail);

  return (
    <>
      <PageHeader title={t(titleKey)}>
        <Link href={localizePath('/rich-menu', locale.value)} className="tpl-button">
          {t('richMenu.back')}
        </Link>
        <CreateButton
          label={t('richMenu.create')}
          testId="create-menu"
          disabled={channels.length === 0 && menus !== null}
          onClick={() => setEditing('new')}
        />
      </PageHeader>
      <section className="auto-page">
        {menus !== null && channels.length === 0 ? (
          <div className="auto-alert" role="alert">
            <span>{t('automation.errors.noLineChannel')}</span>
            <Link href={localizePath('/setting/channel', locale.value)}>{t('richMenu.connectLine')}</Link>
          </div>
        ) : null}
        <Tabs
          label={t(titleKey)}
          value={tab}
          onChange={setTab}
          tabs={[
            { value: 'current', label: t('richMenu.tabs.current') },
            { value: 'history', label: t('richMenu.tabs.history') },
          ]}
        />
        <ListStatus
          shown={menus}
          testId="menus-empty"
          emptyText={
            tab === 'history'
              ? t('richMenu.historyEmpty')
              : t('richMenu.empty', { button: t('richMenu.create') })
          }
        />
        {menus && menus.length > 0 ? (
          <ul className="rm-cards">
            {menus.map((m) => (
              <MenuCard
                key={m._id}
                menu={m}
                onEdit={() => setEditing(m)}
                onToggle={async (on) => {
                  try {
                    await (on ? publishMenu(m._id) : unpublishMenu(m._id));
                    notify(
                      'success',
                      t('automation.notify.success'),
                      on ? t('richMenu.published') : t('richMenu.unpublished'),
                    );
                  } catch (err) {
                    fail(err);
                  }
                  load();
                }}
                onDuplicate={async () => {
                  try {
                    await duplicateMenu(m._id);
                    setTab('current');
                    load();
                  } catch (err) {
                    fail(err);
                  }
                }}
                onDelete={() => deleter.ask(m)}
              />
            ))}
          </ul>
        ) : null}
      </section>
      {editing ? (
        <RichMenuEditor
          kind={kind}
          menu={edited}
          channels={channels}
          onClose={closeEditor}
          onSaved={afterSave(load)}
        />
      ) : null}
      {deleter.dialog}
      {error ? (
        <AlertDialog title={t('automation.errorTitle')} text={error} onClose={() => setError(null)} />
      ) : null}
      <Toasts />
    </>
  );
}
