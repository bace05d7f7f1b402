// One stored Messenger or Instagram messaging event → the inbox: messages and their attachments
// (fetched into the media library), postbacks (recorded; the tapped button's title shows as the
// customer's words, as Messenger shows it), quick-reply taps (the message, and a postback for the
// actions runtime), read and delivery receipts (recorded).
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { MessageItem } from '../../../core/models/message';
import { receiveCustomerMessage } from '../../chat/inbound';
import type { AppContext } from '../../context';
import { findFollower, type Profile, recordChannelEvent } from '../followers';
import { PLATFORM_TIMEOUT_MS } from '../platformErrors';
import { receivePostback } from '../postbacks';
import { keepReceived, locationText, nameFor, type ReceivedKind, unavailableItem } from '../receivedMedia';
import type { PlatformChannel } from '../store';
import { graphCall } from './client';
import { metaEventKey } from './webhook';

export interface MetaAttachment {
  type?: string;
  payload?: { url?: string; title?: string; coordinates?: { lat?: number; long?: number } } | null;
}

export interface MetaEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    attachments?: MetaAttachment[];
    quick_reply?: { payload?: string };
  };
  postback?: { mid?: string; title?: string; payload?: string };
  read?: { watermark?: number; mid?: string };
  delivery?: { watermark?: number; mids?: string[] };
  reaction?: { mid?: string; action?: string; reaction?: string; emoji?: string };
}

interface StoredMetaEvent {
  object: 'page' | 'instagram';
  entryId: string;
  event: MetaEvent;
}

async function fetchProfile(ctx: AppContext, channel: PlatformChannel, userId: string): Promise<Profile> {
  try {
    if (channel.type === 'instagram') {
      const p = await graphCall<{ name?: string; username?: string; profile_pic?: string }>(
        ctx,
        channel,
        'GET',
        `/${encodeURIComponent(userId)}`,
        {
          query: { fields: 'name,username,profile_pic' },
        },
      );
      return { name: p.name || p.username, image: p.profile_pic ?? null };
    }
    const p = await graphCall<{ first_name?: string; last_name?: string; profile_pic?: string }>(
      ctx,
      channel,
      'GET',
      `/${encodeURIComponent(userId)}`,
      {
        query: { fields: 'first_name,last_name,profile_pic' },
      },
    );
    return { name: [p.first_name, p.last_name].filter(Boolean).join(' '), image: p.profile_pic ?? null };
  } catch (err) {
    ctx.log.warn({ err, channelId: channel.id }, 'Meta profile not fetched');
    return {};
  }
}

async function profileFor(ctx: AppContext, channel: PlatformChannel, userId: string): Promise<Profile> {
  const known = await findFollower(ctx, channel, userId);
  return known?.lineName ? {} : fetchProfile(ctx, channel, userId);
}

const KINDS: Record<string, ReceivedKind> = { image: 'image', video: 'video', audio: 'audio', file: 'file' };
const FALLBACK_EXT: Record<ReceivedKind, string> = { image: 'jpg', video: 'mp4', audio: 'm4a', file: 'bin' };

async function attachmentItem(
  ctx: AppContext,
  channel: PlatformChannel,
  attachment: MetaAttachment,
  name: string,
): Promise<MessageItem> {
  const kind = KINDS[attachment.type ?? ''];
  const url = attachment.payload?.url;
  if (attachment.type === 'location' && attachment.payload?.coordinates) {
    const c = attachment.payload.coordinates;
    return {
      type: 'text',
      text: locationText({
        title: attachment.payload.title,
        latitude: Number(c.lat),
        longitude: Number(c.long),
      }),
    };
  }
  if (!kind)
    return {
      type: 'text',
      text: [attachment.payload?.title, url].filter(Boolean).join('\n') || `[${attachment.type}]`,
    };
  if (!url) return unavailableItem(kind, name);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS * 2) });
  } catch (err) {
    throw new Error(`attachment not fetched: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (res.status >= 500) throw new Error(`attachment not fetched: ${res.status}`);
  if (!res.ok || !res.body) return unavailableItem(kind, name);
  const type = res.headers.get('content-type');
  const fromUrl = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  const base = /\.[A-Za-z0-9]{1,5}$/.test(fromUrl) ? fromUrl : name;
  return keepReceived(ctx, channel, {
    kind,
    name: nameFor(base, type, FALLBACK_EXT[kind]),
    body: Readable.fromWeb(res.body as WebReadableStream),
    type,
  });
}

export async function handleMetaEvent(
  ctx: AppContext,
  channel: PlatformChannel,
  payload: unknown,
): Promise<void> {
  const { event } = payload as StoredMetaEvent;
  const userId = event.sender?.id;
  const key = metaEventKey(event);
  if (!userId || !key) return;
  const at = new Date(event.timestamp ?? Date.now());
  const follower = () => findFollower(ctx, channel, userId).then((f) => f?.id ?? null);

  if (event.message?.mid) {
    const message = event.message;
    const items: MessageItem[] = [];
    if (message.text) items.push({ type: 'text', text: message.text });
    for (const [i, attachment] of (message.attachments ?? []).entries())
      items.push(await attachmentItem(ctx, channel, attachment, `${channel.type}-${i + 1}`));
    if (items.length === 0) return;
    await receiveCustomerMessage(ctx, {
      channel: { id: channel.id, accountId: channel.accountId, type: channel.type },
      externalId: userId,
      profile: await profileFor(ctx, channel, userId),
      items,
      externalMessageId: message.mid,
      eventId: key,
      at,
    });
    if (message.quick_reply?.payload) {
      await receivePostback(ctx, {
        channel,
        eventKey: `quick_reply:${message.mid}`,
        externalId: userId,
        data: message.quick_reply.payload,
        at,
      });
    }
    return;
  }
  if (event.postback) {
    await receivePostback(
      ctx,
      {
        channel,
        eventKey: key,
        externalId: userId,
        data: String(event.postback.payload ?? ''),
        displayText: event.postback.title,
        at,
      },
      await profileFor(ctx, channel, userId),
    );
    return;
  }
  const kind = event.read ? 'read' : event.delivery ? 'delivery' : event.reaction ? 'reaction' : 'other';
  await recordChannelEvent(ctx, channel, {
    key,
    kind,
    followerId: await follower(),
    data: { read: event.read ?? null, delivery: event.delivery ?? null, reaction: event.reaction ?? null },
  });
}
