// The folder column: folders with their subfolders, each with create-inside, rename and delete,
// and the account's storage use at the bottom.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { formatFileSize, formatNumber } from '../../core/format/numbers';
import { t } from '../app/i18n';
import type { FolderItem } from './calls';
import { folderLabel } from './Dialogs';
import { MediaIcon } from './MediaIcon';
import type { MediaState } from './state';

export interface FolderActions {
  create(parent: FolderItem | null): void;
  rename(folder: FolderItem): void;
  remove(folder: FolderItem): void;
}

function FolderRow({
  folder,
  depth,
  state,
  actions,
  manage,
}: {
  folder: FolderItem;
  depth: number;
  state: MediaState;
  actions: FolderActions;
  manage: boolean;
}) {
  useSignals();
  // Where the open menu sits on screen: fixed there, as the folder list scrolls and would cut it off.
  const [menu, setMenu] = useState<{ top: number; right: number } | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!menu) return;
    const onPointer = (e: PointerEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenu(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenu(null);
    };
    const onMove = () => setMenu(null);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [menu]);
  const run = (action: () => void) => () => {
    setMenu(null);
    action();
  };
  const active = state.folderId.value === folder.folderId;
  const label = folderLabel(folder);
  return (
    <li>
      <div
        className={`media-folder ${active ? 'active' : ''}`}
        style={{ paddingInlineStart: 8 + depth * 16 }}
      >
        <button
          type="button"
          className="media-folder-open"
          aria-current={active ? 'true' : undefined}
          onClick={() => state.openFolder(folder.folderId)}
        >
          <MediaIcon name="folder" />
          <span className="media-folder-name" title={label}>
            {label}
          </span>
          <span className="media-folder-count muted">{formatNumber(folder.file_count)}</span>
        </button>
        {manage ? (
          <div className="media-folder-menu" ref={menuRef}>
            <button
              type="button"
              className="media-icon-button"
              aria-label={t('media.folderActions', { name: label })}
              aria-expanded={menu !== null}
              onClick={(e) => {
                const r = e.currentTarget.getBoundingClientRect();
                setMenu(menu ? null : { top: r.bottom, right: window.innerWidth - r.right });
              }}
            >
              <MediaIcon name="more" />
            </button>
            {menu ? (
              <ul className="media-menu" style={{ position: 'fixed', top: menu.top, right: menu.right }}>
                <li>
                  <button type="button" onClick={run(() => actions.create(folder))}>
                    {t('media.newSubfolder')}
                  </button>
                </li>
                {folder.is_default ? null : (
                  <>
                    <li>
                      <button type="button" onClick={run(() => actions.rename(folder))}>
                        {t('media.renameFolder')}
                      </button>
                    </li>
                    <li>
                      <button type="button" className="danger" onClick={run(() => actions.remove(folder))}>
                        {t('media.deleteFolder')}
                      </button>
                    </li>
                  </>
                )}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      {folder.subfolders.length ? (
        <ul className="media-folder-list">
          {folder.subfolders.map((sub) => (
            <FolderRow
              key={sub.folderId}
              folder={sub}
              depth={depth + 1}
              state={state}
              actions={actions}
              manage={manage}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function StorageBar({ state }: { state: MediaState }) {
  useSignals();
  const disk = state.disk.value;
  if (!disk) return null;
  const percent = disk.limit > 0 ? Math.min(100, (disk.use / disk.limit) * 100) : 0;
  return (
    <div className="media-storage">
      <div className="media-storage-label">
        <span>{t('media.storage')}</span>
        <span className="muted">
          {t('media.storageUse', { use: formatFileSize(disk.use), limit: formatFileSize(disk.limit) })}
        </span>
      </div>
      <div className={`media-storage-bar ${percent >= 90 ? 'full' : ''}`} aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function FolderTree({
  state,
  actions,
  manage,
}: {
  state: MediaState;
  actions: FolderActions;
  manage: boolean;
}) {
  useSignals();
  return (
    <nav className="media-folders" aria-label={t('media.folders')}>
      <div className="media-folders-head">
        <h2>{t('media.folders')}</h2>
        {manage ? (
          <button type="button" className="media-button small" onClick={() => actions.create(null)}>
            <MediaIcon name="folderPlus" size={16} />
            {t('media.newFolder')}
          </button>
        ) : null}
      </div>
      <ul className="media-folder-list">
        {state.folders.value.map((folder) => (
          <FolderRow
            key={folder.folderId}
            folder={folder}
            depth={0}
            state={state}
            actions={actions}
            manage={manage}
          />
        ))}
      </ul>
      <StorageBar state={state} />
    </nav>
  );
}
