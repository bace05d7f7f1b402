// Webhook events are stored first and processed after the platform has its 200. Each event is a
// row keyed by the platform's own event id, so a redelivery lands on the row it already has; a
// row is claimed for a while before it is processed, so several processes (or the sweeper and
// the fresh request) never process it twice at once; rows left behind by a crash or a failed
// attempt are picked up by the sweeper with backoff, and given up (status 'failed', logged) after
// MAX_INBOUND_ATTEMPTS.
import { and, asc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { newId } from '../accounts/ids';
import type { AppContext } from '../context';
import { built } from '../db/client';
import { every } from '../every';
import { channelInbound, type InboundPlatform } from './schema';
import { findPlatformChannel, type PlatformChannel } from './store';

export const MAX_INBOUND_ATTEMPTS = 8;
const CLAIM_MS = 60_000;
const SWEEP_EVERY_MS = 3_000;
/** The request that stored a row processes it at once; the sweeper leaves it that long first. */
const FRESH_MS = 2_000;
const KEEP_DONE_MS = 30 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;

export interface InboundEvent {
  /** The platform's id for the event (unique per channel). */
  key: string;
  payload: unknown;
}

export type InboundHandler = (ctx: AppContext, channel: PlatformChannel, payload: unknown) => Promise<void>;

const handlers = new Map<InboundPlatform, InboundHandler>();

export function registerInboundHandler(platform: InboundPlatform, handler: InboundHandler) {
  handlers.set(platform, handler);
}

/** Stores the events; a redelivered one (same key) adds nothing. Returns the new rows' ids, in order. */
export async function storeInbound(
  ctx: AppContext,
  channel: PlatformChannel,
  platform: InboundPlatform,
  events: readonly InboundEvent[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map((e) => ({
    id: newId(),
    channelId: channel.id,
    accountId: channel.accountId,
    platform,
    eventKey: e.key.slice(0, 300),
    payload: e.payload,
  }));
  const inserted = await ctx.db
    .insert(channelInbound)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: channelInbound.id });
  const fresh = new Set(inserted.map((r) => r.id));
  return rows.filter((r) => fresh.has(r.id)).map((r) => r.id);
}

async function claim(ctx: AppContext, id: string) {
  const now = new Date();
  const [row] = await ctx.db
    .update(channelInbound)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(channelInbound.id, id),
        eq(channelInbound.status, 'pending'),
        or(isNull(channelInbound.claimedUntil), lt(channelInbound.claimedUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Processes one stored event, once; failures are recorded and retried later. */
export async function processInbound(ctx: AppContext, id: string): Promise<void> {
  const row = await claim(ctx, id);
  if (!row) return;
  const attempts = row.attempts + 1;
  try {
    const handler = handlers.get(row.platform);
    if (!handler) throw new Error(`no handler for ${row.platform} events`);
    const channel = await findPlatformChannel(ctx, row.channelId);
    // A channel deleted or switched off meanwhile: nothing to do with its events.
    if (channel?.enabled) await handler(ctx, channel, row.payload);
    await ctx.db
      .update(channelInbound)
      .set({ status: 'done', attempts, processedAt: new Date(), claimedUntil: null, lastError: null })
      .where(eq(channelInbound.id, id));
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const failed = attempts >= MAX_INBOUND_ATTEMPTS;
    const wait = Math.min(5 * 60_000, 2_000 * 2 ** (attempts - 1));
    ctx.log[failed ? 'error' : 'warn'](
      { err, inboundId: id, platform: row.platform, attempts },
      failed ? 'channel event given up' : 'channel event will be retried',
    );
    await ctx.db
      .update(channelInbound)
      .set({
        attempts,
        lastError: error.slice(0, 1000),
        status: failed ? 'failed' : 'pending',
        processedAt: failed ? new Date() : null,
        claimedUntil: failed ? null : new Date(Date.now() + wait),
      })
      .where(eq(channelInbound.id, id))
      .catch((e: unknown) => ctx.log.error({ err: e, inboundId: id }, 'channel event state not saved'));
  }
}

/** Processes the rows in order; never throws (the sweeper covers whatever is left). */
export async function processInboundRows(ctx: AppContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    try {
      await processInbound(ctx, id);
    } catch (err) {
      ctx.log.error({ err, inboundId: id }, 'channel event could not run');
    }
  }
}

/** Runs after the answer has gone out. */
export function processSoon(ctx: AppContext, ids: readonly string[]) {
  if (ids.length === 0) return;
  setImmediate(() => void processInboundRows(ctx, ids));
}

/** Picks up events left pending (a crash after the 200, a failed attempt whose wait is over). */
export async function sweepInbound(ctx: AppContext, now = new Date()): Promise<number> {
  // Prepared once (client.ts built): every process runs this every few seconds all day.
  const query = ctx.db
    .select({ id: channelInbound.id })
    .from(channelInbound)
    .where(
      and(
        eq(channelInbound.status, 'pending'),
        lt(channelInbound.receivedAt, new Date(now.getTime() - FRESH_MS)),
        or(isNull(channelInbound.claimedUntil), lt(channelInbound.claimedUntil, now)),
      ),
    )
    .orderBy(asc(channelInbound.receivedAt))
    .limit(100);
  const rows = await ctx.database.run<{ id: string }>(...built(query));
  await processInboundRows(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** Forgets processed events after a month; redeliveries come within minutes. */
export async function pruneInbound(ctx: AppContext, now = new Date()): Promise<void> {
  const old = ctx.db
    .select({ id: channelInbound.id })
    .from(channelInbound)
    .where(
      and(
        ne(channelInbound.status, 'pending'),
        lt(channelInbound.processedAt, new Date(now.getTime() - KEEP_DONE_MS)),
      ),
    )
    .limit(1000);
  await ctx.db.delete(channelInbound).where(inArray(channelInbound.id, old));
}

/** Retries the channel events left pending, and now and then forgets old handled ones. */
export function startInboundSweeper(ctx: AppContext): () => Promise<void> {
  let lastPrune = 0;
  return every(
    SWEEP_EVERY_MS,
    async () => {
      await sweepInbound(ctx);
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneInbound(ctx);
      }
    },
    { what: 'channel event sweep', log: ctx.log },
  );
}
