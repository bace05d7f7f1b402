// One stored LINE webhook event → the inbox. Messages (text, image, video, audio, file, sticker,
// location) become the customer's messages, once: the webhook event id and LINE's message id both
// make a redelivery the same message. Follow/unfollow and join/leave change the conversation
// (blocked while unfollowed or left); postbacks are recorded for the actions runtime. The latest
// reply token of a conversation is kept for the answer.
import { Readable } from 'node:stream';
import type { MessageItem } from '../../../core/models/message';
import { greetFollower } from '../../automation/bot';
import { receiveCustomerMessage } from '../../chat/inbound';
import type { AppContext } from '../../context';
import { findFollower, type Profile, recordChannelEvent, upsertFollower } from '../followers';
import { withTimeout } from '../platformErrors';
import { receivePostback } from '../postbacks';
import { keepReceived, locationText, nameFor, type ReceivedKind, unavailableItem } from '../receivedMedia';
import type { PlatformChannel } from '../store';
import { isLineStatus, lineBlobClient, lineCall, lineClient, lineError } from './client';
import { keepReplyToken } from './outbound';

interface Source {
  type?: string;
  userId?: string;
  groupId?: string;
  roomId?: string;
}

export interface LineEvent {
  type: string;
  webhookEventId?: string;
  timestamp?: number;
  source?: Source;
  replyToken?: string;
  deliveryContext?: { isRedelivery?: boolean };
  message?: Record<string, unknown> & { id?: string; type?: string };
  postback?: { data?: string; params?: Record<string, unknown> };
}

/** The conversation an event belongs to: a group or room as a whole, else the user. */
export function conversationOf(
  source: Source | undefined,
): { externalId: string; followerType: Profile['followerType'] } | null {
  if (source?.type === 'group' && source.groupId)
    return { externalId: source.groupId, followerType: 'group' };
  if (source?.type === 'room' && source.roomId) return { externalId: source.roomId, followerType: 'room' };
  if (source?.userId) return { externalId: source.userId, followerType: 'other' };
  return null;
}

/** Name and picture from LINE; none when LINE will not tell (a user who blocked us, a room). */
async function fetchProfile(
  ctx: AppContext,
  channel: PlatformChannel,
  source: Source,
  followerType: Profile['followerType'],
): Promise<Profile> {
  const client = await lineClient(ctx, channel);
  try {
    if (followerType === 'group' && source.groupId) {
      const g = await lineCall(() => client.getGroupSummary(source.groupId as string));
      return { name: g.groupName, image: g.pictureUrl ?? null, followerType };
    }
    if (followerType === 'other' && source.userId) {
      const p = await lineCall(() => client.getProfile(source.userId as string));
      return { name: p.displayName, image: p.pictureUrl ?? null, followerType };
    }
  } catch (err) {
    ctx.log.warn({ err, channelId: channel.id }, 'LINE profile not fetched');
  }
  return { followerType };
}

/** The profile to store: fetched for a new or nameless conversation (or when asked), else left as is. */
async function profileFor(
  ctx: AppContext,
  channel: PlatformChannel,
  event: LineEvent,
  conversation: NonNullable<ReturnType<typeof conversationOf>>,
  refresh = false,
): Promise<Profile> {
  const known = refresh ? null : await findFollower(ctx, channel, conversation.externalId);
  if (known?.lineName) return { followerType: conversation.followerType };
  return fetchProfile(ctx, channel, event.source ?? {}, conversation.followerType);
}

const CONTENT_KINDS: Record<string, ReceivedKind> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'file',
};
const FALLBACK_EXT: Record<ReceivedKind, string> = { image: 'jpg', video: 'mp4', audio: 'm4a', file: 'bin' };

async function contentItem(
  ctx: AppContext,
  channel: PlatformChannel,
  message: NonNullable<LineEvent['message']>,
): Promise<MessageItem> {
  const kind = CONTENT_KINDS[String(message.type)];
  const id = String(message.id);
  const given = typeof message.fileName === 'string' ? message.fileName : `line-${id}`;
  const provider = message.contentProvider as { type?: string; originalContentUrl?: string } | undefined;
  let body: Readable;
  let type: string | null = null;
  if (provider?.type === 'external' && provider.originalContentUrl) {
    // Content that lives on the sender's own server (LINE cannot hand it out).
    const res = await fetch(provider.originalContentUrl, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok || !res.body) return unavailableItem(kind, given);
    type = res.headers.get('content-type');
    body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
  } else {
    try {
      const blobClient = await lineBlobClient(ctx, channel);
      const res = await withTimeout(blobClient.getMessageContentWithHttpInfo(id));
      body = res.body;
      type = res.httpResponse.headers.get('content-type');
    } catch (err) {
      // Gone at LINE (too old, unsent): the message stays, without its file.
      if (isLineStatus(err, 404)) return unavailableItem(kind, given);
      throw lineError(err);
    }
  }
  return keepReceived(ctx, channel, { kind, name: nameFor(given, type, FALLBACK_EXT[kind]), body, type });
}

async function itemsOf(
  ctx: AppContext,
  channel: PlatformChannel,
  message: NonNullable<LineEvent['message']>,
): Promise<MessageItem[]> {
  switch (message.type) {
    case 'text':
      return [{ type: 'text', text: String(message.text ?? '') }];
    case 'sticker':
      return [
        { type: 'sticker', packageId: String(message.packageId), stickerId: String(message.stickerId) },
      ];
    case 'location':
      return [
        {
          type: 'text',
          text: locationText({
            title: message.title as string | undefined,
            address: message.address as string | undefined,
            latitude: Number(message.latitude),
            longitude: Number(message.longitude),
          }),
        },
      ];
    case 'image':
    case 'video':
    case 'audio':
    case 'file':
      return [await contentItem(ctx, channel, message)];
    default:
      return [{ type: 'text', text: `[${String(message.type)}]` }];
  }
}

/** The key of an event in our records: LINE's webhook event id (old events: type and time). */
export function lineEventKey(event: LineEvent, index: number): string {
  return event.webhookEventId ?? `${event.type}:${event.timestamp ?? 0}:${event.message?.id ?? index}`;
}

export async function handleLineEvent(
  ctx: AppContext,
  channel: PlatformChannel,
  payload: unknown,
): Promise<void> {
  const event = payload as LineEvent;
  const conversation = conversationOf(event.source);
  const key = lineEventKey(event, 0);
  const at = new Date(event.timestamp ?? Date.now());
  if (!conversation) {
    await recordChannelEvent(ctx, channel, { key, kind: event.type, followerId: null, data: { event } });
    return;
  }
  const keepToken = async (followerId: string) => {
    if (event.replyToken && !event.deliveryContext?.isRedelivery)
      await keepReplyToken(ctx, followerId, event.replyToken, at);
  };

  switch (event.type) {
    case 'message': {
      if (!event.message) return;
      const profile = await profileFor(ctx, channel, event, conversation);
      const items = await itemsOf(ctx, channel, event.message);
      const result = await receiveCustomerMessage(ctx, {
        channel: { id: channel.id, accountId: channel.accountId, type: channel.type },
        externalId: conversation.externalId,
        profile,
        items,
        externalMessageId: event.message.id ? String(event.message.id) : undefined,
        eventId: key,
        at,
      });
      if (result) await keepToken(result.follower._id);
      return;
    }
    case 'follow':
    case 'join': {
      const profile = await profileFor(ctx, channel, event, conversation, true);
      const follower = await upsertFollower(ctx, channel, conversation.externalId, {
        profile,
        blocked: false,
      });
      await recordChannelEvent(ctx, channel, { key, kind: event.type, followerId: follower.id });
      await keepToken(follower.id);
      // A new friend gets the greeting reply (server/automation); groups and rooms do not.
      if (event.type === 'follow')
        await greetFollower(ctx, follower.id, key).catch((err) =>
          ctx.log.error({ err, followerId: follower.id }, 'greeting not sent'),
        );
      return;
    }
    case 'unfollow':
    case 'leave': {
      // LINE sends nothing to a user who blocked us or a group we left: the chat shows as blocked.
      const follower = await upsertFollower(ctx, channel, conversation.externalId, {
        profile: { followerType: conversation.followerType },
        blocked: true,
      });
      await recordChannelEvent(ctx, channel, { key, kind: event.type, followerId: follower.id });
      return;
    }
    case 'postback': {
      const profile = await profileFor(ctx, channel, event, conversation);
      const follower = await upsertFollower(ctx, channel, conversation.externalId, { profile });
      // Kept first: the actions runtime answers the tap with it (server/actions).
      await keepToken(follower.id);
      await receivePostback(ctx, {
        channel,
        eventKey: key,
        externalId: conversation.externalId,
        data: String(event.postback?.data ?? ''),
        params: event.postback?.params,
        at,
      });
      return;
    }
    default: {
      const follower = await findFollower(ctx, channel, conversation.externalId);
      await recordChannelEvent(ctx, channel, {
        key,
        kind: event.type,
        followerId: follower?.id ?? null,
        data: { event },
      });
    }
  }
}
