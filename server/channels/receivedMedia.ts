// Files customers send (LINE content, Meta attachments, WeChat pictures) are fetched once and kept
// in the account's media library, so the conversation keeps them after the platform's copy
// expires. A file the library refuses (a type or size it does not take) is still a message: the
// item names the file without an address, and the refusal is logged.
import type { Readable } from 'node:stream';
import type { MessageItem } from '../../core/models/message';
import { extensionForContentType } from '../../core/upload/contentTypes';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { fileItem } from '../media/messageItem';
import { storeMediaFile } from '../media/store';
import type { PlatformChannel } from './store';

export type ReceivedKind = 'image' | 'video' | 'audio' | 'file';

export interface ReceivedContent {
  kind: ReceivedKind;
  name: string;
  body: Readable | Buffer;
  type?: string | null;
}

/** A name with an extension the library recognises, from the content type when the name has none. */
export function nameFor(base: string, type: string | null | undefined, fallbackExt: string): string {
  if (/\.[A-Za-z0-9]{1,5}$/.test(base)) return base;
  return `${base}.${extensionForContentType(type) || fallbackExt}`;
}

/** The item for a file that could not be kept: it names the file, without an address. */
export function unavailableItem(kind: ReceivedKind, name: string): MessageItem {
  if (kind === 'image') return { type: 'image' };
  if (kind === 'video') return { type: 'video' };
  return { type: 'file', fileName: name };
}

/** Stores the content and returns the message item that shows it. */
export async function keepReceived(
  ctx: AppContext,
  channel: PlatformChannel,
  content: ReceivedContent,
): Promise<MessageItem> {
  try {
    const file = await storeMediaFile(ctx, {
      accountId: channel.accountId,
      name: content.name,
      ...(Buffer.isBuffer(content.body) ? { buffer: content.body } : { stream: content.body }),
      declaredType: content.type ?? null,
    });
    return fileItem(file);
  } catch (err) {
    // Refused by the library's rules (type, size, space): keep the message, without the file.
    if (err instanceof HttpError && err.status < 500) {
      ctx.log.warn(
        { channelId: channel.id, name: content.name, reason: err.message },
        'received file not kept',
      );
      return unavailableItem(content.kind, content.name);
    }
    throw err;
  }
}

/** A place shared in the chat, as text (messages have no location item). */
export function locationText(place: {
  title?: string | null;
  address?: string | null;
  latitude: number;
  longitude: number;
}): string {
  const lines = [place.title, place.address].filter((s): s is string => Boolean(s?.trim()));
  lines.push(`https://maps.google.com/?q=${place.latitude},${place.longitude}`);
  return `📍 ${lines.join('\n')}`;
}
