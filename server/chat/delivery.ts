// Delivers stored outgoing messages through their channel's adapter and records the outcome.
// A delivery first claims the message for a while, so two processes (or the sweeper and a
// fresh send) never deliver it twice; messages left pending by a crash are swept up later.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { AGENT_EVENTS } from '../../core/realtime/events';
import { adapterFor, ChannelNotConnected } from '../channels/adapters';
import type { AppContext } from '../context';
import { followerToWireOne } from './followerView';
import { emitChat } from './notify';
import { followers, messages } from './schema';
import { messageToWire } from './serialize';

export const MAX_DELIVERY_ATTEMPTS = 5;
const CLAIM_MS = 30_000;
const SWEEP_EVERY_MS = 5_000;
const PENDING_GRACE_MS = 10_000;

async function claim(ctx: AppContext, messageId: string) {
  const now = new Date();
  const [row] = await ctx.db
    .update(messages)
    .set({ deliveryClaimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.delivery, 'pending'),
        or(isNull(messages.deliveryClaimedUntil), lt(messages.deliveryClaimedUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deliverMessage(ctx: AppContext, messageId: string): Promise<void> {
  try {
    const message = await claim(ctx, messageId);
    if (!message) return;
    const [followerRow] = await ctx.db
      .select()
      .from(followers)
      .where(eq(followers.id, message.followerId))
      .limit(1);
    if (!followerRow) return;
    const follower = await followerToWireOne(ctx.db, followerRow);
    const attempts = message.deliveryAttempts + 1;
    let update: Partial<typeof messages.$inferInsert>;
    try {
      const sent = await adapterFor(followerRow.channelType).deliver(ctx, {
        follower: { ...follower, external_id: followerRow.externalId, channel_id: followerRow.channelId },
        message: messageToWire(message),
      });
      update = { delivery: 'sent', deliveryError: null, externalId: sent?.externalId ?? message.externalId };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      // A channel that is not connected will not start working by retrying.
      const final = attempts >= MAX_DELIVERY_ATTEMPTS || err instanceof ChannelNotConnected;
      update = { delivery: final ? 'failed' : 'pending', deliveryError: error };
      ctx.log.warn({ messageId, attempts, error }, final ? 'delivery failed' : 'delivery will be retried');
    }
    const [updated] = await ctx.db
      .update(messages)
      .set({ ...update, deliveryAttempts: attempts, deliveryClaimedUntil: null })
      .where(eq(messages.id, messageId))
      .returning();
    if (updated.delivery === 'pending') return;
    await emitChat(
      ctx,
      { accountId: followerRow.accountId, queueId: followerRow.lcQueueId, followerId: followerRow.id },
      AGENT_EVENTS.MESSAGE_STATUS,
      { follower_id: followerRow.id, message: messageToWire(updated) },
    );
  } catch (err) {
    // The message stays pending and the sweeper tries again; the failure is logged, not hidden.
    ctx.log.error({ err, messageId }, 'delivery could not run');
  }
}

/** Retries messages left pending (crash, restart, a slow platform). */
export async function sweepPending(ctx: AppContext): Promise<number> {
  const before = new Date(Date.now() - PENDING_GRACE_MS);
  const rows = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.delivery, 'pending'), lt(messages.createdAt, before)))
    .orderBy(messages.createdAt)
    .limit(100);
  for (const { id } of rows) await deliverMessage(ctx, id);
  return rows.length;
}

export function startDeliverySweeper(ctx: AppContext): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await sweepPending(ctx);
    } catch (err) {
      ctx.log.error({ err }, 'delivery sweep failed');
    } finally {
      running = false;
    }
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
