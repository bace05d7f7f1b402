// Search in the inbox (spec 2 "search by name and by message"; spec 7 search/name, /message,
// /all): case-insensitive substring matches, newest first, within the chats the caller may see.
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { viewerOf } from './access';
import { countCapped, escapeLike, visibilityWhere } from './followerQuery';
import { followersToWire } from './followerView';
import { type Fields, fieldsOf, integer, requiredString } from './input';
import { messagesToWire } from './messageQuery';
import { followers, messages } from './schema';
import type { Viewer } from './viewer';

export const SEARCH_MAX_LIMIT = 50;
/** Message matches are counted up to this many; scanning every message for a count would be slow. */
export const MESSAGE_MATCH_CAP = 1_000;

const textOf = (body: Fields) => requiredString(body, ['text', 'keyword'], { max: 100 }).trim();
const paging = (body: Fields) => ({
  skip: integer(body, 'skip', { min: 0, max: 10_000, fallback: 0 }),
  limit: integer(body, 'limit', { min: 1, max: SEARCH_MAX_LIMIT, fallback: 20 }),
});

export async function searchNames(
  ctx: AppContext,
  viewer: Viewer,
  text: string,
  skip: number,
  limit: number,
) {
  const pattern = `%${escapeLike(text)}%`;
  const where = and(
    eq(followers.accountId, viewer.accountId),
    visibilityWhere(viewer),
    or(ilike(followers.lineName, pattern), ilike(followers.lineNickname, pattern)),
  ) as SQL;
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(followers)
      .where(where)
      .orderBy(sql`${followers.lastMessageAt} desc nulls last`, desc(followers.id))
      .offset(skip)
      .limit(limit),
    countCapped(ctx.db, where),
  ]);
  return { list: await followersToWire(ctx.db, rows), total_count: total };
}

export async function searchMessages(
  ctx: AppContext,
  viewer: Viewer,
  text: string,
  skip: number,
  limit: number,
) {
  const pattern = `%${escapeLike(text)}%`;
  const visible = visibilityWhere(viewer);
  const where = and(
    eq(messages.accountId, viewer.accountId),
    ilike(messages.text, pattern),
    visible
      ? sql`${messages.followerId} in (select ${followers.id} from ${followers} where ${eq(followers.accountId, viewer.accountId)} and ${visible})`
      : undefined,
  ) as SQL;
  const [rows, counted] = await Promise.all([
    ctx.db.select().from(messages).where(where).orderBy(desc(messages.seq)).offset(skip).limit(limit),
    ctx.db.execute(
      sql`select count(*)::int as n from (select 1 from ${messages} where ${where} limit ${MESSAGE_MATCH_CAP}) t`,
    ),
  ]);
  const followerIds = [...new Set(rows.map((r) => r.followerId))];
  const followerRows = followerIds.length
    ? await ctx.db.select().from(followers).where(inArray(followers.id, followerIds))
    : [];
  const [wireFollowers, wireMessages] = await Promise.all([
    followersToWire(ctx.db, followerRows),
    messagesToWire(ctx.db, rows),
  ]);
  const byId = new Map(wireFollowers.map((f) => [f._id, f]));
  return {
    list: wireMessages.map((message) => ({ follower: byId.get(message.follower_id) ?? null, message })),
    total_count: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0),
  };
}

export function registerChatSearchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/chat/search/name', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const { skip, limit } = paging(body);
    return searchNames(ctx, viewer, textOf(body), skip, limit);
  });

  app.post('/api/chat/search/message', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const { skip, limit } = paging(body);
    return searchMessages(ctx, viewer, textOf(body), skip, limit);
  });

  app.post('/api/chat/search/all', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const text = textOf(body);
    const { limit } = paging(body);
    const [name, message] = await Promise.all([
      searchNames(ctx, viewer, text, 0, limit),
      searchMessages(ctx, viewer, text, 0, limit),
    ]);
    return { name, message };
  });
}
