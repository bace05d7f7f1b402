// Agents' messages to LINE through the official SDK: with the conversation's reply token while it
// is fresh (free, and LINE's preferred answer), else a push whose X-Line-Retry-Key is derived from
// our message id, so a retried push (a lost answer, a crash, the sweeper) is never sent twice:
// LINE answers 409 to a key it has accepted, which counts as sent.
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { ChannelAdapter } from '../adapters';
import { withTimeout } from '../platformErrors';
import { channelReplyTokens } from '../schema';
import { channelForDelivery } from '../store';
import { isLineHttpError, lineClient, lineError } from './client';
import { lineMessagesFor } from './messages';

/** LINE reply tokens last about a minute; past this they are left for a push. */
export const REPLY_TOKEN_FRESH_MS = 50_000;

/** A UUID (the form LINE requires) that is the same for every retry of one message. */
export function lineRetryKey(messageId: string): string {
  const h = createHash('sha256').update(`line-retry:${messageId}`).digest('hex');
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Keeps the newest reply token of a conversation (an older, redelivered event never replaces it). */
export async function keepReplyToken(ctx: AppContext, followerId: string, token: string, receivedAt: Date) {
  await ctx.db
    .insert(channelReplyTokens)
    .values({ followerId, token, receivedAt, usedBy: null })
    .onConflictDoUpdate({
      target: channelReplyTokens.followerId,
      set: { token, receivedAt, usedBy: null },
      where: sql`${channelReplyTokens.receivedAt} < excluded.received_at`,
    });
}

/** Takes the fresh, unused reply token for one message; it is never handed out twice. */
export async function takeReplyToken(
  ctx: AppContext,
  followerId: string,
  messageId: string,
  now = Date.now(),
) {
  const [row] = await ctx.db
    .update(channelReplyTokens)
    .set({ usedBy: messageId })
    .where(
      and(
        eq(channelReplyTokens.followerId, followerId),
        isNull(channelReplyTokens.usedBy),
        gt(channelReplyTokens.receivedAt, new Date(now - REPLY_TOKEN_FRESH_MS)),
      ),
    )
    .returning({ token: channelReplyTokens.token });
  return row?.token ?? null;
}

function sentIds(body: unknown): string | undefined {
  const sent = (body as { sentMessages?: { id?: string }[] } | null)?.sentMessages;
  const ids = Array.isArray(sent) ? sent.map((m) => m.id).filter(Boolean) : [];
  return ids.length ? ids.join(',') : undefined;
}

export const lineAdapter: ChannelAdapter = {
  async deliver(ctx, { follower, message }) {
    const channel = await channelForDelivery(ctx, follower.channel_id, ['line']);
    const messages = await lineMessagesFor(ctx, message.messages_sent);
    const client = await lineClient(ctx, channel);
    // biome-ignore lint/suspicious/noExplicitAny: the SDK's Message union; our messages are checked against LINE's schema above.
    const payload = messages as any[];
    const token = await takeReplyToken(ctx, follower._id, message._id);
    if (token) {
      try {
        const res = await withTimeout(
          client.replyMessageWithHttpInfo({ replyToken: token, messages: payload }),
        );
        return { externalId: sentIds(res.body) };
      } catch (err) {
        // An expired or used token: the push below sends the message instead.
        const badToken = isLineHttpError(err) && err.status === 400 && /reply ?token/i.test(err.body);
        if (!badToken) throw lineError(err);
      }
    }
    try {
      const res = await withTimeout(
        client.pushMessageWithHttpInfo(
          { to: follower.external_id, messages: payload },
          lineRetryKey(message._id),
        ),
      );
      return { externalId: sentIds(res.body) };
    } catch (err) {
      // The key was accepted before: this message is already on its way.
      if (isLineHttpError(err) && err.status === 409) {
        let body: unknown = null;
        try {
          body = JSON.parse(err.body);
        } catch {
          body = null;
        }
        return { externalId: sentIds(body) ?? err.headers.get('x-line-accepted-request-id') ?? undefined };
      }
      throw lineError(err);
    }
  },
};
