// Anonymous visitor sessions: the server issues a random secret token, the widget keeps it in
// localStorage and sends it on every call and on the socket handshake; only its hash is stored.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { newId } from '../accounts/ids';
import { TtlCache } from '../chat/ttlCache';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { rowMapper } from '../db/rows';
import { Unauthorized } from '../http/errors';
import type { WidgetChannel } from './channel';
import { widgetSessions } from './schema';

export type WidgetSession = typeof widgetSessions.$inferSelect;

/** A session not seen for this long is refused; the widget then asks for a new one (verify). */
export const SESSION_IDLE_MS = 90 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy visitor does not write on every call. */
const TOUCH_EVERY_MS = 5 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newVisitorId = () => `v${newId(19)}`;

export async function createSession(
  ctx: AppContext,
  channel: WidgetChannel,
  profile: Record<string, unknown> = {},
): Promise<{ token: string; session: WidgetSession }> {
  const token = randomBytes(32).toString('base64url');
  const [session] = await ctx.db
    .insert(widgetSessions)
    .values({
      id: newId(),
      tokenHash: hashToken(token),
      channelId: channel.id,
      accountId: channel.accountId,
      visitorId: newVisitorId(),
      profile,
    })
    .returning();
  return { token, session };
}

const toSession = rowMapper(widgetSessions);

const FIND = statement(
  'widget_session_find',
  'select * from widget_sessions where token_hash = $1 and channel_id = $2 limit 1',
);

/** The session and, in the same read, the visitor's conversation if there is one yet. */
const FIND_WITH_FOLLOWER = statement(
  'widget_session_find_follower',
  `select s.*, f.id as follower_id from widget_sessions s
   left join followers f on f.channel_id = s.channel_id and f.external_id = s.visitor_id
   where s.token_hash = $1 and s.channel_id = $2 limit 1`,
);

const TOUCH = statement('widget_session_touch', 'update widget_sessions set last_seen_at = $2 where id = $1');

/** The live session for a token on this widget, or null (unknown, other widget, idle too long). */
export async function findSession(
  ctx: AppContext,
  channelId: string,
  token: unknown,
): Promise<WidgetSession | null> {
  return (await lookupSession(ctx, channelId, token, false))?.session ?? null;
}

/** findSession, with the id of the visitor's conversation (null before their first message). */
export async function findSessionWithFollower(
  ctx: AppContext,
  channelId: string,
  token: unknown,
): Promise<{ session: WidgetSession; followerId: string | null } | null> {
  return lookupSession(ctx, channelId, token, true);
}

const validToken = (token: unknown): token is string =>
  typeof token === 'string' && token.length >= 20 && token.length <= 200;

async function lookupSession(ctx: AppContext, channelId: string, token: unknown, withFollower: boolean) {
  if (!validToken(token)) return null;
  return lookupByHash(ctx, channelId, hashToken(token), withFollower);
}

async function lookupByHash(ctx: AppContext, channelId: string, tokenHash: string, withFollower: boolean) {
  const [row] = await ctx.database.run(withFollower ? FIND_WITH_FOLLOWER : FIND, [tokenHash, channelId]);
  if (!row) return null;
  const session = toSession(row);
  const idle = Date.now() - session.lastSeenAt.getTime();
  if (idle > SESSION_IDLE_MS) return null;
  touchInBackground(ctx, session);
  return { session, followerId: (row.follower_id as string | null | undefined) ?? null };
}

/**
 * Sessions as the send path read them lately, by token hash: a visitor's next messages do not
 * read the session again. What changes a session drops it here and (with REDIS_URL) in every
 * process; and a message sent with a cached session is stored only while the session is still
 * the visitor's (server/chat/inboundStore.ts checks it in the same statement), so a stale entry
 * never stores a message in the wrong conversation.
 */
/*
 * Long enough to cover a visitor's pauses between messages: at 30 s most visitors of a busy site
 * (one message every 10-60 s each) missed it and every send read the session again, and wrote
 * last_seen_at, next to storing the message: three statements a message instead of one.
 */
const SEND_CACHE_MS = 10 * 60_000;
const forSends = new TtlCache<WidgetSession>(SEND_CACHE_MS, { name: 'widget-sessions', maxEntries: 50_000 });

/** findSession for plain messages (no renewal, no form): `cached` says where it came from. */
export async function findSessionForSend(
  ctx: AppContext,
  channelId: string,
  token: unknown,
): Promise<{ session: WidgetSession; cached: boolean } | null> {
  if (!validToken(token)) return null;
  const tokenHash = hashToken(token);
  const hit = forSends.get(tokenHash);
  if (hit && hit.channelId === channelId && Date.now() - hit.lastSeenAt.getTime() <= SESSION_IDLE_MS) {
    touchInBackground(ctx, hit);
    return { session: hit, cached: true };
  }
  const since = forSends.version;
  const found = await lookupByHash(ctx, channelId, tokenHash, false);
  if (!found) return null;
  forSends.set(tokenHash, found.session, since);
  return { session: found.session, cached: false };
}

/** last_seen_at, written at most every TOUCH_EVERY_MS, without holding the call that saw the visitor. */
function touchInBackground(ctx: AppContext, session: WidgetSession) {
  if (Date.now() - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return;
  const lastSeenAt = new Date();
  session.lastSeenAt = lastSeenAt;
  ctx.database
    .run(TOUCH, [session.id, lastSeenAt])
    .catch((err) =>
      ctx.log.warn({ err, sessionId: session.id }, 'could not note when a visitor was last seen'),
    );
}

/** After a session changed (or turned out stale): the next send reads it again, in every process. */
export function forgetSession(session: Pick<WidgetSession, 'tokenHash'>) {
  forSends.delete(session.tokenHash);
}

export async function requireSession(ctx: AppContext, channelId: string, token: unknown) {
  const session = await findSession(ctx, channelId, token);
  if (!session) throw new Unauthorized('Unauthorization');
  return session;
}

export async function updateProfile(ctx: AppContext, session: WidgetSession, patch: Record<string, unknown>) {
  const profile = { ...session.profile, ...patch };
  await ctx.db.update(widgetSessions).set({ profile }).where(eq(widgetSessions.id, session.id));
  session.profile = profile;
  forgetSession(session);
  return session;
}

/**
 * sess_expired (spec 7): the visitor starts a new conversation. The session keeps its token but gets
 * a new visitor id, so the next message opens a new follower. The same event retried does nothing more.
 */
export async function renewConversation(
  ctx: AppContext,
  session: WidgetSession,
  eventId: string,
): Promise<{ session: WidgetSession; previousVisitorId: string | null }> {
  if (session.renewedByEvent === eventId) return { session, previousVisitorId: null };
  const [updated] = await ctx.db
    .update(widgetSessions)
    .set({ visitorId: newVisitorId(), renewedByEvent: eventId })
    .where(eq(widgetSessions.id, session.id))
    .returning();
  forgetSession(session);
  return { session: updated, previousVisitorId: session.visitorId };
}
