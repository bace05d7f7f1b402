// A message that goes out as several platform calls (Meta and WeChat take one item per call)
// remembers which parts went through, so a retry sends only the rest and nothing twice.
import { and, eq, like } from 'drizzle-orm';
import type { AppContext } from '../context';
import { recordChannelEvent } from './followers';
import { channelEvents } from './schema';
import type { PlatformChannel } from './store';

const keyOf = (messageId: string, part: number) => `sent:${messageId}:${part}`;

/** Parts of `messageId` already accepted by the platform, with the platform's ids. */
export async function sentParts(ctx: AppContext, channel: PlatformChannel, messageId: string) {
  const rows = await ctx.db
    .select({ key: channelEvents.eventKey, data: channelEvents.data })
    .from(channelEvents)
    .where(and(eq(channelEvents.channelId, channel.id), like(channelEvents.eventKey, `sent:${messageId}:%`)));
  const done = new Map<number, string>();
  for (const row of rows) done.set(Number(row.key.split(':').pop()), String(row.data.id ?? ''));
  return done;
}

export async function markPartSent(
  ctx: AppContext,
  channel: PlatformChannel,
  messageId: string,
  part: number,
  followerId: string,
  platformId: string,
) {
  await recordChannelEvent(ctx, channel, {
    key: keyOf(messageId, part),
    kind: 'sent',
    followerId,
    data: { id: platformId },
  });
}

/** Sends each part not sent before, in order; resolves with the platform's ids joined. */
export async function sendParts<T>(
  ctx: AppContext,
  channel: PlatformChannel,
  target: { messageId: string; followerId: string },
  parts: readonly T[],
  send: (part: T) => Promise<string>,
): Promise<string | undefined> {
  const done = await sentParts(ctx, channel, target.messageId);
  const ids: string[] = [];
  for (const [i, part] of parts.entries()) {
    let id = done.get(i);
    if (id === undefined) {
      id = await send(part);
      await markPartSent(ctx, channel, target.messageId, i, target.followerId, id);
    }
    if (id) ids.push(id);
  }
  return ids.length ? ids.join(',') : undefined;
}
