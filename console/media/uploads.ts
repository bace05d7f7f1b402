// Uploading picked files: one request per file so each has its own progress (XMLHttpRequest
// reports upload progress), sent in groups of 4 (spec 9), progress capped at 95 until the server
// answers 200 (spec 4), cancel ('Operation canceled by the user.') and fail marking (spec 8).
import { runInGroups } from '../../core/upload/batches';
import {
  preparedUpload,
  type UploadItem,
  uploadAnswered,
  uploadCancelled,
  uploadProgressed,
  uploadStarted,
} from '../../core/upload/progress';
import { sessionXhr } from '../session/api';
import type { LibraryFile } from './calls';
import { type PickedFile, videoPoster } from './readFiles';

export type UploadEntry = UploadItem & {
  name: string;
  size: number;
  category: PickedFile['category'];
  folderId: string;
  /** The stored file once the server has it. */
  result?: LibraryFile;
};

export interface UploadCallbacks {
  /** Called with every change of an entry. */
  update(entry: UploadEntry): void;
}

export function prepareEntries(files: readonly PickedFile[], folderId: string): UploadEntry[] {
  return files.map((f) => ({
    ...preparedUpload(f.tempId),
    name: f.name,
    size: f.size,
    category: f.category,
    folderId,
  }));
}

const requests = new Map<string, XMLHttpRequest>();
const cancelledBeforeStart = new Set<string>();
/** Shows a file still waiting for its group as cancelled at once, not when its group comes up. */
const showCancelled = new Map<string, () => void>();

/** Cancels a queued or running upload. */
export function cancelUpload(tempId: string) {
  const xhr = requests.get(tempId);
  if (xhr) xhr.abort();
  else {
    cancelledBeforeStart.add(tempId);
    showCancelled.get(tempId)?.();
  }
}

async function uploadOne(entry: UploadEntry, file: File, callbacks: UploadCallbacks): Promise<UploadEntry> {
  const poster = entry.category === 'video' ? await videoPoster(file) : null;
  return new Promise((resolve) => {
    let current = entry;
    const set = (next: UploadEntry) => {
      current = next;
      callbacks.update(next);
    };
    showCancelled.delete(entry.tempId);
    if (cancelledBeforeStart.delete(entry.tempId)) {
      set({ ...uploadCancelled(current), ...pick(current) });
      resolve(current);
      return;
    }
    const xhr = sessionXhr('POST', '/api/file/upload');
    requests.set(entry.tempId, xhr);
    const finish = () => {
      requests.delete(entry.tempId);
      resolve(current);
    };
    xhr.upload.onprogress = (e) => set({ ...uploadProgressed(current, e.loaded, e.total), ...pick(current) });
    xhr.onload = () => {
      const body = xhr.response as { resultUpload?: LibraryFile[]; message?: string } | null;
      const answered = { ...uploadAnswered(current, xhr.status), ...pick(current) };
      if (xhr.status === 200) answered.result = body?.resultUpload?.[0];
      else answered.message = body?.message;
      set(answered);
      finish();
    };
    xhr.onerror = () => {
      set({ ...uploadAnswered(current, 0), ...pick(current) });
      finish();
    };
    xhr.onabort = () => {
      set({ ...uploadCancelled(current), ...pick(current) });
      finish();
    };
    const form = new FormData();
    form.append('folderId', entry.folderId);
    form.append('files', file, file.name);
    if (poster) form.append('poster', poster, 'poster.jpg');
    set({ ...uploadStarted(current), ...pick(current) });
    xhr.send(form);
  });
}

/** Keeps the entry's own fields through core's state changes (which only know UploadItem). */
function pick(entry: UploadEntry) {
  const { name, size, category, folderId, result } = entry;
  return { name, size, category, folderId, result };
}

/** Sends the files 4 at a time; resolves with every entry's final state. */
export async function uploadAll(
  entries: readonly UploadEntry[],
  files: ReadonlyMap<string, File>,
  callbacks: UploadCallbacks,
): Promise<UploadEntry[]> {
  for (const entry of entries)
    showCancelled.set(entry.tempId, () => callbacks.update({ ...uploadCancelled(entry), ...pick(entry) }));
  const settled = await runInGroups(entries, (entry) => {
    const file = files.get(entry.tempId);
    if (file) return uploadOne(entry, file, callbacks);
    showCancelled.delete(entry.tempId);
    return Promise.resolve(entry);
  });
  return settled.map((s, i) => (s.status === 'fulfilled' ? s.value : entries[i]));
}
