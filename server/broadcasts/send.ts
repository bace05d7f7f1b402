// Sending a broadcast, exactly once, from any number of server processes. Correctness lives in
// the database, not in a timer:
// - A due broadcast is claimed with one atomic UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP
//   LOCKED): the claiming process holds a lease (renewed while it works). A process that stops
//   leaves the lease to lapse and another carries on from where the batches stand.
// - Its recipients are fixed once (a transaction guarded by prepared_at) and split into batches
//   (LINE: a multicast of at most 500; others: 20 people sent one by one).
// - Each batch is claimed on its own; a LINE multicast carries an X-Line-Retry-Key derived from
//   the broadcast and batch, so a call whose answer was lost and is made again is refused by LINE
//   as already accepted (409), which counts as sent. Messenger, Instagram and WeChat go through
//   the channels' adapters, which remember the parts already accepted per recipient.
// Refusals fail the batch with the platform's reason (resendable); 429, 5xx and silence are
// retried with backoff up to MAX_ATTEMPTS.
import { createHash } from 'node:crypto';
import type { messagingApi } from '@line/bot-sdk';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BotChannel, OutgoingItem } from '../../core/automation/replyConvert';
import { BROADCAST_EVENTS, type BroadcastProgress } from '../../core/broadcast/events';
import { AGENT_NAMESPACE } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import {
  adapterFor,
  ChannelNotConnected,
  failureReason,
  PermanentDeliveryError,
  retryDelayMs,
  TemporaryDeliveryError,
} from '../channels/adapters';
import { isLineHttpError, lineClient, lineError } from '../channels/line/client';
import type { LineMessage } from '../channels/line/messages';
import { describeErrors } from '../channels/outgoingItems';
import { withTimeout } from '../channels/platformErrors';
import { findPlatformChannel, requireEnabled } from '../channels/store';
import { accountRoom } from '../chat/rooms';
import type { AppContext } from '../context';
import { built, rowsOf } from '../db/client';
import { channelItems, lineBroadcastMessages } from './prepare';
import { broadcastBatches, broadcastRecipients, broadcasts, type LinkPart } from './schema';
import { audienceWhere } from './targets';

export type BroadcastRow = typeof broadcasts.$inferSelect;

export const LEASE_SECONDS = 60;
export const MAX_ATTEMPTS = 5;
/** A scheduled broadcast not started this long after its time is not sent any more. */
export const EXPIRE_AFTER_HOURS = 24;
export const LINE_MULTICAST_MAX = 500;
export const ONE_BY_ONE_BATCH = 20;
/** Multicasts in flight at once per channel (LINE allows 200 calls a second). */
const LINE_PARALLEL = 4;
const PROGRESS_EVERY_MS = 300;

export const SEND_MESSAGES = {
  nobody: SERVER_MESSAGES.nobodyToSend,
  expired: SERVER_MESSAGES.broadcastExpired(EXPIRE_AFTER_HOURS),
  channelGone: SERVER_MESSAGES.channelNotConnected,
} as const;

export interface Runner {
  /** This process, as written into leases. */
  owner: string;
  stopping: boolean;
}

/** A UUID that is the same for every attempt at one batch (LINE's X-Line-Retry-Key). */
export function batchRetryKey(broadcastId: string, channelId: string, batchNo: number): string {
  const h = createHash('sha256').update(`broadcast:${broadcastId}:${channelId}:${batchNo}`).digest('hex');
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function emitProgress(ctx: AppContext, accountId: string, progress: BroadcastProgress) {
  ctx.io.of(AGENT_NAMESPACE).to(accountRoom(accountId)).emit(BROADCAST_EVENTS.PROGRESS, progress);
}

const progressOf = (
  row: Pick<BroadcastRow, 'id' | 'status' | 'totalCount' | 'sentCount' | 'failedCount'>,
) => ({
  _id: row.id,
  status: row.status,
  total: row.totalCount,
  sent: row.sentCount,
  failed: row.failedCount,
});

/**
 * Broadcasts not started within EXPIRE_AFTER_HOURS of their time (every server was down, or the
 * one that claimed it died before fixing its recipients) become Expired instead of going out late.
 */
export async function expireOverdue(ctx: AppContext): Promise<void> {
  // Prepared once (client.ts built), as claimDue: every process runs both every second all day.
  const rows = await ctx.database.run<{ id: string; account_id: string }>(
    ...built(sql`
      update broadcasts set status = 'Expired', error = ${SEND_MESSAGES.expired}, finished_at = now(), updated_at = now()
      where status in ('Scheduled', 'Sending') and prepared_at is null
        and (lease_until is null or lease_until < now())
        and broadcast_time < now() - make_interval(hours => ${EXPIRE_AFTER_HOURS}::int)
      returning id, account_id`),
  );
  for (const r of rows)
    emitProgress(ctx, r.account_id, { _id: r.id, status: 'Expired', total: 0, sent: 0, failed: 0 });
}

/** Takes the lease of the next due broadcast, if any; no two processes get the same one. */
export async function claimDue(ctx: AppContext, owner: string): Promise<BroadcastRow | null> {
  const [claimed] = await ctx.database.run<{ id: string }>(
    ...built(sql`
      update broadcasts
      set status = 'Sending', lease_owner = ${owner},
        lease_until = now() + make_interval(secs => ${LEASE_SECONDS}::float8),
        started_at = coalesce(started_at, now()), updated_at = now()
      where id = (
        select id from broadcasts
        where status in ('Scheduled', 'Sending') and broadcast_time <= now()
          and (lease_until is null or lease_until < now())
          and (prepared_at is not null or broadcast_time >= now() - make_interval(hours => ${EXPIRE_AFTER_HOURS}::int))
        order by broadcast_time
        limit 1
        for update skip locked)
      returning id`),
  );
  if (!claimed) return null;
  const [row] = await ctx.db.select().from(broadcasts).where(eq(broadcasts.id, claimed.id)).limit(1);
  return row ?? null;
}

/** Renews the lease; false when another process has it now (this one must stop). */
async function renewLease(ctx: AppContext, runner: Runner, id: string): Promise<boolean> {
  const rows = await ctx.db
    .update(broadcasts)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS}::float8)` })
    .where(and(eq(broadcasts.id, id), eq(broadcasts.leaseOwner, runner.owner)))
    .returning({ id: broadcasts.id });
  return rows.length > 0;
}

/** Fixes who receives it and splits them into batches, once, whoever gets there first. */
export async function prepareRecipients(ctx: AppContext, runner: Runner, row: BroadcastRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [mine] = await tx
      .update(broadcasts)
      .set({ preparedAt: sql`now()` })
      .where(
        and(
          eq(broadcasts.id, row.id),
          sql`${broadcasts.preparedAt} is null`,
          eq(broadcasts.leaseOwner, runner.owner),
        ),
      )
      .returning({ id: broadcasts.id });
    if (!mine) return;
    const where = audienceWhere(row.accountId, {
      recipients: row.recipients,
      messagesTarget: row.messagesTarget,
      excludedTarget: row.excludedTarget,
    });
    await tx.execute(sql`
      insert into broadcast_recipients (broadcast_id, follower_id, channel_id, channel_type, external_id, batch_no)
      select ${row.id}, followers.id, followers.channel_id, followers.channel_type, followers.external_id,
        ((row_number() over (partition by followers.channel_id order by followers.id)) - 1)
          / (case when followers.channel_type = 'line' then ${LINE_MULTICAST_MAX}::int else ${ONE_BY_ONE_BATCH}::int end)
      from followers inner join channels on channels.id = followers.channel_id
      where ${where}`);
    await tx.execute(sql`
      insert into broadcast_batches (broadcast_id, channel_id, batch_no, size)
      select broadcast_id, channel_id, batch_no, count(*) from broadcast_recipients
      where broadcast_id = ${row.id} group by broadcast_id, channel_id, batch_no`);
    await tx.execute(sql`
      update broadcasts set total_count = (select count(*) from broadcast_recipients where broadcast_id = ${row.id}),
        sent_count = 0, failed_count = 0
      where id = ${row.id}`);
  });
}

interface Batch {
  channelId: string;
  batchNo: number;
  attempts: number;
}

/** The next batch of a channel to send: pending and due, or claimed by a process that went away. */
async function claimBatch(ctx: AppContext, broadcastId: string, channelId: string): Promise<Batch | null> {
  const [row] = rowsOf<{ channel_id: string; batch_no: number; attempts: number }>(
    await ctx.db.execute(sql`
      update broadcast_batches set status = 'sending', attempts = attempts + 1,
        claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}::float8)
      where (broadcast_id, channel_id, batch_no) = (
        select broadcast_id, channel_id, batch_no from broadcast_batches
        where broadcast_id = ${broadcastId} and channel_id = ${channelId}
          and ((status = 'pending' and (not_before is null or not_before <= now()))
            or (status = 'sending' and claimed_until < now()))
        order by batch_no limit 1
        for update skip locked)
      returning channel_id, batch_no, attempts`),
  );
  return row ? { channelId: row.channel_id, batchNo: row.batch_no, attempts: row.attempts } : null;
}

/**
 * Milliseconds until a batch of the channel that nobody works on is due (pending, or claimed by a
 * process that went away); null when there is none (the rest are with this process's workers).
 */
async function nextDueIn(ctx: AppContext, broadcastId: string, channelId: string): Promise<number | null> {
  const [row] = rowsOf<{ wait_ms: number | null; open: number }>(
    await ctx.db.execute(sql`
      select count(*)::int as open,
        greatest(0, extract(epoch from min(case when status = 'pending' then coalesce(not_before, now())
          else claimed_until end) - now()) * 1000)::int as wait_ms
      from broadcast_batches
      where broadcast_id = ${broadcastId} and channel_id = ${channelId}
        and (status = 'pending' or (status = 'sending' and claimed_until < now()))`),
  );
  return row && row.open > 0 ? (row.wait_ms ?? 0) : null;
}

async function batchRecipients(ctx: AppContext, broadcastId: string, batch: Batch) {
  return ctx.db
    .select({ followerId: broadcastRecipients.followerId, externalId: broadcastRecipients.externalId })
    .from(broadcastRecipients)
    .where(
      and(
        eq(broadcastRecipients.broadcastId, broadcastId),
        eq(broadcastRecipients.channelId, batch.channelId),
        eq(broadcastRecipients.batchNo, batch.batchNo),
        eq(broadcastRecipients.status, 'pending'),
      ),
    )
    .orderBy(broadcastRecipients.followerId);
}

/** Records how recipients fared and closes the batch, in one transaction. */
async function settle(
  ctx: AppContext,
  broadcastId: string,
  batch: Batch,
  outcome: { sent: string[]; failed: { followerId: string; error: string }[]; batchError?: string },
) {
  await ctx.db.transaction(async (tx) => {
    const pk = and(
      eq(broadcastRecipients.broadcastId, broadcastId),
      eq(broadcastRecipients.channelId, batch.channelId),
      eq(broadcastRecipients.batchNo, batch.batchNo),
      eq(broadcastRecipients.status, 'pending'),
    );
    let sent = 0;
    let failed = 0;
    if (outcome.sent.length > 0) {
      const done = await tx
        .update(broadcastRecipients)
        .set({ status: 'sent', sentAt: sql`now()`, error: null })
        .where(and(pk, inArray(broadcastRecipients.followerId, outcome.sent)))
        .returning({ id: broadcastRecipients.followerId });
      sent = done.length;
    }
    const byError = new Map<string, string[]>();
    for (const f of outcome.failed) byError.set(f.error, [...(byError.get(f.error) ?? []), f.followerId]);
    for (const [error, ids] of byError) {
      const done = await tx
        .update(broadcastRecipients)
        .set({ status: 'failed', error: error.slice(0, 500) })
        .where(and(pk, inArray(broadcastRecipients.followerId, ids)))
        .returning({ id: broadcastRecipients.followerId });
      failed += done.length;
    }
    await tx
      .update(broadcastBatches)
      .set({
        status: outcome.failed.length > 0 && outcome.sent.length === 0 ? 'failed' : 'sent',
        error: outcome.batchError?.slice(0, 500) ?? null,
        sentAt: sql`now()`,
        claimedUntil: null,
      })
      .where(
        and(
          eq(broadcastBatches.broadcastId, broadcastId),
          eq(broadcastBatches.channelId, batch.channelId),
          eq(broadcastBatches.batchNo, batch.batchNo),
        ),
      );
    await tx
      .update(broadcasts)
      .set({
        sentCount: sql`${broadcasts.sentCount} + ${sent}`,
        failedCount: sql`${broadcasts.failedCount} + ${failed}`,
        updatedAt: sql`now()`,
      })
      .where(eq(broadcasts.id, broadcastId));
  });
}

/** A temporary failure: the batch waits and goes again, unless it has had its attempts. */
async function retryLater(
  ctx: AppContext,
  broadcastId: string,
  batch: Batch,
  err: unknown,
): Promise<boolean> {
  if (batch.attempts >= MAX_ATTEMPTS) return false;
  const wait = retryDelayMs(batch.attempts, err);
  await ctx.db
    .update(broadcastBatches)
    .set({
      status: 'pending',
      notBefore: sql`now() + make_interval(secs => ${wait / 1000}::float8)`,
      claimedUntil: null,
      error: err instanceof Error ? err.message.slice(0, 500) : String(err),
    })
    .where(
      and(
        eq(broadcastBatches.broadcastId, broadcastId),
        eq(broadcastBatches.channelId, batch.channelId),
        eq(broadcastBatches.batchNo, batch.batchNo),
      ),
    );
  return true;
}

/** Fails every batch of a channel that is still to go (the channel or its messages cannot be sent). */
async function failChannel(ctx: AppContext, broadcastId: string, channelId: string, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(broadcastRecipients)
      .set({ status: 'failed', error: reason.slice(0, 500) })
      .where(
        and(
          eq(broadcastRecipients.broadcastId, broadcastId),
          eq(broadcastRecipients.channelId, channelId),
          eq(broadcastRecipients.status, 'pending'),
        ),
      )
      .returning({ id: broadcastRecipients.followerId });
    await tx
      .update(broadcastBatches)
      .set({ status: 'failed', error: reason.slice(0, 500), claimedUntil: null })
      .where(
        and(
          eq(broadcastBatches.broadcastId, broadcastId),
          eq(broadcastBatches.channelId, channelId),
          inArray(broadcastBatches.status, ['pending', 'sending']),
        ),
      );
    await tx
      .update(broadcasts)
      .set({ failedCount: sql`${broadcasts.failedCount} + ${rows.length}` })
      .where(eq(broadcasts.id, broadcastId));
  });
}

type Sender = (
  batch: Batch,
  people: { followerId: string; externalId: string }[],
) => Promise<{
  sent: string[];
  failed: { followerId: string; error: string }[];
}>;

function lineSender(
  ctx: AppContext,
  row: BroadcastRow,
  channel: NonNullable<Awaited<ReturnType<typeof findPlatformChannel>>>,
  messages: LineMessage[],
): Sender {
  return async (batch, people) => {
    const to = people.map((p) => p.externalId);
    const client = await lineClient(ctx, channel);
    try {
      await withTimeout(
        client.multicastWithHttpInfo(
          // The SDK's Message union; ours are checked against LINE's schema in prepare.ts.
          { to, messages: messages as unknown as messagingApi.Message[] },
          batchRetryKey(row.id, batch.channelId, batch.batchNo),
        ),
      );
    } catch (err) {
      // LINE accepted this key before (an answer lost on the way): the batch went already.
      if (!(isLineHttpError(err) && err.status === 409)) throw lineError(err);
    }
    return { sent: people.map((p) => p.followerId), failed: [] };
  };
}

function oneByOneSender(
  ctx: AppContext,
  row: BroadcastRow,
  channel: NonNullable<Awaited<ReturnType<typeof findPlatformChannel>>>,
  items: OutgoingItem[],
  runner: Runner,
): Sender {
  const adapter = adapterFor(channel.type);
  return async (_batch, people) => {
    const sent: string[] = [];
    const failed: { followerId: string; error: string }[] = [];
    for (const person of people) {
      if (runner.stopping) break;
      for (let attempt = 1; ; attempt++) {
        try {
          await adapter.deliver(ctx, {
            follower: {
              _id: person.followerId,
              channel_id: channel.id,
              channel_type: channel.type,
              external_id: person.externalId,
            } as never,
            // The adapters remember accepted parts by this id: a resumed send skips them.
            message: { _id: `bc-${row.id}-${person.followerId}`, messages_sent: items } as never,
          });
          sent.push(person.followerId);
          break;
        } catch (err) {
          if (err instanceof TemporaryDeliveryError && attempt < 3) {
            await sleep(Math.min(5_000, retryDelayMs(attempt, err)));
            continue;
          }
          if (!(err instanceof PermanentDeliveryError || err instanceof TemporaryDeliveryError))
            ctx.log.error({ err, broadcastId: row.id }, 'broadcast delivery failed');
          failed.push({ followerId: person.followerId, error: failureReason(err) });
          break;
        }
      }
    }
    return { sent, failed };
  };
}

/** The sender for a channel, or the reason none of its recipients can be sent to. */
async function senderFor(
  ctx: AppContext,
  runner: Runner,
  row: BroadcastRow,
  channelId: string,
  parts: Map<string, LinkPart>,
): Promise<{ send: Sender; parallel: number } | { error: string }> {
  const found = await findPlatformChannel(ctx, channelId);
  if (!found) return { error: SEND_MESSAGES.channelGone };
  try {
    const channel = requireEnabled(found);
    const prepared = await channelItems(ctx, row, channel.type as BotChannel);
    if (!prepared.ok) return { error: describeErrors(channel.name, prepared.errors) };
    for (const p of prepared.value.parts) parts.set(`${p.part} ${p.url}`, p);
    if (channel.type === 'line') {
      const line = await lineBroadcastMessages(ctx, row.id, prepared.value);
      if (!line.ok) return { error: describeErrors('LINE', line.errors) };
      return { send: lineSender(ctx, row, channel, line.value), parallel: LINE_PARALLEL };
    }
    return { send: oneByOneSender(ctx, row, channel, prepared.value.items.flat(), runner), parallel: 1 };
  } catch (err) {
    if (err instanceof ChannelNotConnected) return { error: err.message };
    throw err;
  }
}

async function sendChannel(
  ctx: AppContext,
  runner: Runner,
  row: BroadcastRow,
  channelId: string,
  parts: Map<string, LinkPart>,
  onProgress: () => void,
  lease: { ok: boolean },
) {
  const sender = await senderFor(ctx, runner, row, channelId, parts);
  // The report can show the links while the rest goes out.
  await ctx.db
    .update(broadcasts)
    .set({ linkParts: sortedParts(parts) })
    .where(eq(broadcasts.id, row.id));
  if ('error' in sender) {
    await failChannel(ctx, row.id, channelId, sender.error);
    onProgress();
    return;
  }
  const worker = async () => {
    while (!runner.stopping && lease.ok) {
      const batch = await claimBatch(ctx, row.id, channelId);
      if (!batch) {
        const wait = await nextDueIn(ctx, row.id, channelId);
        if (wait === null) return;
        await sleep(Math.min(Math.max(wait, 50), 1_000));
        continue;
      }
      const people = await batchRecipients(ctx, row.id, batch);
      try {
        const outcome = people.length > 0 ? await sender.send(batch, people) : { sent: [], failed: [] };
        await settle(ctx, row.id, batch, outcome);
      } catch (err) {
        if (err instanceof TemporaryDeliveryError && (await retryLater(ctx, row.id, batch, err))) continue;
        const reason = failureReason(err);
        if (!(err instanceof PermanentDeliveryError || err instanceof TemporaryDeliveryError))
          ctx.log.error({ err, broadcastId: row.id }, 'broadcast batch failed');
        await settle(ctx, row.id, batch, {
          sent: [],
          failed: people.map((p) => ({ followerId: p.followerId, error: reason })),
          batchError: reason,
        });
      }
      lease.ok = await renewLease(ctx, runner, row.id);
      onProgress();
    }
  };
  await Promise.all(Array.from({ length: sender.parallel }, worker));
}

/** Sends a claimed broadcast as far as this process gets; finishes it when nothing is left. */
export async function runBroadcast(ctx: AppContext, runner: Runner, claimed: BroadcastRow): Promise<void> {
  await prepareRecipients(ctx, runner, claimed);
  const [row] = await ctx.db.select().from(broadcasts).where(eq(broadcasts.id, claimed.id)).limit(1);
  if (!row || row.leaseOwner !== runner.owner) return;
  let last = 0;
  const progress = async (force = false) => {
    if (!force && Date.now() - last < PROGRESS_EVERY_MS) return;
    last = Date.now();
    const [now] = await ctx.db.select().from(broadcasts).where(eq(broadcasts.id, row.id)).limit(1);
    if (now) emitProgress(ctx, row.accountId, progressOf(now));
  };
  await progress(true);
  const lease = { ok: true };
  const heartbeat = setInterval(
    () => {
      renewLease(ctx, runner, row.id)
        .then((ok) => {
          if (!ok) lease.ok = false;
        })
        .catch(() => {});
    },
    (LEASE_SECONDS * 1000) / 3,
  );
  const parts = new Map<string, LinkPart>(row.linkParts.map((p) => [`${p.part} ${p.url}`, p]));
  try {
    const open = await ctx.db
      .selectDistinct({ channelId: broadcastBatches.channelId })
      .from(broadcastBatches)
      .where(
        and(
          eq(broadcastBatches.broadcastId, row.id),
          inArray(broadcastBatches.status, ['pending', 'sending']),
        ),
      );
    for (const { channelId } of open) {
      if (runner.stopping || !lease.ok) break;
      await sendChannel(ctx, runner, row, channelId, parts, () => void progress().catch(() => {}), lease);
    }
  } finally {
    clearInterval(heartbeat);
  }
  await finish(ctx, runner, row, parts);
}

function sortedParts(parts: Map<string, LinkPart>): LinkPart[] {
  return [...parts.values()].sort((a, b) => a.part.localeCompare(b.part, 'en', { numeric: true }));
}

async function finish(ctx: AppContext, runner: Runner, row: BroadcastRow, parts: Map<string, LinkPart>) {
  const linkParts = sortedParts(parts);
  const [left] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`
      select count(*)::int as n from broadcast_batches
      where broadcast_id = ${row.id} and status in ('pending', 'sending')`),
  );
  if ((left?.n ?? 0) > 0) {
    // Stopped (or lost the lease) half way: let the next process take it over at once.
    await ctx.db
      .update(broadcasts)
      .set({ leaseOwner: null, leaseUntil: null, linkParts, updatedAt: sql`now()` })
      .where(and(eq(broadcasts.id, row.id), eq(broadcasts.leaseOwner, runner.owner)));
    return;
  }
  const counts = rowsOf<{ status: string; n: number }>(
    await ctx.db.execute(sql`
      select status, count(*)::int as n from broadcast_recipients where broadcast_id = ${row.id} group by status`),
  );
  const n = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  const total = n('sent') + n('failed') + n('pending');
  const failed = n('failed');
  const status = total === 0 || failed > 0 ? 'Failed' : 'Sent';
  const [done] = await ctx.db
    .update(broadcasts)
    .set({
      status,
      totalCount: total,
      sentCount: n('sent'),
      failedCount: failed,
      error: total === 0 ? SEND_MESSAGES.nobody : null,
      linkParts,
      finishedAt: sql`now()`,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(broadcasts.id, row.id), eq(broadcasts.leaseOwner, runner.owner)))
    .returning();
  if (done) emitProgress(ctx, done.accountId, progressOf(done));
}
