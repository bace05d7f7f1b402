// File warnings of spec 8; every one is shown under the title "Something's wrong".
import type { UploadLimits } from './limits';

export const UPLOAD_WARNING_TITLE = "Something's wrong";

export const UPLOAD_WARNINGS = {
  tooLarge: 'Too large file size',
  notAllowed: 'Not allow file type',
  noResolution: 'Image have no resolution',
  checkAgain: 'Please check your files again',
  notMatchResolution: 'Not match resolution',
} as const;
export type UploadWarning = (typeof UPLOAD_WARNINGS)[keyof typeof UPLOAD_WARNINGS];

/** The limits shown with 'Please check your files again' (spec 8: per image, video, document in MB). */
export function limitsSummary(limits: UploadLimits): string {
  return `Image ${limits.image} MB, Video ${limits.video} MB, Document ${limits.document} MB`;
}
