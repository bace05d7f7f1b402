// What every platform adapter does first with a stored message's items: make their file
// addresses fetchable by the platform (signed, expiring; signedMedia.ts), and word refusals.
import type { MessageItem } from '../../core/models/message';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { FieldError } from '../../core/validation/rules';
import type { AppContext } from '../context';
import { platformUrl } from './signedMedia';

/** Items with their file addresses already made fetchable. */
export type ResolvedItem = MessageItem & { url?: string | null; preview?: string | null };

export function describeErrors(platform: string, errors: readonly FieldError[]): string {
  const list = errors
    .slice(0, 5)
    .map((e) => (e.field ? `${e.field}: ${e.message}` : e.message))
    .join('; ');
  return SERVER_MESSAGES.cannotTakeMessage(platform, list);
}

const THUMBNAIL = /\/media\/thumbs\//;

/** Makes every file address fetchable by the platform (signed when it is one of ours). */
export async function resolveItems(ctx: AppContext, items: readonly MessageItem[]): Promise<ResolvedItem[]> {
  const out: ResolvedItem[] = [];
  for (const item of items) {
    if (item.type === 'image' || item.type === 'video' || item.type === 'file') {
      const url = await platformUrl(ctx, item.originalContentUrl ?? item.file_path);
      // Our thumbnails are WebP, which LINE does not show: an image previews as itself instead.
      const given =
        item.previewImageUrl && !THUMBNAIL.test(item.previewImageUrl) ? item.previewImageUrl : null;
      const preview = given ? await platformUrl(ctx, given) : item.type === 'image' ? url : null;
      out.push({ ...item, url, preview });
    } else out.push(item);
  }
  return out;
}
