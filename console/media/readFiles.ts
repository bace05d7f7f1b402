// What the browser learns about picked files before uploading (spec 3 "File info after reading"):
// the type by name or content type, the category, and an image's pixel size.
import type { FileInfo, Resolution } from '../../core/models/media';
import { categoryOfFile, effectiveContentType } from '../../core/upload/contentTypes';
import { extensionOf } from '../../core/upload/fileTypes';

export type PickedFile = FileInfo & { file: File };

let counter = 0;
export const newTempId = () => `u${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The natural size of an image file, or null when the browser cannot draw it. */
export function imageResolution(file: File): Promise<Resolution | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (value: Resolution | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    img.onload = () =>
      done(
        img.naturalWidth && img.naturalHeight ? { width: img.naturalWidth, height: img.naturalHeight } : null,
      );
    img.onerror = () => done(null);
    img.src = url;
  });
}

export async function readFileInfo(file: File): Promise<PickedFile> {
  const type = effectiveContentType(file);
  const category = categoryOfFile(file);
  return {
    file,
    tempId: newTempId(),
    name: file.name,
    extension: extensionOf(file.name),
    type,
    size: file.size,
    lastModified: file.lastModified,
    category,
    resolution: category === 'image' && file.size > 0 ? await imageResolution(file) : null,
  };
}

const POSTER_WIDTH = 640;

/**
 * A still from early in a video, drawn by the browser (the server has no video decoder), sent
 * with the upload as its poster. Null when the browser cannot play the file.
 */
export function videoPoster(file: File, timeoutMs = 4000): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let settled = false;
    const done = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.onloadeddata = () => {
      video.currentTime = Math.min(0.5, (video.duration || 0) / 2);
    };
    video.onseeked = () => {
      const scale = Math.min(1, POSTER_WIDTH / (video.videoWidth || POSTER_WIDTH));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      const context = canvas.getContext('2d');
      if (!context || !canvas.width || !canvas.height) return done(null);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => done(blob), 'image/jpeg', 0.8);
    };
    video.onerror = () => done(null);
    video.src = url;
  });
}
