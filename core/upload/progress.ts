// Upload states (spec 4, 8): prepare → sending → success | fail | cancel. Progress stays at most 95
// until the server answers 200, so the bar never claims done before it is.
export const UPLOAD_STATES = ['prepare', 'sending', 'success', 'fail', 'cancel'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export const PROGRESS_CAP = 95;
export const UPLOAD_CANCEL_MESSAGE = 'Operation canceled by the user.';

export interface UploadItem {
  tempId: string;
  state: UploadState;
  /** 0 to 100. */
  progress: number;
  message?: string;
}

export function preparedUpload(tempId: string): UploadItem {
  return { tempId, state: 'prepare', progress: 0 };
}

/** Percentage of bytes sent, capped at 95 while the upload is under way. */
export function cappedProgress(loaded: unknown, total: unknown): number {
  if (typeof loaded !== 'number' || typeof total !== 'number' || !(total > 0) || !(loaded > 0)) return 0;
  return Math.min(PROGRESS_CAP, Math.floor((loaded / total) * 100));
}

export function uploadStarted(item: UploadItem): UploadItem {
  return { ...item, state: 'sending', progress: 0, message: undefined };
}

/** Progress never goes backwards, and a finished upload ignores late progress events. */
export function uploadProgressed(item: UploadItem, loaded: number, total: number): UploadItem {
  if (item.state !== 'sending') return item;
  return { ...item, progress: Math.max(item.progress, cappedProgress(loaded, total)) };
}

/** Spec 8: only status 200 is success; any other status marks the file fail with progress 0. */
export function uploadAnswered(item: UploadItem, status: number): UploadItem {
  if (item.state === 'cancel') return item;
  return status === 200
    ? { ...item, state: 'success', progress: 100 }
    : { ...item, state: 'fail', progress: 0 };
}

export function uploadCancelled(item: UploadItem): UploadItem {
  if (item.state === 'success') return item;
  return { ...item, state: 'cancel', progress: 0, message: UPLOAD_CANCEL_MESSAGE };
}
