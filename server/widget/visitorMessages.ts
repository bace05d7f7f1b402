// The visitor's conversation as the widget shows it (GET /service/widget/messages).
import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { toWidgetMessage, type WidgetChatMessage } from '../../core/widget/message';
import { users } from '../accounts/schema';
import { messages } from '../chat/schema';
import { messageToWire } from '../chat/serialize';
import type { AppContext } from '../context';

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

/** Everything after a message the widget already has (a reconnect), oldest first; null if unknown. */
export async function messagesAfter(ctx: AppContext, followerId: string, afterId: string) {
  const [anchor] = await ctx.db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.followerId, followerId), eq(messages.id, afterId)))
    .limit(1);
  if (!anchor) return null;
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.followerId, followerId), gt(messages.seq, anchor.seq)))
    .orderBy(asc(messages.seq))
    .limit(MESSAGES_MAX_LIMIT);
  return { chat: await toWidget(ctx, rows), total_count: rows.length };
}
