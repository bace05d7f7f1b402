// Sends one attachment with progress (fetch cannot report upload progress, XMLHttpRequest can).
// Progress stays at most 95 until the server answers 200 (spec 4 and 9).
import { cappedProgress } from '../../core/upload/progress';

export interface UploadedFile {
  id: string;
  url: string;
  name: string;
  type: string;
  size: number;
  category: 'image' | 'video' | 'file';
}

export interface UploadHandle {
  done: Promise<UploadedFile>;
  cancel(): void;
}

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function uploadFile(
  url: string,
  headers: Record<string, string>,
  file: File,
  onProgress: (percent: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedFile>((resolve, reject) => {
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => onProgress(cappedProgress(e.loaded, e.total));
    xhr.onload = () => {
      const body = xhr.response as { file?: UploadedFile; message?: string } | null;
      if (xhr.status === 200 && body?.file) resolve(body.file);
      else reject(new UploadError(xhr.status, body?.message ?? ''));
    };
    xhr.onerror = () => reject(new UploadError(0, ''));
    xhr.onabort = () => reject(new UploadError(-1, 'aborted'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}

/** An image's pixel size, read by the browser (spec 5: an image without one is refused). */
export function readResolution(file: File): Promise<{ width: number; height: number } | null> {
  if (!file.type.startsWith('image/')) return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    img.src = url;
  });
}
