// Files sent from the composer (spec 4, 5, 8, 9): checked with core's upload rules, shown at once
// as pending messages, sent one file per request in groups of 4 with progress capped at 95 until
// the server answers, and cancellable.
import { newTempId } from '../../core/chat/outgoing';
import type { MessageItem } from '../../core/models/message';
import { runInGroups } from '../../core/upload/batches';
import { checkFiles } from '../../core/upload/checkFiles';
import { categoryOf } from '../../core/upload/limits';
import {
  preparedUpload,
  uploadAnswered,
  uploadCancelled,
  uploadProgressed,
  uploadStarted,
} from '../../core/upload/progress';
import type { UploadWarning } from '../../core/upload/warnings';
import { sessionXhr } from '../session/api';
import type { LiveFollower, LiveMessage } from './calls';
import { addPending, deliver } from './chatActions';
import { type UploadEntry, uploads } from './state';

function update(tempId: string, change: (u: UploadEntry) => UploadEntry) {
  uploads.value = uploads.value.map((u) => (u.tempId === tempId ? change(u) : u));
}

function forget(tempId: string, afterMs: number) {
  setTimeout(() => {
    uploads.value = uploads.value.filter((u) => u.tempId !== tempId);
  }, afterMs);
}

/** An image's size, which spec 5 needs (an image without one is refused). */
export function readResolution(file: File): Promise<{ width: number; height: number } | null> {
  if (!file.type.startsWith('image/')) return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

function pendingItem(file: File): MessageItem {
  const category = categoryOf(file.type);
  const url = URL.createObjectURL(file);
  if (category === 'image') return { type: 'image', originalContentUrl: url, previewImageUrl: url };
  if (category === 'video') return { type: 'video', originalContentUrl: url };
  return { type: 'file', fileName: file.name, fileSize: file.size };
}

const running = new Map<string, XMLHttpRequest>();
const cancelled = new Set<string>();

function abortError() {
  const err = new Error('Operation canceled by the user.');
  err.name = 'AbortError';
  return err;
}

function upload(
  f: LiveFollower,
  file: File,
  tempId: string,
  baseTempId: string,
  resolution: { width: number; height: number } | null,
): Promise<{ message: LiveMessage; follower?: LiveFollower }> {
  return new Promise((resolve, reject) => {
    if (cancelled.has(tempId)) {
      cancelled.delete(tempId);
      reject(abortError());
      return;
    }
    const form = new FormData();
    form.append('followerId', f._id);
    form.append('tempId', baseTempId);
    if (resolution) form.append('resolution', JSON.stringify(resolution));
    form.append('files', file, file.name);
    const xhr = sessionXhr('POST', '/api/chat/send/file');
    running.set(tempId, xhr);
    update(tempId, (u) => uploadStarted(u) as UploadEntry);
    xhr.upload.onprogress = (e) =>
      update(tempId, (u) => uploadProgressed(u, e.loaded, e.total) as UploadEntry);
    xhr.onload = () => {
      running.delete(tempId);
      update(tempId, (u) => uploadAnswered(u, xhr.status) as UploadEntry);
      if (xhr.status === 200 && xhr.response?.message) {
        forget(tempId, 1500);
        resolve(xhr.response as { message: LiveMessage; follower?: LiveFollower });
      } else reject(new Error(xhr.response?.message ?? `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => {
      running.delete(tempId);
      update(tempId, (u) => uploadAnswered(u, 0) as UploadEntry);
      reject(new Error('network'));
    };
    xhr.onabort = () => {
      running.delete(tempId);
      update(tempId, (u) => uploadCancelled(u) as UploadEntry);
      forget(tempId, 2500);
      reject(abortError());
    };
    xhr.send(form);
  });
}

export function cancelUpload(tempId: string) {
  const xhr = running.get(tempId);
  if (xhr) xhr.abort();
  else {
    cancelled.add(tempId);
    update(tempId, (u) => uploadCancelled(u) as UploadEntry);
    forget(tempId, 2500);
  }
}

/** Checks and sends picked files; returns the warnings of the refused ones (spec 8). */
export async function sendFiles(
  f: LiveFollower,
  files: File[],
): Promise<{ name: string; warning: UploadWarning }[]> {
  const candidates = await Promise.all(
    files.map(async (file) => ({
      file,
      name: file.name,
      type: file.type,
      size: file.size,
      resolution: await readResolution(file),
    })),
  );
  const verdict = checkFiles(candidates, { inChat: true });
  const jobs = verdict.accepted.map((c) => {
    const base = newTempId();
    // The server names a file message `${tempId}-${index}` (docs/chat-api.md); one file per request.
    const tempId = `${base}-0`;
    uploads.value = [
      ...uploads.value,
      { ...preparedUpload(tempId), name: c.name, size: c.size, followerId: f._id },
    ];
    addPending(f, [pendingItem(c.file)], tempId);
    return { c, tempId, base };
  });
  void runInGroups(jobs, ({ c, tempId, base }) =>
    deliver(f._id, tempId, () => {
      // A resend starts a fresh progress entry.
      if (!uploads.value.some((u) => u.tempId === tempId))
        uploads.value = [
          ...uploads.value,
          { ...preparedUpload(tempId), name: c.name, size: c.size, followerId: f._id },
        ];
      return upload(f, c.file, tempId, base, c.resolution);
    }),
  );
  return verdict.rejected.map((r) => ({ name: r.file.name, warning: r.warning }));
}
