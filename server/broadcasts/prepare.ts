// A broadcast's messages as each platform gets them: every bubble converted for the channel
// (core/automation/replyConvert, as reply messages are), links made tracked, and for LINE the
// final message objects (checked against LINE's shapes) with a tracking id on videos so LINE
// reports who watched them (webhook videoPlayComplete). Done once per channel type per run; the
// tracked links are the same every time, so a resumed send sends the very same messages.
import { type BotChannel, type OutgoingItem, toChannelItems } from '../../core/automation/replyConvert';
import { LIMIT_MESSAGES, LINE_LIMITS } from '../../core/template/limits';
import type { FieldError } from '../../core/validation/rules';
import { lookupsFor } from '../automation/store';
import { type LineMessage, toLineMessages } from '../channels/line/messages';
import { resolveItems } from '../channels/outgoingItems';
import type { AppContext } from '../context';
import { isTrackable, linkAddress, linkCode } from '../links/store';
import { trackItems } from './links';
import type { LinkPart } from './schema';

type Row = {
  id: string;
  accountId: string;
  name: string;
  messages: import('../../core/automation/replyMessage').ReplyItem[];
  origin: string | null;
};

export interface ChannelItems {
  /** Per bubble, what the channel gets. */
  items: OutgoingItem[][];
  parts: LinkPart[];
}

export type Prepared<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Video tracking ids (LINE: at most 100 characters) name the broadcast and the bubble. */
export const videoTrackingId = (broadcastId: string, message: number) => `b-${broadcastId}-m${message}`;

export function parseVideoTrackingId(id: string): { broadcastId: string; message: number } | null {
  const m = /^b-([a-z0-9]+)-m(\d+)$/.exec(id);
  return m ? { broadcastId: m[1], message: Number(m[2]) } : null;
}

/** The bubbles converted for one channel type, with tracked links. */
export async function channelItems(
  ctx: AppContext,
  row: Row,
  channel: BotChannel,
): Promise<Prepared<ChannelItems>> {
  const lookups = await lookupsFor(ctx.db, row.accountId, row.messages);
  const origin = ctx.config.publicUrl ?? row.origin;
  const parts: LinkPart[] = [];
  const items: OutgoingItem[][] = [];
  const errors: FieldError[] = [];
  const track = async (url: string, part: string) =>
    origin && isTrackable(url)
      ? linkAddress(
          origin,
          await linkCode(ctx, {
            accountId: row.accountId,
            url,
            source: { kind: 'broadcast', id: row.id, part },
          }),
        )
      : url;
  for (const [i, item] of row.messages.entries()) {
    const result = toChannelItems({ name: row.name, items: [item], quick_replies: [] }, channel, lookups);
    if (!result.ok) {
      for (const e of result.errors)
        errors.push({ field: e.field.replace(/^items\[0\]/, `messages[${i}]`), message: e.message });
      continue;
    }
    items.push(await trackItems(result.message, i, track, parts));
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { items, parts } };
}

/** The LINE message objects of a broadcast (at most 5, LINE's limit per call). */
export async function lineBroadcastMessages(
  ctx: AppContext,
  broadcastId: string,
  prepared: ChannelItems,
): Promise<Prepared<LineMessage[]>> {
  const messages: LineMessage[] = [];
  const errors: FieldError[] = [];
  for (const [i, items] of prepared.items.entries()) {
    const line = toLineMessages(await resolveItems(ctx, items as Parameters<typeof resolveItems>[1]));
    for (const e of line.errors)
      errors.push({ field: e.field.replace(/^items\[\d+\]/, `messages[${i}]`), message: e.message });
    for (const m of line.messages) {
      if (m.type === 'video') m.trackingId = videoTrackingId(broadcastId, i);
      messages.push(m);
    }
  }
  if (messages.length > LINE_LIMITS.messagesPerRequest)
    errors.push({ field: 'messages', message: LIMIT_MESSAGES.messagesPerRequest });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: messages };
}
