// POST /service/widget/rating: a widget visitor rates their chat (1–5 stars, optional comment).
// The visitor proves who they are as on every widget call: the session token from
// /service/widget/verify in x-widget-session (or as a Bearer token, or session_id in the body).
// The chat rated is livechat_id, which must be one of the visitor's own, or else their latest.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { WIDGET_SESSION_HEADER } from '../../core/widget/message';
import { newId } from '../accounts/ids';
import { followers, livechats } from '../chat/schema';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { Invalid, NotFound } from '../http/errors';
import { loadWidgetChannel } from '../widget/channel';
import { sharedLimiter } from '../widget/rateLimit';
import { requireSession } from '../widget/sessions';
import { chatRatings } from './schema';

export const RATING_COMMENT_MAX = 300;
const RATING_RULE = { burst: 5, perSecond: 0.2 };

function sessionToken(request: FastifyRequest, body: Record<string, unknown>): unknown {
  const header = request.headers[WIDGET_SESSION_HEADER];
  if (typeof header === 'string' && header) return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1] ?? body.session_id;
}

export interface RatingInput {
  score: number;
  comment: string;
  livechatId: string | null;
}

export function ratingInput(body: Record<string, unknown>): RatingInput {
  const score = typeof body.score === 'string' && body.score !== '' ? Number(body.score) : body.score;
  if (typeof score !== 'number' || !Number.isInteger(score) || score < 1 || score > 5)
    throw new Invalid('score', SERVER_MESSAGES.stars);
  const comment = body.comment ?? '';
  if (typeof comment !== 'string') throw new Invalid('comment', MESSAGES.required);
  if (comment.trim().length > RATING_COMMENT_MAX)
    throw new Invalid('comment', MESSAGES.maxLength(RATING_COMMENT_MAX));
  const livechatId = body.livechat_id ?? null;
  if (livechatId !== null && (typeof livechatId !== 'string' || livechatId.length > 64))
    throw new Invalid('livechat_id', MESSAGES.required);
  return { score, comment: comment.trim(), livechatId: livechatId === '' ? null : livechatId };
}

/** How long after the close a visitor who reconnects (or reopens the box) is still asked. */
export const RATING_ASK_MS = 24 * 60 * 60_000;

/**
 * The visitor's conversation (null before their first message) and, in the same round trip, its
 * current chat when the team closed it lately and it is not rated yet: what a widget that missed
 * the CHAT_CLOSED event (its socket connected just after) learns on catch-up.
 */
const VISITOR_CONVERSATION = statement(
  'widget_visitor_conversation',
  /* sql */ `
select f.id,
  case when l.id is not null and not exists (select 1 from chat_ratings r where r.livechat_id = l.id)
    then l.id end as pending_rating
from followers f
left join livechats l on l.id = f.livechat_id and l.is_done and l.closed_at >= $3::timestamptz
where f.channel_id = $1::text and f.external_id = $2::text
limit 1`,
);

export async function visitorConversation(
  ctx: AppContext,
  channelId: string,
  visitorId: string,
  now = new Date(),
): Promise<{ followerId: string | null; pendingRating: { livechat_id: string } | null }> {
  const [row] = await ctx.database.run<{ id: string; pending_rating: string | null }>(VISITOR_CONVERSATION, [
    channelId,
    visitorId,
    new Date(now.getTime() - RATING_ASK_MS),
  ]);
  return {
    followerId: row?.id ?? null,
    pendingRating: row?.pending_rating ? { livechat_id: row.pending_rating } : null,
  };
}

export function registerRatingRoute(app: FastifyInstance, ctx: AppContext) {
  // Shared by every process when REDIS_URL is set, like the widget's other limits.
  const limiter = sharedLimiter(app, ctx);
  app.post('/service/widget/rating', async (request) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    const widgetId = body.widget_id ?? request.headers.channel_id;
    if (typeof widgetId !== 'string' || widgetId === '') throw new Invalid('widget_id', MESSAGES.required);
    const channel = await loadWidgetChannel(ctx, widgetId);
    const session = await requireSession(ctx, channel.id, sessionToken(request, body));
    const input = ratingInput(body);
    await limiter.check([[`rating:${session.id}`, RATING_RULE]], 1, SERVER_MESSAGES.tooManyRatings);
    const [follower] = await ctx.db
      .select({ id: followers.id, livechatId: followers.livechatId })
      .from(followers)
      .where(and(eq(followers.channelId, channel.id), eq(followers.externalId, session.visitorId)))
      .limit(1);
    const livechatId = input.livechatId ?? follower?.livechatId ?? null;
    const [livechat] =
      follower && livechatId
        ? await ctx.db
            .select({ id: livechats.id })
            .from(livechats)
            .where(and(eq(livechats.id, livechatId), eq(livechats.followerId, follower.id)))
            .limit(1)
        : [];
    if (!follower || !livechat) throw new NotFound(SERVER_MESSAGES.noChatToRate);
    const at = new Date();
    const [saved] = await ctx.db
      .insert(chatRatings)
      .values({
        id: newId(),
        accountId: channel.accountId,
        channelId: channel.id,
        followerId: follower.id,
        livechatId: livechat.id,
        sessionId: session.id,
        score: input.score,
        comment: input.comment,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoUpdate({
        target: chatRatings.livechatId,
        set: { score: input.score, comment: input.comment, sessionId: session.id, updatedAt: at },
      })
      .returning();
    return {
      status: 'ok',
      rating: {
        _id: saved.id,
        livechat_id: saved.livechatId,
        score: saved.score,
        comment: saved.comment,
        created_at: saved.createdAt.toISOString(),
        updated_at: saved.updatedAt.toISOString(),
      },
    };
  });
}
