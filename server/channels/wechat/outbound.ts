// Agents' messages to WeChat as customer-service messages (POST /cgi-bin/message/custom/send), one
// call per part. Pictures are uploaded as temporary media first; videos and files go as a text
// with a signed link. WeChat has no buttons: a card made from a saved template goes through
// core/template's WeChat converter from the template's form (`source`) — a news article when it has
// a picture and a link, else a text spelling out its texts, buttons and links, exactly as the
// editor's WeChat preview shows it; other cards become their texts and button lines. WeChat accepts
// these only within 48 hours of the customer's last message; past that it refuses and the message
// fails with its reason.
import { sendOptions } from '../../../core/template/channelPreview';
import { toWeChatMessages, WECHAT_TEXT_BYTES, type WeChatMessage } from '../../../core/template/wechat';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import type { FieldError } from '../../../core/validation/rules';
import type { AppContext } from '../../context';
import { type ChannelAdapter, PermanentDeliveryError } from '../adapters';
import { describeErrors, type ResolvedItem, resolveItems } from '../outgoingItems';
import { PLATFORM_TIMEOUT_MS, pictureNetworkFailure } from '../platformErrors';
import { sendParts } from '../sentParts';
import { openOwnFile } from '../signedMedia';
import { channelForDelivery, type PlatformChannel } from '../store';
import { WECHAT, wechatCall } from './client';

export type WeChatPart =
  | { msgtype: 'text'; text: { content: string } }
  | { msgtype: 'image'; image: { source: string } }
  | Extract<WeChatMessage, { msgtype: 'news' }>;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Texts and links of a Flex card, in reading order (WeChat shows text only). */
export function flexLines(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const n of node) flexLines(n, out);
    return out;
  }
  if (!isNode(node)) return out;
  if (node.type === 'text' && typeof node.text === 'string' && node.text.trim()) out.push(node.text.trim());
  if (node.type === 'button' && isNode(node.action)) {
    const a = node.action;
    const label = typeof a.label === 'string' ? a.label : '';
    out.push(a.type === 'uri' && typeof a.uri === 'string' ? `${label}: ${a.uri}` : label);
  }
  for (const key of ['header', 'hero', 'body', 'footer', 'contents'])
    if (key in node) flexLines(node[key], out);
  return out;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** Pure: resolved items → WeChat parts and the problems that keep them back. */
export function toWeChatParts(items: readonly ResolvedItem[]): { parts: WeChatPart[]; errors: FieldError[] } {
  const parts: WeChatPart[] = [];
  const errors: FieldError[] = [];
  const text = (i: number, content: string) => {
    if (!content.trim()) errors.push({ field: `items[${i}]`, message: 'This field is required.' });
    else if (bytes(content) > WECHAT_TEXT_BYTES)
      errors.push({
        field: `items[${i}]`,
        message: SERVER_MESSAGES.weChatTextBytes(WECHAT_TEXT_BYTES),
      });
    parts.push({ msgtype: 'text', text: { content } });
  };
  for (const [i, item] of items.entries()) {
    switch (item.type) {
      case 'text':
        text(i, item.text);
        continue;
      case 'image':
        // Uploaded from our own store when it is one of our files, else fetched from its address.
        if (!item.url) errors.push({ field: `items[${i}]`, message: SERVER_MESSAGES.pictureNoAddress });
        else parts.push({ msgtype: 'image', image: { source: item.originalContentUrl || item.url } });
        continue;
      case 'video':
      case 'file': {
        if (!item.url) {
          errors.push({
            field: `items[${i}]`,
            message: SERVER_MESSAGES.noWeChatAddress,
          });
          continue;
        }
        const name = item.type === 'file' ? (item.fileName ?? 'File') : 'Video';
        text(i, `${name}: ${item.url}`);
        continue;
      }
      case 'flex': {
        if (!item.source) {
          text(i, [item.altText, ...flexLines(item.contents)].filter(Boolean).join('\n'));
          continue;
        }
        const converted = toWeChatMessages(item.source.form, sendOptions(item.source.name));
        if (converted.ok) parts.push(...converted.message);
        else
          for (const e of converted.errors)
            errors.push({ field: `items[${i}]${e.field ? `.${e.field}` : ''}`, message: e.message });
        continue;
      }
      case 'quickreply': {
        const labels = (item.items as { label?: string }[]).map((q, n) => `${n + 1}. ${q.label ?? ''}`);
        text(i, [item.text ?? '', ...labels].filter(Boolean).join('\n'));
        continue;
      }
      case 'sticker':
        errors.push({ field: `items[${i}]`, message: 'WeChat cannot show LINE stickers.' });
        continue;
      default:
        errors.push({ field: `items[${i}]`, message: 'This type is not supported.' });
    }
  }
  return { parts, errors };
}

/** Uploads a picture as WeChat temporary media; answers its media_id. */
async function uploadImage(ctx: AppContext, channel: PlatformChannel, source: string): Promise<string> {
  let blob: Blob;
  let name = 'image.jpg';
  const own = await openOwnFile(ctx, source);
  if (own) {
    const chunks: Buffer[] = [];
    for await (const chunk of own.stream) chunks.push(chunk as Buffer);
    blob = new Blob([Buffer.concat(chunks)], { type: own.type });
    name = own.name;
  } else {
    let res: Response;
    try {
      res = await fetch(source, { signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
    } catch (err) {
      throw pictureNetworkFailure(err);
    }
    if (!res.ok) throw new PermanentDeliveryError(SERVER_MESSAGES.pictureUnreadable(res.status));
    blob = await res.blob();
  }
  const form = new FormData();
  form.set('media', blob, name);
  const answer = await wechatCall(ctx, channel, '/cgi-bin/media/upload', { form, query: { type: 'image' } });
  if (typeof answer.media_id !== 'string')
    throw new PermanentDeliveryError(SERVER_MESSAGES.pictureNoMediaId(WECHAT));
  return answer.media_id;
}

export const wechatAdapter: ChannelAdapter = {
  async deliver(ctx, { follower, message }) {
    const channel = await channelForDelivery(ctx, follower.channel_id, ['wechat']);
    const { parts, errors } = toWeChatParts(await resolveItems(ctx, message.messages_sent));
    if (errors.length > 0) throw new PermanentDeliveryError(describeErrors(WECHAT, errors));
    const externalId = await sendParts<WeChatPart>(
      ctx,
      channel,
      { messageId: message._id, followerId: follower._id },
      parts,
      async (part) => {
        const body =
          part.msgtype === 'image'
            ? {
                touser: follower.external_id,
                msgtype: 'image',
                image: { media_id: await uploadImage(ctx, channel, part.image.source) },
              }
            : { touser: follower.external_id, ...part };
        await wechatCall(ctx, channel, '/cgi-bin/message/custom/send', { json: body });
        return '';
      },
    );
    return { externalId };
  },
};
