// Rich-menu background image (spec 5, 9): jpg, jpeg or png, at most 1 MB, 2500x1686 or 2500x843 px.
import { checkFile, type FileCandidate } from '../upload/checkFiles';
import { type FieldError, MESSAGES } from './rules';

export const RICH_MENU_IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'image/jpeg', 'image/png'] as const;
export const RICH_MENU_IMAGE_MAX_MB = 1;
/** Large and compact templates. */
export const RICH_MENU_IMAGE_SIZES = [
  { width: 2500, height: 1686 },
  { width: 2500, height: 843 },
] as const;

export function validateRichMenuImage(
  file: FileCandidate | null | undefined,
  field = 'background_image',
): FieldError[] {
  if (!file || typeof file !== 'object') return [{ field, message: MESSAGES.required }];
  // Judged as an image whatever its content type says, so the 1 MB and resolution rules always apply.
  const warning = checkFile(
    {
      ...file,
      type: typeof file.type === 'string' && file.type.startsWith('image/') ? file.type : 'image/unknown',
    },
    {
      allowed: RICH_MENU_IMAGE_TYPES,
      limits: { image: RICH_MENU_IMAGE_MAX_MB, video: 0, document: 0, maxFiles: 1 },
      resolution: { exact: RICH_MENU_IMAGE_SIZES },
    },
  );
  return warning ? [{ field, message: warning }] : [];
}
