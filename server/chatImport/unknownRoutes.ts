// The unknown-chat list (spec 2, spec 7 /api/chat/unknow/*; docs/api.md "Chat import"): imported
// conversations not tied to a follower. Agents search them by name or by text, open one, merge it
// into a follower they may see, and unmerge it again. Chat read to look, chat write to merge.
import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { requireArea } from '../accounts/permissions';
import { findFollower, viewerOf } from '../chat/access';
import { escapeLike, visibilityWhere } from '../chat/followerQuery';
import { followersToWire } from '../chat/followerView';
import { type Fields, fieldsOf, integer, optionalString, requiredString } from '../chat/input';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { Invalid, NotFound } from '../http/errors';
import { mergeUnknownChat, unmergeUnknownChat } from './merge';
import { unknownChatMessages, unknownChats } from './schema';
import { unknownChatsToWire, unknownMessageToWire } from './wire';

export const UNKNOWN_STATUSES = ['unmerged', 'merged', 'all'] as const;
type Status = (typeof UNKNOWN_STATUSES)[number];
/** Text matches are counted up to this many. */
const TEXT_MATCH_CAP = 1000;

const idOf = (body: Fields) => requiredString(body, ['unknow_id', 'unknown_id', 'id'], { max: 64 });

function statusOf(query: Fields): Status {
  const value = query.status ?? 'unmerged';
  if (!(UNKNOWN_STATUSES as readonly unknown[]).includes(value))
    throw new Invalid('status', MESSAGES.required);
  return value as Status;
}

const statusWhere = (status: Status): SQL | undefined =>
  status === 'unmerged'
    ? isNull(unknownChats.mergedFollowerId)
    : status === 'merged'
      ? isNotNull(unknownChats.mergedFollowerId)
      : undefined;

async function findChat(ctx: AppContext, accountId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(unknownChats)
    .where(and(eq(unknownChats.id, id), eq(unknownChats.accountId, accountId)))
    .limit(1);
  if (!row) throw new NotFound(SERVER_MESSAGES.chatMissing);
  return row;
}

export function registerUnknownChatRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/chat/unknow/list', async (request) => {
    const access = await requireArea(ctx, request, 'chat', 'read');
    const query = fieldsOf(request.query);
    const search = optionalString(query, ['search', 'text', 'keyword'], { max: 100 })?.trim();
    const skip = integer(query, 'skip', { min: 0, max: 100_000, fallback: 0 });
    const limit = integer(query, 'limit', { min: 1, max: 100, fallback: 20 });
    const where = and(
      eq(unknownChats.accountId, access.accountId),
      statusWhere(statusOf(query)),
      search
        ? or(
            ilike(unknownChats.name, `%${escapeLike(search)}%`),
            ilike(unknownChats.socialId, escapeLike(search)),
          )
        : undefined,
    ) as SQL;
    const [rows, counted] = await Promise.all([
      ctx.db
        .select()
        .from(unknownChats)
        .where(where)
        .orderBy(sql`${unknownChats.lastAt} desc nulls last`, desc(unknownChats.id))
        .offset(skip)
        .limit(limit),
      ctx.db.select({ n: sql<number>`count(*)::int` }).from(unknownChats).where(where),
    ]);
    return { list: await unknownChatsToWire(ctx.db, rows), total_count: Number(counted[0]?.n ?? 0) };
  });

  app.get('/api/chat/unknow/list/text', async (request) => {
    const access = await requireArea(ctx, request, 'chat', 'read');
    const query = fieldsOf(request.query);
    const text = requiredString(query, ['text', 'keyword', 'search'], { max: 100 }).trim();
    const skip = integer(query, 'skip', { min: 0, max: 10_000, fallback: 0 });
    const limit = integer(query, 'limit', { min: 1, max: 50, fallback: 20 });
    const status = statusOf(query);
    const where = and(
      eq(unknownChatMessages.accountId, access.accountId),
      ilike(unknownChatMessages.text, `%${escapeLike(text)}%`),
      status === 'all' ? undefined : statusWhere(status),
    ) as SQL;
    const [rows, counted] = await Promise.all([
      ctx.db
        .select({ message: unknownChatMessages, chat: unknownChats })
        .from(unknownChatMessages)
        .innerJoin(unknownChats, eq(unknownChats.id, unknownChatMessages.unknownChatId))
        .where(where)
        .orderBy(desc(unknownChatMessages.at), desc(unknownChatMessages.seq))
        .offset(skip)
        .limit(limit),
      ctx.db.execute(sql`select count(*)::int as n from (
        select 1 from ${unknownChatMessages}
        inner join ${unknownChats} on ${unknownChats.id} = ${unknownChatMessages.unknownChatId}
        where ${where} limit ${TEXT_MATCH_CAP}) t`),
    ]);
    const chats = await unknownChatsToWire(
      ctx.db,
      rows.map((r) => r.chat),
    );
    return {
      list: rows.map((r, i) => ({ chat: chats[i], message: unknownMessageToWire(r.message) })),
      total_count: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0),
    };
  });

  app.get('/api/chat/unknow/chat', async (request) => {
    const access = await requireArea(ctx, request, 'chat', 'read');
    const viewer = await viewerOf(ctx, request);
    const query = fieldsOf(request.query);
    const chat = await findChat(ctx, access.accountId, idOf(query));
    const skip = integer(query, 'skip', { min: 0, max: 10_000_000, fallback: 0 });
    const limit = integer(query, 'limit', { min: 1, max: 200, fallback: 50 });
    const rows = await ctx.db
      .select()
      .from(unknownChatMessages)
      .where(eq(unknownChatMessages.unknownChatId, chat.id))
      .orderBy(desc(unknownChatMessages.at), desc(unknownChatMessages.seq))
      .offset(skip)
      .limit(limit);
    // Followers of the same name the agent may see: the likely customer, offered first.
    const name = chat.name.trim().toLowerCase();
    const suggested = name
      ? await ctx.db
          .select()
          .from(followers)
          .where(
            and(
              eq(followers.accountId, access.accountId),
              visibilityWhere(viewer),
              or(
                sql`lower(${followers.lineName}) = ${name}`,
                sql`lower(coalesce(${followers.lineNickname}, '')) = ${name}`,
                chat.socialId ? eq(followers.externalId, chat.socialId) : undefined,
              ),
            ),
          )
          .orderBy(sql`${followers.lastMessageAt} desc nulls last`)
          .limit(5)
      : [];
    const [wire] = await unknownChatsToWire(ctx.db, [chat]);
    return {
      chat: wire,
      list: rows.reverse().map(unknownMessageToWire),
      total_count: chat.messageCount,
      suggestions: await followersToWire(ctx.db, suggested),
    };
  });

  app.post('/api/chat/unknow/merge', async (request) => {
    const access = await requireArea(ctx, request, 'chat', 'write');
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const chatId = idOf(body);
    const follower = await findFollower(
      ctx,
      viewer,
      requiredString(body, ['follower_id', 'followerId'], { max: 64 }),
    );
    await findChat(ctx, access.accountId, chatId);
    const { added } = await mergeUnknownChat(ctx, {
      accountId: access.accountId,
      unknownChatId: chatId,
      followerId: follower.id,
      userId: viewer.userId,
    });
    const [chat] = await unknownChatsToWire(ctx.db, [await findChat(ctx, access.accountId, chatId)]);
    const [followerWire] = await followersToWire(ctx.db, [follower]);
    return { chat, follower: followerWire, added };
  });

  app.post('/api/chat/unknow/unmerge', async (request) => {
    const access = await requireArea(ctx, request, 'chat', 'write');
    const viewer = await viewerOf(ctx, request);
    const chatId = idOf(fieldsOf(request.body));
    const before = await findChat(ctx, access.accountId, chatId);
    // Only someone who may see the follower's chat may take messages out of it.
    if (before.mergedFollowerId) await findFollower(ctx, viewer, before.mergedFollowerId);
    const { removed } = await unmergeUnknownChat(ctx, { accountId: access.accountId, unknownChatId: chatId });
    const [chat] = await unknownChatsToWire(ctx.db, [await findChat(ctx, access.accountId, chatId)]);
    return { chat, removed };
  });
}
