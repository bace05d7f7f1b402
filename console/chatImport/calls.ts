// The chat import's and the unknown-chat list's calls (docs/api.md "Chat import"). The upload
// goes by XMLHttpRequest for its progress; the rest through the console's client.
import type {
  ImportRowError,
  WireImport,
  WireImportCheck,
  WireUnknownChat,
  WireUnknownMessage,
} from '../../core/chatImport/wire';
import type { LiveFollower } from '../../core/models/chatWire';
import { api, sessionXhr } from '../session/api';

export type UploadAnswer =
  | { kind: 'started'; import: WireImport; check: WireImportCheck }
  | { kind: 'duplicate'; import: WireImport; check: WireImportCheck }
  | { kind: 'errors'; errors: ImportRowError[]; errorCount: number; rows: number }
  | { kind: 'failed'; message: string; status: number };

/** Sends the file; `onProgress` gets the share uploaded (0–1). The server checks it as it arrives. */
export function uploadImport(
  file: File,
  onProgress: (share: number) => void,
): { done: Promise<UploadAnswer>; cancel: () => void } {
  const xhr = sessionXhr('POST', '/api/chat/import');
  const done = new Promise<UploadAnswer>((resolve) => {
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as Record<string, unknown>;
      if (xhr.status === 202)
        resolve({ kind: 'started', import: body.import as WireImport, check: body.check as WireImportCheck });
      else if (xhr.status === 200 && body.duplicate)
        resolve({
          kind: 'duplicate',
          import: body.import as WireImport,
          check: body.check as WireImportCheck,
        });
      else if (xhr.status === 400 && Array.isArray(body.errors))
        resolve({
          kind: 'errors',
          errors: body.errors as ImportRowError[],
          errorCount: Number(body.error_count ?? 0),
          rows: Number(body.rows ?? 0),
        });
      else resolve({ kind: 'failed', status: xhr.status, message: String(body.message ?? '') });
    };
    xhr.onerror = () => resolve({ kind: 'failed', status: 0, message: '' });
    xhr.onabort = () => resolve({ kind: 'failed', status: -1, message: '' });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}

export const getImport = (id: string) => api<{ import: WireImport }>(`/api/chat/import/${id}`);
export const listImports = () => api<{ list: WireImport[] }>('/api/chat/import/list');

export type UnknownStatus = 'unmerged' | 'merged' | 'all';

export const listUnknown = (query: {
  search?: string;
  status: UnknownStatus;
  skip?: number;
  limit?: number;
}) => api<{ list: WireUnknownChat[]; total_count: number }>('/api/chat/unknow/list', { query });

export const searchUnknownText = (query: {
  text: string;
  status: UnknownStatus;
  skip?: number;
  limit?: number;
}) =>
  api<{ list: { chat: WireUnknownChat; message: WireUnknownMessage }[]; total_count: number }>(
    '/api/chat/unknow/list/text',
    { query },
  );

export const openUnknown = (id: string, skip = 0, limit = 50) =>
  api<{
    chat: WireUnknownChat;
    list: WireUnknownMessage[];
    total_count: number;
    suggestions: LiveFollower[];
  }>('/api/chat/unknow/chat', { query: { unknow_id: id, skip, limit } });

export const mergeUnknown = (id: string, followerId: string) =>
  api<{ chat: WireUnknownChat; follower: LiveFollower; added: number }>('/api/chat/unknow/merge', {
    method: 'POST',
    body: { unknow_id: id, follower_id: followerId },
  });

export const unmergeUnknown = (id: string) =>
  api<{ chat: WireUnknownChat; removed: number }>('/api/chat/unknow/unmerge', {
    method: 'POST',
    body: { unknow_id: id },
  });

export const searchFollowers = (text: string) =>
  api<{ list: LiveFollower[]; total_count: number }>('/api/chat/search/name', {
    method: 'POST',
    body: { text, limit: 10 },
  });
