// A stored message's items → LINE messages, checked against LINE's shapes and prose limits
// (core/template's converters and checkLineMessages) before anything is sent. Files go out at
// signed addresses (signedMedia.ts); LINE fetches them over https only.
import type { MessageItem } from '../../../core/models/message';
import { toLineFileMessage } from '../../../core/template/fileMessage';
import { checkLineMessages } from '../../../core/template/lineCheck';
import { type QuickReplyItem, toLineQuickReply } from '../../../core/template/quickReply';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import type { FieldError } from '../../../core/validation/rules';
import type { AppContext } from '../../context';
import { PermanentDeliveryError } from '../adapters';
import { describeErrors, type ResolvedItem, resolveItems } from '../outgoingItems';

export type LineMessage = Record<string, unknown> & { type: string };

function quickReplyItems(item: Extract<MessageItem, { type: 'quickreply' }>): QuickReplyItem[] {
  return item.items as QuickReplyItem[];
}

/** Pure: resolved items → LINE messages plus the problems that keep them from being sent. */
export function toLineMessages(items: readonly ResolvedItem[]): {
  messages: LineMessage[];
  errors: FieldError[];
} {
  const messages: LineMessage[] = [];
  const errors: FieldError[] = [];
  const fail = (i: number, message: string, field = '') =>
    errors.push({ field: `items[${i}]${field ? `.${field}` : ''}`, message });
  items.forEach((item, i) => {
    // Location and image map messages come from reply messages converted for LINE (core/automation).
    const lineOnly = item as unknown as LineMessage;
    if (lineOnly.type === 'location' || lineOnly.type === 'imagemap') {
      messages.push({ ...lineOnly });
      return;
    }
    switch (item.type) {
      case 'text':
        messages.push({ type: 'text', text: item.text });
        return;
      case 'sticker':
        messages.push({
          type: 'sticker',
          packageId: String(item.packageId),
          stickerId: String(item.stickerId),
        });
        return;
      case 'flex':
        messages.push({ type: 'flex', altText: item.altText, contents: item.contents });
        return;
      case 'image':
      case 'video':
      case 'file': {
        if (!item.url) {
          fail(i, 'The file has no address LINE can fetch (set PUBLIC_URL).', 'originalContentUrl');
          return;
        }
        const name =
          item.type === 'file' ? (item.fileName ?? 'File') : (item.url.split('/').pop() ?? item.type);
        // A video without a preview picture (LINE requires one) goes as a file card.
        const category = item.type === 'video' && !item.preview ? 'file' : item.type;
        const result = toLineFileMessage({
          name: decodeURIComponent(name),
          url: item.url,
          size: item.type === 'file' ? (item.fileSize ?? 0) : 0,
          category,
          previewUrl: item.preview ?? undefined,
        });
        if (result.ok) messages.push(result.message as unknown as LineMessage);
        else for (const e of result.errors) fail(i, e.message, e.field);
        return;
      }
      case 'quickreply': {
        const quick = toLineQuickReply(quickReplyItems(item));
        if (!quick.ok) {
          for (const e of quick.errors) fail(i, e.message, e.field);
          return;
        }
        // Quick replies show only on the last message (line-limits.md): a text of their own, or the one before.
        if (item.text?.trim()) messages.push({ type: 'text', text: item.text, quickReply: quick.message });
        else if (messages.length > 0) messages[messages.length - 1].quickReply = quick.message;
        else fail(i, SERVER_MESSAGES.quickRepliesAlone);
        return;
      }
      default:
        fail(i, SERVER_MESSAGES.typeNotSupported);
    }
  });
  if (errors.length === 0) errors.push(...checkLineMessages(messages));
  return { messages, errors };
}

/** The LINE messages for a stored message; a refusal is permanent (the same items fail again). */
export async function lineMessagesFor(
  ctx: AppContext,
  items: readonly MessageItem[],
): Promise<LineMessage[]> {
  const { messages, errors } = toLineMessages(await resolveItems(ctx, items));
  if (errors.length > 0) throw new PermanentDeliveryError(describeErrors('LINE', errors));
  return messages;
}
