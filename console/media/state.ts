// The media library's state as signals. Each library on screen (the page, or a picker opened from
// another screen) makes its own with createMediaState, so they never disturb each other.
import { computed, signal } from '@preact/signals-react';
import { MEDIA_DEFAULT_SORT, MEDIA_PAGE_SIZE, type Storage } from '../../core/models/media';
import { toggleSelection } from '../../core/upload/selection';
import { type FolderItem, getDiskSpace, getFiles, getFolders, type LibraryFile } from './calls';
import type { UploadEntry } from './uploads';

export type Accept = 'image' | 'video' | 'file' | 'any';
export type ViewMode = 'grid' | 'list';

export const SORTS = {
  newest: { sortField: 'createdDate', sortAsc: false },
  oldest: { sortField: 'createdDate', sortAsc: true },
  nameAsc: { sortField: 'name', sortAsc: true },
  nameDesc: { sortField: 'name', sortAsc: false },
  largest: { sortField: 'size', sortAsc: false },
  smallest: { sortField: 'size', sortAsc: true },
} as const;
export type SortKey = keyof typeof SORTS;

const VIEW_KEY = 'chatdesk.media.view';

function storedView(): ViewMode {
  try {
    return localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

export function flattenFolders(
  folders: readonly FolderItem[],
  depth = 0,
): { folder: FolderItem; depth: number }[] {
  return folders.flatMap((folder) => [{ folder, depth }, ...flattenFolders(folder.subfolders, depth + 1)]);
}

/**
 * `limit`: 1 picks a single file (a new pick replaces it), a number is a maximum, undefined is
 * unlimited (spec 5 selection limits).
 *
 * `keepAcrossFolders`: a picker keeps what was picked in one folder while the user opens another
 * (its footer says how many picks are not shown). The media page does not: its bulk move and
 * delete act only on files on screen, so opening a folder, searching or filtering drops the picks
 * the new list does not show.
 */
export function createMediaState(options: { accept: Accept; limit?: number; keepAcrossFolders?: boolean }) {
  const selectionLimit = options.limit === 1 ? 'single' : (options.limit ?? null);
  const folders = signal<FolderItem[]>([]);
  const folderId = signal<string | null>(null);
  const files = signal<LibraryFile[]>([]);
  const total = signal(0);
  const loading = signal(false);
  const search = signal('');
  const typeFilter = signal<Accept>(options.accept);
  const sort = signal<SortKey>('newest');
  const view = signal<ViewMode>(storedView());
  const selected = signal<LibraryFile[]>([]);
  const disk = signal<Storage | null>(null);
  const uploads = signal<UploadEntry[]>([]);
  let request = 0;

  const folderList = computed(() => flattenFolders(folders.value));
  const currentFolder = computed(
    () => folderList.value.find((f) => f.folder.folderId === folderId.value)?.folder ?? null,
  );
  const selectedIds = computed(() => selected.value.map((f) => f.id));

  /** Picks the list on screen does not show (other folders, or hidden by a search or filter). */
  const selectedElsewhere = computed(() => {
    const shown = new Set(files.value.map((f) => f.id));
    return selected.value.filter((f) => !shown.has(f.id));
  });

  async function loadFolders() {
    // Counts of what this library lists: an image picker's folders count images.
    folders.value = await getFolders(options.accept === 'any' ? undefined : options.accept);
    const ids = flattenFolders(folders.value).map((f) => f.folder.folderId);
    if (!folderId.value || !ids.includes(folderId.value))
      folderId.value = folders.value.find((f) => f.is_default)?.folderId ?? ids[0] ?? null;
  }

  async function loadDisk() {
    disk.value = await getDiskSpace().catch(() => disk.value);
  }

  /** Loads the first page again, or the next page with `more`. */
  async function loadFiles(more = false) {
    if (!folderId.value) return;
    const mine = ++request;
    loading.value = true;
    const page = await getFiles({
      folderId: folderId.value,
      skip: more ? files.value.length : 0,
      limit: MEDIA_PAGE_SIZE,
      ...(SORTS[sort.value] ?? MEDIA_DEFAULT_SORT),
      search: search.value.trim() || undefined,
      type: typeFilter.value === 'any' ? undefined : typeFilter.value,
    });
    if (mine !== request) return;
    if (more) {
      // A file added meanwhile moves every later one down a place: the next page then repeats one.
      const shown = new Set(files.value.map((f) => f.id));
      files.value = [...files.value, ...page.files.filter((f) => !shown.has(f.id))];
    } else {
      files.value = page.files;
      if (!options.keepAcrossFolders) {
        const shown = new Set(page.files.map((f) => f.id));
        if (selected.value.some((f) => !shown.has(f.id)))
          selected.value = selected.value.filter((f) => shown.has(f.id));
      }
    }
    total.value = page.total_count;
    loading.value = false;
  }

  function openFolder(id: string) {
    if (id === folderId.value) return;
    folderId.value = id;
    if (!options.keepAcrossFolders) selected.value = [];
    loadFiles();
  }

  function toggle(file: LibraryFile) {
    const ids = toggleSelection(selectedIds.value, file.id, selectionLimit);
    const known = new Map([...selected.value, ...files.value, file].map((f) => [f.id, f]));
    selected.value = ids.map((id) => known.get(id)).filter((f): f is LibraryFile => Boolean(f));
  }

  function setView(next: ViewMode) {
    view.value = next;
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // The choice then lasts as long as the page.
    }
  }

  return {
    accept: options.accept,
    selectionLimit,
    folders,
    folderId,
    folderList,
    currentFolder,
    files,
    total,
    loading,
    search,
    typeFilter,
    sort,
    view,
    selected,
    selectedIds,
    selectedElsewhere,
    disk,
    uploads,
    loadFolders,
    loadDisk,
    loadFiles,
    openFolder,
    toggle,
    setView,
  };
}

export type MediaState = ReturnType<typeof createMediaState>;
