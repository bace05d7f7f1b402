// One stored WeChat message or event → the inbox: text, image (fetched into the media library),
// voice, video, location and link messages; subscribe/unsubscribe (blocked while unsubscribed);
// menu clicks recorded as postbacks for the actions runtime.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { MessageItem } from '../../../core/models/message';
import { receiveCustomerMessage } from '../../chat/inbound';
import type { AppContext } from '../../context';
import { findFollower, type Profile, recordChannelEvent, upsertFollower } from '../followers';
import { PLATFORM_TIMEOUT_MS } from '../platformErrors';
import { receivePostback } from '../postbacks';
import { keepReceived, locationText, nameFor, type ReceivedKind, unavailableItem } from '../receivedMedia';
import type { PlatformChannel } from '../store';
import { accessToken, wechatCall } from './client';
import { wechatEventKey } from './webhook';

export interface WeChatEvent {
  ToUserName?: string;
  FromUserName: string;
  CreateTime?: string;
  MsgType: string;
  MsgId?: string;
  Content?: string;
  PicUrl?: string;
  MediaId?: string;
  Format?: string;
  Recognition?: string;
  Location_X?: string;
  Location_Y?: string;
  Label?: string;
  Title?: string;
  Description?: string;
  Url?: string;
  Event?: string;
  EventKey?: string;
}

async function fetchProfile(ctx: AppContext, channel: PlatformChannel, openId: string): Promise<Profile> {
  try {
    const info = await wechatCall(ctx, channel, '/cgi-bin/user/info', {
      query: { openid: openId, lang: 'en' },
    });
    return {
      name: typeof info.nickname === 'string' ? info.nickname : undefined,
      image: (info.headimgurl as string) || null,
    };
  } catch (err) {
    ctx.log.warn({ err, channelId: channel.id }, 'WeChat profile not fetched');
    return {};
  }
}

async function profileFor(ctx: AppContext, channel: PlatformChannel, openId: string): Promise<Profile> {
  const known = await findFollower(ctx, channel, openId);
  return known?.lineName ? {} : fetchProfile(ctx, channel, openId);
}

/** A picture from its PicUrl, other media from WeChat's temporary media by MediaId. */
async function mediaItem(
  ctx: AppContext,
  channel: PlatformChannel,
  event: WeChatEvent,
  kind: ReceivedKind,
): Promise<MessageItem> {
  const name = `wechat-${event.MsgId ?? event.MediaId ?? 'file'}`;
  let url: URL | null = null;
  if (kind === 'image' && event.PicUrl && /^https?:\/\//.test(event.PicUrl)) url = new URL(event.PicUrl);
  else if (event.MediaId) {
    url = new URL(`${ctx.config.wechatApiBase}/cgi-bin/media/get`);
    url.searchParams.set('access_token', await accessToken(ctx, channel));
    url.searchParams.set('media_id', event.MediaId);
  }
  if (!url) return unavailableItem(kind, name);
  const res = await fetch(url, { signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS * 2) });
  if (res.status >= 500) throw new Error(`WeChat media not fetched: ${res.status}`);
  const type = res.headers.get('content-type');
  // WeChat answers a JSON error instead of the file when the media is gone.
  if (!res.ok || !res.body || type?.includes('json')) return unavailableItem(kind, name);
  return keepReceived(ctx, channel, {
    kind,
    name: nameFor(name, type, kind === 'audio' ? (event.Format ?? 'amr') : kind === 'video' ? 'mp4' : 'jpg'),
    body: Readable.fromWeb(res.body as WebReadableStream),
    type,
  });
}

async function itemsOf(
  ctx: AppContext,
  channel: PlatformChannel,
  event: WeChatEvent,
): Promise<MessageItem[]> {
  switch (event.MsgType) {
    case 'text':
      return [{ type: 'text', text: event.Content ?? '' }];
    case 'image':
      return [await mediaItem(ctx, channel, event, 'image')];
    case 'voice': {
      const item = await mediaItem(ctx, channel, event, 'audio');
      return event.Recognition ? [item, { type: 'text', text: event.Recognition }] : [item];
    }
    case 'video':
    case 'shortvideo':
      return [await mediaItem(ctx, channel, event, 'video')];
    case 'location':
      return [
        {
          type: 'text',
          text: locationText({
            title: event.Label,
            latitude: Number(event.Location_X),
            longitude: Number(event.Location_Y),
          }),
        },
      ];
    case 'link':
      return [{ type: 'text', text: [event.Title, event.Description, event.Url].filter(Boolean).join('\n') }];
    default:
      return [{ type: 'text', text: `[${event.MsgType}]` }];
  }
}

export async function handleWeChatEvent(
  ctx: AppContext,
  channel: PlatformChannel,
  payload: unknown,
): Promise<void> {
  const event = payload as WeChatEvent;
  const openId = event.FromUserName;
  const key = wechatEventKey(event);
  const at = event.CreateTime ? new Date(Number(event.CreateTime) * 1000) : new Date();
  if (event.MsgType !== 'event') {
    await receiveCustomerMessage(ctx, {
      channel: { id: channel.id, accountId: channel.accountId, type: channel.type },
      externalId: openId,
      profile: await profileFor(ctx, channel, openId),
      items: await itemsOf(ctx, channel, event),
      externalMessageId: event.MsgId,
      eventId: key,
      at,
    });
    return;
  }
  const kind = String(event.Event ?? '').toLowerCase();
  if (kind === 'subscribe' || kind === 'unsubscribe') {
    const subscribe = kind === 'subscribe';
    const follower = await upsertFollower(ctx, channel, openId, {
      profile: subscribe ? await fetchProfile(ctx, channel, openId) : undefined,
      blocked: !subscribe,
    });
    await recordChannelEvent(ctx, channel, { key, kind, followerId: follower.id });
    return;
  }
  if (kind === 'click') {
    await receivePostback(ctx, {
      channel,
      eventKey: key,
      externalId: openId,
      data: event.EventKey ?? '',
      at,
    });
    return;
  }
  const follower = await findFollower(ctx, channel, openId);
  await recordChannelEvent(ctx, channel, {
    key,
    kind: kind || 'event',
    followerId: follower?.id ?? null,
    data: { ...event },
  });
}
