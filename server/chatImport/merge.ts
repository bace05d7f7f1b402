// Merging an unknown chat into a follower puts its messages in the follower's history (time order,
// marked imported); unmerging takes exactly those out again. Both are safe to repeat: a merged
// message carries its content key as external_id, unique per follower, and a message that the
// follower already has (same sender kind and text in the same minute — an export imported back)
// is not copied. Large chats go in chunks so other requests keep running.
import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { Conflict, NotFound } from '../http/errors';
import { unknownChatMessages, unknownChats } from './schema';

const CHUNK = 2000;

export interface MergeInput {
  accountId: string;
  unknownChatId: string;
  followerId: string;
  userId: string;
  /** Automatic ties of an import: leave a chat an agent already merged elsewhere alone. */
  onlyIfUnmerged?: boolean;
}

export async function mergeUnknownChat(ctx: AppContext, input: MergeInput): Promise<{ added: number }> {
  const { accountId, unknownChatId, followerId } = input;
  const [claimed] = await ctx.db
    .update(unknownChats)
    .set({ mergedFollowerId: followerId, mergedBy: input.userId, mergedAt: new Date() })
    .where(
      and(
        eq(unknownChats.id, unknownChatId),
        eq(unknownChats.accountId, accountId),
        or(isNull(unknownChats.mergedFollowerId), eq(unknownChats.mergedFollowerId, followerId)),
      ),
    )
    .returning({ id: unknownChats.id });
  if (!claimed) {
    if (input.onlyIfUnmerged) return { added: 0 };
    const [exists] = await ctx.db
      .select({ id: unknownChats.id })
      .from(unknownChats)
      .where(and(eq(unknownChats.id, unknownChatId), eq(unknownChats.accountId, accountId)))
      .limit(1);
    if (!exists) throw new NotFound(SERVER_MESSAGES.chatMissing);
    throw new Conflict(SERVER_MESSAGES.chatMerged, 'unknow_id');
  }
  return { added: await copyMessages(ctx, unknownChatId, followerId) };
}

/** Copies the chat's messages the follower does not have yet (a merged chat that got more rows). */
export async function copyMessages(
  ctx: AppContext,
  unknownChatId: string,
  followerId: string,
): Promise<number> {
  let after = 0;
  let added = 0;
  for (;;) {
    const [edge] = await ctx.db
      .select({ seq: unknownChatMessages.seq })
      .from(unknownChatMessages)
      .where(and(eq(unknownChatMessages.unknownChatId, unknownChatId), gt(unknownChatMessages.seq, after)))
      .orderBy(asc(unknownChatMessages.seq))
      .offset(CHUNK - 1)
      .limit(1);
    const upto = edge?.seq ?? null;
    const result = await ctx.db.execute(sql`
      insert into messages (id, account_id, follower_id, type, from_type, external_id, items, text,
        is_replied, delivery, created_at, imported_chat_id, imported_sender)
      select substr(md5(random()::text || u.seq::text || clock_timestamp()::text), 1, 20), u.account_id,
        ${followerId}, case when u.sender_type = 'customer' then 'question' else 'reply' end, u.sender_type,
        'import:' || u.msg_key, u.items, u.text, true, 'sent', u.at, u.unknown_chat_id,
        nullif(u.sender_name, '')
      from unknown_chat_messages u
      where u.unknown_chat_id = ${unknownChatId} and u.seq > ${after}
        ${upto === null ? sql`` : sql`and u.seq <= ${upto}`}
        and not exists (
          select 1 from messages m
          where m.follower_id = ${followerId} and m.imported_chat_id is null
            and m.from_type = u.sender_type and m.text = u.text
            and m.created_at >= date_trunc('minute', u.at)
            and m.created_at < date_trunc('minute', u.at) + interval '1 minute')
      on conflict (follower_id, external_id) where external_id is not null do nothing
      returning 1 as x`);
    added += rowsOf(result).length;
    if (upto === null) return added;
    after = upto;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Takes a merged chat's messages out of the follower; other chats merged there stay whole. */
export async function unmergeUnknownChat(
  ctx: AppContext,
  input: { accountId: string; unknownChatId: string },
): Promise<{ removed: number; followerId: string }> {
  const [chat] = await ctx.db
    .select()
    .from(unknownChats)
    .where(and(eq(unknownChats.id, input.unknownChatId), eq(unknownChats.accountId, input.accountId)))
    .limit(1);
  if (!chat) throw new NotFound(SERVER_MESSAGES.chatMissing);
  const followerId = chat.mergedFollowerId;
  if (!followerId) throw new Conflict(SERVER_MESSAGES.chatNotMerged, 'unknow_id');
  const removed = await ctx.db.execute(sql`
    delete from messages where follower_id = ${followerId} and imported_chat_id = ${chat.id} returning 1 as x`);
  await ctx.db
    .update(unknownChats)
    .set({ mergedFollowerId: null, mergedBy: null, mergedAt: null })
    .where(eq(unknownChats.id, chat.id));
  // A message two merged chats shared was kept once; the other chat gets its copy back.
  const others = await ctx.db
    .select({ id: unknownChats.id })
    .from(unknownChats)
    .where(and(eq(unknownChats.mergedFollowerId, followerId), ne(unknownChats.id, chat.id)));
  for (const other of others) await copyMessages(ctx, other.id, followerId);
  return { removed: rowsOf(removed).length, followerId };
}
