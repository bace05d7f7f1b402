// The visitor's conversation as the widget shows it (GET /service/widget/messages).
import { count, desc, eq, inArray } from 'drizzle-orm';
import { toWidgetMessage, type WidgetChatMessage } from '../../core/widget/message';
import { users } from '../accounts/schema';
import { toMessageRow } from '../chat/rows';
import { messages } from '../chat/schema';
import { messageToWire } from '../chat/serialize';
import type { AppContext } from '../context';
import { statement } from '../db/client';

type MessageRow = typeof messages.$inferSelect;

async function toWidget(ctx: AppContext, rows: MessageRow[]): Promise<WidgetChatMessage[]> {
  const userIds = [
    ...new Set(rows.filter((r) => r.fromType === 'agent' && r.fromId).map((r) => r.fromId as string)),
  ];
  const names = userIds.length
    ? await ctx.db
        .select({ id: users.id, displayName: users.displayName })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const byId = new Map(names.map((u) => [u.id, { _id: u.id, display_name: u.displayName }]));
  return rows.map((r) => toWidgetMessage(messageToWire(r, r.fromId ? byId.get(r.fromId) : null)));
}

export const MESSAGES_MAX_LIMIT = 100;

/** A page counted from the newest (skip), oldest first within the page, like the agents' list. */
export async function pageOfMessages(ctx: AppContext, followerId: string, skip: number, limit: number) {
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(messages)
      .where(eq(messages.followerId, followerId))
      .orderBy(desc(messages.seq))
      .offset(skip)
      .limit(limit),
    ctx.db.select({ n: count() }).from(messages).where(eq(messages.followerId, followerId)),
  ]);
  return { chat: await toWidget(ctx, rows.reverse()), total_count: Number(n) };
}

/**
 * How far before its anchor a catch-up starts. Behind several processes a socket hears the messages
 * stored by its own process at once and the others' a few milliseconds later (through Redis), so a
 * socket that drops can have heard a message without an older one from another process; the
 * overlap brings that one too, and the widget drops the ones it has (by id).
 */
const CATCH_UP_OVERLAP_S = 5;

/** The messages after an anchor of the same conversation (and the overlap before it), oldest first,
 *  with whether the anchor is one of its messages, in one round trip (a reconnect's catch-up). */
const MESSAGES_AFTER = statement(
  'widget_messages_after',
  /* sql */ `
with anchor as (select seq, created_at from messages where follower_id = $1::text and id = $2::text limit 1),
start as (
  select least((select seq + 1 from anchor), (select min(seq) from messages where follower_id = $1::text
    and created_at >= (select created_at from anchor) - make_interval(secs => $4::int))) as seq
)
select exists (select 1 from anchor) as known,
  coalesce((select json_agg(row_to_json(m) order by m.seq) from (
    select * from messages where follower_id = $1::text and seq >= (select seq from start) and id <> $2::text
    order by seq limit $3::int) m), '[]'::json) as rows`,
);

/** Everything after a message the widget already has (a reconnect), and what came in the overlap
 *  before it, oldest first; null if the anchor is not one of the conversation's messages. */
export async function messagesAfter(ctx: AppContext, followerId: string, afterId: string) {
  const [found] = await ctx.database.run<{ known: boolean; rows: Record<string, unknown>[] | string }>(
    MESSAGES_AFTER,
    [followerId, afterId, MESSAGES_MAX_LIMIT, CATCH_UP_OVERLAP_S],
  );
  if (!found?.known) return null;
  const json = typeof found.rows === 'string' ? JSON.parse(found.rows) : found.rows;
  const rows = (json as Record<string, unknown>[]).map(toMessageRow);
  return { chat: await toWidget(ctx, rows), total_count: rows.length };
}
