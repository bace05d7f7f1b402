// The media library itself, shared by the media page and the picker other screens open:
// folders, search, sort, type filter, grid or list, selection, drag-and-drop and multi-file
// upload with progress, and the dialogs for folders and files.

import type { Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { type DragEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { formatNumber } from '../../core/format/numbers';
import type { UploadRules } from '../../core/upload/checkFiles';
import { checkFiles } from '../../core/upload/checkFiles';
import { CONTENT_TYPE_BY_EXTENSION } from '../../core/upload/contentTypes';
import { ALLOWED_EXTENSIONS } from '../../core/upload/fileTypes';
import { categoryOf, DEFAULT_UPLOAD_LIMITS } from '../../core/upload/limits';
import type { UploadWarning } from '../../core/upload/warnings';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { canDo } from '../session/access';
import { ApiError } from '../session/api';
import type { FolderItem, LibraryFile } from './calls';
import * as calls from './calls';
import { ConfirmDialog, folderLabel, MoveDialog, NameDialog, WarningDialog } from './Dialogs';
import { FileGrid, FileList } from './FileViews';
import { type FolderActions, FolderTree } from './FolderTree';
import { MediaIcon } from './MediaIcon';
import { PreviewDialog } from './PreviewDialog';
import { readFileInfo } from './readFiles';
import { type Accept, type MediaState, SORTS, type SortKey } from './state';
import { UploadList } from './UploadList';
import { prepareEntries, type UploadEntry, uploadAll } from './uploads';

type Dialog =
  | { kind: 'createFolder'; parent: FolderItem | null }
  | { kind: 'renameFolder'; folder: FolderItem }
  | { kind: 'deleteFolder'; folder: FolderItem; force: boolean }
  | { kind: 'warning'; problems: { name: string; warning: UploadWarning }[] }
  | { kind: 'preview'; file: LibraryFile }
  | { kind: 'renameFile'; file: LibraryFile }
  | { kind: 'move'; files: LibraryFile[] }
  | { kind: 'deleteFiles'; files: LibraryFile[] };

/** The extensions a library that accepts `accept` offers for upload. */
export function allowedFor(accept: Accept): string[] {
  if (accept === 'any') return [...ALLOWED_EXTENSIONS];
  return ALLOWED_EXTENSIONS.filter((ext) => categoryOf(CONTENT_TYPE_BY_EXTENSION[ext]) === accept);
}

/** A failed call's message in the page's language where we know it. */
function errorText(err: unknown): string {
  if (!(err instanceof ApiError)) return t('error.generic');
  const { status, body } = err;
  if (status === 409 && body.field === 'name') return t('media.nameTaken');
  return status >= 500 || status === 0 ? t('error.generic') : localMessage(body.message);
}

function filesInTree(folder: FolderItem): number {
  return folder.file_count + folder.subfolders.reduce((sum, f) => sum + filesInTree(f), 0);
}

export interface MediaLibraryProps {
  state: MediaState;
  mode: 'page' | 'picker';
  /** Upload rules on top of spec 5's defaults (a rich menu's sizes, say). */
  rules?: UploadRules;
}

export function MediaLibrary({ state, mode, rules }: MediaLibraryProps) {
  useSignals();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [searchText, setSearchText] = useState(state.search.value);
  const inputRef = useRef<HTMLInputElement>(null);
  const manage = mode === 'page';
  // Roles that only read media (agents by default) browse and pick; the server refuses changes.
  const canWrite = canDo('media', 'write');
  const edit = manage && canWrite;
  const uploadRules = useMemo<UploadRules>(
    () => ({ allowed: allowedFor(state.accept), limits: DEFAULT_UPLOAD_LIMITS, ...rules }),
    [state.accept, rules],
  );

  useEffect(() => {
    state.loadFolders().then(() => state.loadFiles());
    state.loadDisk();
  }, [state]);

  // Search as the user types, once they pause.
  useEffect(() => {
    if (searchText === state.search.value) return;
    const timer = setTimeout(() => {
      state.search.value = searchText;
      state.loadFiles();
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, state]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(timer);
  }, [notice]);

  const refresh = async () => {
    await Promise.all([state.loadFiles(), state.loadDisk(), state.loadFolders()]);
  };
  const done = (ok: boolean, text?: string) =>
    setNotice({ ok, text: text ?? (ok ? t('media.saveSuccess') : t('media.saveFail')) });
  /** A name dialog's save: "Success" after `run`, or the reason shown under the field. */
  const saveName =
    (run: (name: string) => Promise<void>) =>
    async (name: string): Promise<string | null> => {
      try {
        await run(name);
        done(true);
        return null;
      } catch (err) {
        return errorText(err);
      }
    };
  /** A change to files: the dialog closes, the library reloads and the toast says how it went. */
  const changeFiles = async (run: () => Promise<void>) => {
    try {
      await run();
      setDialog(null);
      await refresh();
      done(true);
    } catch (err) {
      setDialog(null);
      done(false, errorText(err));
    }
  };

  async function addFiles(list: FileList | File[]) {
    if (!canWrite) return;
    const folderId = state.folderId.value;
    const picked = await Promise.all(Array.from(list).map(readFileInfo));
    if (!folderId || picked.length === 0) return;
    const verdict = checkFiles(picked, uploadRules);
    if (verdict.rejected.length)
      setDialog({
        kind: 'warning',
        problems: verdict.rejected.map((r) => ({ name: r.file.name, warning: r.warning })),
      });
    if (verdict.accepted.length === 0) return;
    const entries = prepareEntries(verdict.accepted, folderId);
    const files = new Map(verdict.accepted.map((f) => [f.tempId, f.file]));
    state.uploads.value = [...entries, ...state.uploads.value];
    const update = (entry: UploadEntry) => {
      state.uploads.value = state.uploads.value.map((e) => (e.tempId === entry.tempId ? entry : e));
    };
    const finished = await uploadAll(entries, files, { update });
    await refresh();
    if (mode === 'picker')
      for (const entry of finished) {
        const file = entry.result;
        if (file && !state.selectedIds.value.includes(file.id)) state.toggle(file);
      }
  }

  const folderActions: FolderActions = {
    create: (parent) => setDialog({ kind: 'createFolder', parent }),
    rename: (folder) => setDialog({ kind: 'renameFolder', folder }),
    remove: (folder) => setDialog({ kind: 'deleteFolder', folder, force: false }),
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) addFiles(e.dataTransfer.files);
  };

  const selected = state.selected.value;
  const files = state.files.value;
  const folder = state.currentFolder.value;
  const searching = state.search.value.trim() !== '';
  const FileView = state.view.value === 'grid' ? FileGrid : FileList;

  return (
    <div className={`media-library mode-${mode}`}>
      <FolderTree state={state} actions={folderActions} manage={edit} />
      <section
        className={`media-files ${dragging ? 'dragging' : ''}`}
        aria-label={folder ? folderLabel(folder) : t('media.files')}
        onDragOver={(e) => {
          if (!canWrite || !Array.from(e.dataTransfer.types).includes('Files')) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <div className="media-toolbar">
          <label className="media-search">
            <MediaIcon name="search" size={16} />
            <input
              type="search"
              value={searchText}
              placeholder={t('media.search')}
              aria-label={t('media.search')}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </label>
          {state.accept === 'any' ? (
            <ToolbarSelect
              label={t('media.type')}
              value={state.typeFilter}
              options={['any', 'image', 'video', 'file'] as const}
              texts="media.types"
              onChange={() => state.loadFiles()}
            />
          ) : null}
          <ToolbarSelect
            label={t('media.sort')}
            value={state.sort}
            options={Object.keys(SORTS) as SortKey[]}
            texts="media.sorts"
            onChange={() => state.loadFiles()}
          />
          <fieldset className="media-view-switch" aria-label={t('media.view')}>
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                className="media-icon-button"
                aria-pressed={state.view.value === v}
                aria-label={t(`media.views.${v}`)}
                title={t(`media.views.${v}`)}
                onClick={() => state.setView(v)}
              >
                <MediaIcon name={v} />
              </button>
            ))}
          </fieldset>
          {canWrite ? (
            <>
              <button
                type="button"
                className="media-button primary"
                onClick={() => inputRef.current?.click()}
              >
                <MediaIcon name="upload" size={16} />
                {t('media.upload')}
              </button>
              <input
                ref={inputRef}
                type="file"
                multiple
                hidden
                accept={uploadRules.allowed?.map((ext) => `.${ext}`).join(',')}
                data-testid="media-file-input"
                onChange={(e) => {
                  if (e.target.files) addFiles(Array.from(e.target.files));
                  e.target.value = '';
                }}
              />
            </>
          ) : null}
        </div>

        {edit && selected.length > 0 ? (
          <div
            className="media-bulk"
            role="toolbar"
            aria-label={t('media.selected', { count: selected.length })}
          >
            <span>{t('media.selected', { count: selected.length })}</span>
            <BulkButton icon="move" onClick={() => setDialog({ kind: 'move', files: selected })}>
              {t('media.move')}
            </BulkButton>
            <BulkButton
              icon="trash"
              danger
              onClick={() => setDialog({ kind: 'deleteFiles', files: selected })}
            >
              {t('media.delete')}
            </BulkButton>
            <button type="button" className="link-button" onClick={() => (state.selected.value = [])}>
              {t('media.clearSelection')}
            </button>
          </div>
        ) : null}

        <UploadList state={state} />

        <div className="media-files-body">
          <p className="media-count muted" aria-live="polite">
            {state.loading.value && files.length === 0
              ? t('media.loading')
              : t('media.total', { count: formatNumber(state.total.value) })}
          </p>
          {!state.loading.value && files.length === 0 ? (
            <div className="empty-state media-empty" data-testid="media-empty">
              {searching ? (
                <p>{t('media.searchEmpty', { search: state.search.value.trim() })}</p>
              ) : (
                <>
                  <MediaIcon name={canWrite ? 'upload' : 'folder'} size={32} />
                  <p>{canWrite ? t('media.empty') : t('media.emptyReadOnly')}</p>
                </>
              )}
            </div>
          ) : (
            <FileView
              state={state}
              pickerMode={!manage}
              selectable={!manage || edit}
              onOpen={(file) => setDialog({ kind: 'preview', file })}
            />
          )}
          {files.length < state.total.value ? (
            <button type="button" className="media-button media-more" onClick={() => state.loadFiles(true)}>
              {t('media.loadMore', { shown: files.length, total: state.total.value })}
            </button>
          ) : null}
        </div>
        {dragging ? (
          <div className="media-drop" aria-hidden="true">
            <MediaIcon name="upload" size={32} />
            {t('media.dropHere', { folder: folder ? folderLabel(folder) : '' })}
          </div>
        ) : null}
      </section>

      {notice ? (
        <div className={`media-toast ${notice.ok ? 'ok' : 'fail'}`} role="status">
          <strong>{notice.ok ? t('media.success') : t('media.fail')}</strong> {notice.text}
        </div>
      ) : null}

      {dialog?.kind === 'warning' ? (
        <WarningDialog
          problems={dialog.problems}
          limits={uploadRules.limits}
          resolution={uploadRules.resolution}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'createFolder' ? (
        <NameDialog
          title={dialog.parent ? t('media.newSubfolder') : t('media.newFolder')}
          label={t('media.folderName')}
          initial=""
          onClose={() => setDialog(null)}
          onSave={saveName(async (name) => {
            const made = await calls.createFolder(name, dialog.parent?.folderId ?? null);
            await state.loadFolders();
            state.openFolder(made.folderId);
          })}
        />
      ) : null}
      {dialog?.kind === 'renameFolder' ? (
        <NameDialog
          title={t('media.renameFolder')}
          label={t('media.folderName')}
          initial={dialog.folder.folderame}
          onClose={() => setDialog(null)}
          onSave={saveName(async (name) => {
            await calls.renameFolder(dialog.folder.folderId, name);
            await state.loadFolders();
          })}
        />
      ) : null}
      {dialog?.kind === 'deleteFolder' ? (
        <ConfirmDialog
          title={t('media.deleteFolder')}
          message={
            dialog.force
              ? t('media.folderNotEmpty', { count: formatNumber(filesInTree(dialog.folder)) })
              : t('media.confirmDelete')
          }
          onNo={() => setDialog(null)}
          onYes={async () => {
            const { folder, force } = dialog;
            try {
              await calls.deleteFolder(folder.folderId, force);
              setDialog(null);
              await state.loadFolders();
              await Promise.all([state.loadFiles(), state.loadDisk()]);
              done(true);
            } catch (err) {
              if (err instanceof ApiError && err.body.code === 'folder_not_empty')
                setDialog({ kind: 'deleteFolder', folder, force: true });
              else {
                setDialog(null);
                done(false, errorText(err));
              }
            }
          }}
        />
      ) : null}
      {dialog?.kind === 'preview' ? (
        <PreviewDialog
          file={dialog.file}
          onClose={() => setDialog(null)}
          actions={
            edit
              ? {
                  rename: () => setDialog({ kind: 'renameFile', file: dialog.file }),
                  move: () => setDialog({ kind: 'move', files: [dialog.file] }),
                  remove: () => setDialog({ kind: 'deleteFiles', files: [dialog.file] }),
                }
              : null
          }
        />
      ) : null}
      {dialog?.kind === 'renameFile' ? (
        <NameDialog
          title={t('media.rename')}
          label={t('media.fileName')}
          initial={dialog.file.name.replace(/\.[^.]+$/, '')}
          suffix={/\.[^.]+$/.exec(dialog.file.name)?.[0]}
          onClose={() => setDialog(null)}
          onSave={saveName(async (name) => {
            await calls.renameFile(dialog.file, name);
            await state.loadFiles();
          })}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          folders={state.folders.value}
          count={dialog.files.length}
          currentId={state.folderId.value}
          onClose={() => setDialog(null)}
          onMove={(folderId) =>
            changeFiles(async () => {
              await calls.moveFiles(
                dialog.files.map((f) => f.id),
                folderId,
              );
              state.selected.value = [];
            })
          }
        />
      ) : null}
      {dialog?.kind === 'deleteFiles' ? (
        <ConfirmDialog
          title={t('media.delete')}
          message={t('media.confirmDelete')}
          onNo={() => setDialog(null)}
          onYes={() =>
            changeFiles(async () => {
              await calls.deleteFiles(dialog.files.map((f) => f.id));
              const gone = new Set(dialog.files.map((f) => f.id));
              state.selected.value = state.selected.value.filter((f) => !gone.has(f.id));
            })
          }
        />
      ) : null}
    </div>
  );
}

/** A toolbar choice kept in a state signal; picking one stores it, then `onChange` reloads. */
function ToolbarSelect<V extends string>({
  label,
  value,
  options,
  texts,
  onChange,
}: {
  label: string;
  value: Signal<V>;
  options: readonly V[];
  /** The locale namespace naming each option. */
  texts: string;
  onChange: () => void;
}) {
  useSignals();
  return (
    <select
      className="media-select"
      aria-label={label}
      value={value.value}
      onChange={(e) => {
        value.value = e.target.value as V;
        onChange();
      }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {t(`${texts}.${option}`)}
        </option>
      ))}
    </select>
  );
}

function BulkButton({
  icon,
  danger = false,
  onClick,
  children,
}: {
  icon: string;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? 'media-button small danger' : 'media-button small'}
      onClick={onClick}
    >
      <MediaIcon name={icon} size={16} />
      {children}
    </button>
  );
}
