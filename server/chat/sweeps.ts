// Timed lifecycle changes (spec 4), run as periodic sweeps: a chat not accepted in time becomes
// missed, an open chat idle for too long expires. The times are account settings
// (missed_after_seconds, expire_after_seconds). Each sweep runs in one transaction under a
// transaction-level advisory lock, so when several processes sweep together only one does the
// work; followers are locked before live chats, in the same order as take/accept/close.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AGENT_EVENTS, type AgentEvent } from '../../core/realtime/events';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { every } from '../every';
import { startDeliverySweeper } from './delivery';
import { followersToWire } from './followerView';
import { lcCopy } from './lifecycle';
import { emitChat } from './notify';
import { followers, livechats } from './schema';
import { DEFAULT_CHAT_SETTINGS } from './settings';

const SWEEP_LOCK_KEY = 7_300_301;
const BATCH = 500;
export const LIFECYCLE_SWEEP_EVERY_MS = 5_000;

type FollowerRow = typeof followers.$inferSelect;

export interface SweepResult {
  /** False when another process held the lock: nothing was done here. */
  ran: boolean;
  missed: string[];
  expired: string[];
}

const setting = (key: 'missed_after_seconds' | 'expire_after_seconds') =>
  sql.raw(
    `coalesce((select (s.settings->>'${key}')::float8 from account_settings s where s.account_id = l.account_id), ${DEFAULT_CHAT_SETTINGS[key]})`,
  );

/**
 * The shortest time any account allows: rows newer than now minus this cannot be due, so the
 * sweep reads only an index range (and nothing at all when nothing is due).
 */
const shortest = (key: 'missed_after_seconds' | 'expire_after_seconds') =>
  sql.raw(
    `(select min(coalesce((s.settings->>'${key}')::float8, ${DEFAULT_CHAT_SETTINGS[key]})) from accounts a left join account_settings s on s.account_id = a.id)`,
  );

const IDLE_SINCE = sql.raw(
  'greatest(l.started_at, coalesce(l.last_customer_at, l.started_at), coalesce(l.last_agent_at, l.started_at))',
);

/** Runs both sweeps once; `now` may be moved forward in tests instead of waiting. */
export async function sweepLifecycle(ctx: AppContext, now: Date = new Date()): Promise<SweepResult> {
  const at = now.toISOString();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as ok`),
    );
    if (!lock?.ok) return null;
    const changed: { row: FollowerRow; event: AgentEvent; kind: 'missed' | 'expired' }[] = [];

    const transition = async (
      candidates: { id: string; follower_id: string }[],
      kind: 'missed' | 'expired',
      patch: Partial<typeof livechats.$inferInsert>,
    ) => {
      if (candidates.length === 0) return;
      // Followers first (as take/accept/close do); ones busy in another change wait for the next sweep.
      const locked = await tx
        .select({ id: followers.id, livechatId: followers.livechatId })
        .from(followers)
        .where(
          inArray(
            followers.id,
            candidates.map((c) => c.follower_id),
          ),
        )
        .for('update', { skipLocked: true });
      const current = new Set(locked.map((f) => f.livechatId));
      const ids = candidates.map((c) => c.id).filter((id) => current.has(id));
      if (ids.length === 0) return;
      const stillOpen = sql`not (${livechats.isDone} or ${livechats.isMissed} or ${livechats.isExpired})`;
      const updated = await tx
        .update(livechats)
        .set(patch)
        .where(
          and(
            inArray(livechats.id, ids),
            stillOpen,
            kind === 'missed' ? sql`not ${livechats.isAccepted}` : undefined,
          ),
        )
        .returning();
      for (const livechat of updated) {
        const [row] = await tx
          .update(followers)
          .set({ ...lcCopy(livechat), updatedAt: now })
          .where(and(eq(followers.id, livechat.followerId), eq(followers.livechatId, livechat.id)))
          .returning();
        if (row)
          changed.push({
            row,
            kind,
            event: kind === 'missed' ? AGENT_EVENTS.MISSED_CHAT : AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE,
          });
      }
    };

    // Not accepted in time. Chats that came in outside business hours wait for the team instead.
    const missed = rowsOf<{ id: string; follower_id: string }>(
      await tx.execute(sql`
        select l.id, l.follower_id from livechats l
        where not (l.is_accepted or l.is_done or l.is_missed or l.is_expired)
          and l.waiting_since < ${at}::timestamptz - make_interval(secs => ${shortest('missed_after_seconds')})
          and not l.is_business
          and l.waiting_since < ${at}::timestamptz - make_interval(secs => ${setting('missed_after_seconds')})
        order by l.waiting_since
        limit ${BATCH}`),
    );
    await transition(missed, 'missed', { isMissed: true, countdownUntil: null });

    // Idle: no message from either side (nor a new start) for too long.
    const expired = rowsOf<{ id: string; follower_id: string }>(
      await tx.execute(sql`
        select l.id, l.follower_id from livechats l
        where not (l.is_done or l.is_missed or l.is_expired)
          and ${IDLE_SINCE} < ${at}::timestamptz - make_interval(secs => ${shortest('expire_after_seconds')})
          and ${IDLE_SINCE} < ${at}::timestamptz - make_interval(secs => ${setting('expire_after_seconds')})
        limit ${BATCH}`),
    );
    await transition(expired, 'expired', { isExpired: true, countdownUntil: null });
    return changed;
  });
  if (!outcome) return { ran: false, missed: [], expired: [] };

  const wires = await followersToWire(
    ctx.db,
    outcome.map((c) => c.row),
  );
  for (const [i, change] of outcome.entries()) {
    await emitChat(
      ctx,
      { accountId: change.row.accountId, queueId: change.row.lcQueueId, followerId: change.row.id },
      change.event,
      { follower: wires[i] },
    );
  }
  return {
    ran: true,
    missed: outcome.filter((c) => c.kind === 'missed').map((c) => c.row.id),
    expired: outcome.filter((c) => c.kind === 'expired').map((c) => c.row.id),
  };
}

/** Starts the chat's background work: delivery retries and lifecycle sweeps. Returns a stop. */
export function startChatTimers(ctx: AppContext): () => Promise<void> {
  const stopDelivery = startDeliverySweeper(ctx);
  const stopLifecycle = every(LIFECYCLE_SWEEP_EVERY_MS, () => sweepLifecycle(ctx), {
    what: 'lifecycle sweep',
    log: ctx.log,
  });
  return async () => {
    await Promise.all([stopLifecycle(), stopDelivery()]);
  };
}
