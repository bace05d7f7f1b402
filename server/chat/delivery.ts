// Delivers stored outgoing messages through their channel's adapter and records the outcome.
// A delivery first claims the message for a while, so two processes (or the sweeper and a
// fresh send) never deliver it twice; messages left pending by a crash are swept up later.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { AGENT_EVENTS } from '../../core/realtime/events';
import {
  adapterFor,
  ChannelNotConnected,
  failureReason,
  PermanentDeliveryError,
  retryDelayMs,
} from '../channels/adapters';
import type { AppContext } from '../context';
import { built, statement } from '../db/client';
import { every } from '../every';
import { followerToWireOne } from './followerView';
import { messagesToWire } from './messageQuery';
import { emitChat } from './notify';
import { toMessageRow } from './rows';
import { type Delivery, followers, messages } from './schema';
import { messageToWire, type WireFollower, type WireMessage } from './serialize';

type MessageRow = typeof messages.$inferSelect;
type FollowerRow = typeof followers.$inferSelect;

export const MAX_DELIVERY_ATTEMPTS = 5;
/** How long a delivery holds its message; a fresh send is stored holding it (outboundStore.ts). */
export const CLAIM_MS = 30_000;
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

/** What a fresh send already holds: no need to claim or read it again. */
export interface FreshSend {
  messageRow: MessageRow;
  followerRow: FollowerRow;
  follower: WireFollower;
  message: WireMessage;
}

const RECORD = statement(
  'chat_delivery_record',
  `update messages set delivery = $2, delivery_error = $3, external_id = $4, delivery_claimed_until = $5,
     delivery_attempts = $6 where id = $1 returning *`,
);

export async function deliverMessage(ctx: AppContext, messageId: string, fresh?: FreshSend): Promise<void> {
  try {
    let message: MessageRow;
    let followerRow: FollowerRow;
    let follower: WireFollower;
    let wire: WireMessage;
    if (fresh) {
      ({ messageRow: message, followerRow, follower, message: wire } = fresh);
    } else {
      const claimed = await claim(ctx, messageId);
      if (!claimed) return;
      message = claimed;
      const [row] = await ctx.db
        .select()
        .from(followers)
        .where(eq(followers.id, message.followerId))
        .limit(1);
      if (!row) return;
      followerRow = row;
      // With the sending agent's name (cached), as a fresh send has it.
      [follower, [wire]] = await Promise.all([
        followerToWireOne(ctx.db, followerRow),
        messagesToWire(ctx.db, [message]),
      ]);
    }
    const attempts = message.deliveryAttempts + 1;
    let update: {
      delivery: Delivery;
      deliveryError: string | null;
      externalId: string | null;
      claimedUntil: Date | null;
    };
    try {
      const sent = await adapterFor(followerRow.channelType).deliver(ctx, {
        follower: { ...follower, external_id: followerRow.externalId, channel_id: followerRow.channelId },
        message: wire,
      });
      update = {
        delivery: 'sent',
        deliveryError: null,
        externalId: sent?.externalId ?? message.externalId,
        claimedUntil: null,
      };
    } catch (err) {
      const error = failureReason(err);
      // A channel that is not connected, or a message the platform refused, will not start working
      // by retrying; a temporary failure waits (backoff, or the platform's Retry-After) under the claim.
      const final =
        attempts >= MAX_DELIVERY_ATTEMPTS ||
        err instanceof ChannelNotConnected ||
        err instanceof PermanentDeliveryError;
      update = {
        delivery: final ? 'failed' : 'pending',
        deliveryError: error,
        externalId: message.externalId,
        claimedUntil: final ? null : new Date(Date.now() + retryDelayMs(attempts, err)),
      };
      ctx.log.warn({ messageId, attempts, err }, final ? 'delivery failed' : 'delivery will be retried');
    }
    const [raw] = await ctx.database.run(RECORD, [
      messageId,
      update.delivery,
      update.deliveryError,
      update.externalId,
      update.claimedUntil,
      attempts,
    ]);
    if (!raw) return;
    const updated = toMessageRow(raw);
    if (updated.delivery === 'pending') return;
    await emitChat(
      ctx,
      { accountId: followerRow.accountId, queueId: followerRow.lcQueueId, followerId: followerRow.id },
      AGENT_EVENTS.MESSAGE_STATUS,
      // With the sender's name, as the message was first announced: the status replaces that copy.
      { follower_id: followerRow.id, message: messageToWire(updated, wire.user_info ?? null) },
    );
  } catch (err) {
    // The message stays pending and the sweeper tries again; the failure is logged, not hidden.
    ctx.log.error({ err, messageId }, 'delivery could not run');
  }
}

/** Retries messages left pending (crash, restart, a slow platform). */
export async function sweepPending(ctx: AppContext): Promise<number> {
  const before = new Date(Date.now() - PENDING_GRACE_MS);
  // Prepared once (client.ts built): every process runs this every few seconds all day.
  const query = ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.delivery, 'pending'),
        lt(messages.createdAt, before),
        or(isNull(messages.deliveryClaimedUntil), lt(messages.deliveryClaimedUntil, new Date())),
      ),
    )
    .orderBy(messages.createdAt)
    .limit(100);
  const rows = await ctx.database.run<{ id: string }>(...built(query));
  for (const { id } of rows) await deliverMessage(ctx, id);
  return rows.length;
}

export function startDeliverySweeper(ctx: AppContext): () => Promise<void> {
  return every(SWEEP_EVERY_MS, () => sweepPending(ctx), { what: 'delivery sweep', log: ctx.log });
}
