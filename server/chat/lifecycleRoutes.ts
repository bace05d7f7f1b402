// Chat state calls (spec 7; docs/chat-api.md): take, accept, close, assign, switch mode, follow,
// spam, nickname, and the agent's own chat status (leaving a group or room: leaveRoutes.ts).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AGENT_EVENTS, AGENT_NAMESPACE } from '../../core/realtime/events';
import { MESSAGES } from '../../core/validation/rules';
import { memberships } from '../accounts/schema';
import type { AppContext } from '../context';
import { requireAuth } from '../http/context';
import { Invalid } from '../http/errors';
import { recordAgentStatus } from '../reports/status';
import { findFollower, viewerOf } from './access';
import { followerToWireOne } from './followerView';
import { type Fields, fieldsOf, optionalString, requiredBoolean, requiredString } from './input';
import {
  acceptChat,
  assignChat,
  changeSwitchMode,
  closeChat,
  getSwitchMode,
  type SwitchModeAction,
  takeChat,
} from './lifecycle';
import { emitChat } from './notify';
import { accountRoom } from './rooms';
import { followers, livechats } from './schema';
import type { Viewer } from './viewer';

type FollowerInsert = typeof followers.$inferInsert;

const followerIdOf = (body: Fields) => requiredString(body, ['followerId', 'follower_id'], { max: 64 });
const liveChatIdOf = (body: Fields) => requiredString(body, ['liveChatId', 'livechat_id'], { max: 64 });

/** Changes a follower's own fields and tells the agents who see it. */
async function updateFollower(
  ctx: AppContext,
  viewer: Viewer,
  followerId: string,
  patch: Partial<FollowerInsert>,
) {
  const row = await findFollower(ctx, viewer, followerId);
  const [updated] = await ctx.db
    .update(followers)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(followers.id, row.id))
    .returning();
  const follower = await followerToWireOne(ctx.db, updated);
  await emitChat(
    ctx,
    { accountId: viewer.accountId, queueId: updated.lcQueueId, followerId: updated.id },
    AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE,
    { follower },
  );
  return { follower };
}

const CHAT_STATUSES = ['available', 'away'] as const;
type ChatStatus = (typeof CHAT_STATUSES)[number];

function chatStatusOf(body: Fields): ChatStatus {
  const value = body.chat_status;
  if (!CHAT_STATUSES.includes(value as ChatStatus)) throw new Invalid('chat_status', MESSAGES.required);
  return value as ChatStatus;
}

function announcePresence(ctx: AppContext, accountId: string, userId: string, chatStatus: ChatStatus) {
  ctx.io
    .of(AGENT_NAMESPACE)
    .to(accountRoom(accountId))
    .emit(AGENT_EVENTS.AGENT_PRESENCE, { user_id: userId, online: true, chat_status: chatStatus });
}

export function registerChatLifecycleRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/chat/take', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    let followerId = optionalString(body, ['followerId', 'follower_id'], { max: 64 });
    if (!followerId) {
      // The console may name only the live chat.
      const liveChatId = optionalString(body, ['liveChatId', 'livechat_id'], { max: 64 });
      if (!liveChatId) throw new Invalid('followerId', MESSAGES.required);
      const [row] = await ctx.db
        .select({ followerId: livechats.followerId })
        .from(livechats)
        .where(and(eq(livechats.id, liveChatId), eq(livechats.accountId, viewer.accountId)))
        .limit(1);
      followerId = row?.followerId ?? liveChatId;
    }
    return takeChat(ctx, viewer, followerId);
  });

  app.post('/api/chat/accept', async (request) => {
    const viewer = await viewerOf(ctx, request);
    return acceptChat(ctx, viewer, liveChatIdOf(fieldsOf(request.body)));
  });

  app.post('/api/chat/close', async (request) => {
    const viewer = await viewerOf(ctx, request);
    return closeChat(ctx, viewer, liveChatIdOf(fieldsOf(request.body)));
  });

  app.post('/api/chat/assign/agent', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    return assignChat(ctx, viewer, {
      followerId: followerIdOf(body),
      userId: optionalString(body, ['userId', 'user_id'], { max: 64 }),
      queueId: optionalString(body, ['queueId', 'queue_id'], { max: 64 }),
    });
  });

  app.get('/api/chat/switchmode/:liveChatId', async (request) => {
    const viewer = await viewerOf(ctx, request);
    return getSwitchMode(ctx, viewer, (request.params as { liveChatId: string }).liveChatId);
  });

  for (const action of ['set', 'extend', 'clear'] as const satisfies readonly SwitchModeAction[]) {
    app.post(`/api/chat/switchmode/${action}`, async (request) => {
      const viewer = await viewerOf(ctx, request);
      return changeSwitchMode(ctx, viewer, liveChatIdOf(fieldsOf(request.body)), action);
    });
  }

  app.post('/api/chat/follow', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    // `follow` defaults to true: the console's older call sends only the follower.
    const follow = body.follow === undefined ? true : requiredBoolean(body, 'follow');
    return updateFollower(ctx, viewer, followerIdOf(body), { isFollow: follow });
  });

  app.post('/api/chat/spam', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    return updateFollower(ctx, viewer, followerIdOf(body), { isSpam: requiredBoolean(body, 'is_spam') });
  });

  app.post('/api/chat/nickname', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const nickname = optionalString(body, ['nickname', 'line_nickname'], { max: 300 });
    return updateFollower(ctx, viewer, followerIdOf(body), { lineNickname: nickname?.trim() || null });
  });

  app.post('/api/chat/chatstatus', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const chatStatus = chatStatusOf(fieldsOf(request.body));
    await ctx.db
      .update(memberships)
      .set({ chatStatus })
      .where(and(eq(memberships.userId, viewer.userId), eq(memberships.accountId, viewer.accountId)));
    await recordAgentStatus(ctx, { accountId: viewer.accountId, userId: viewer.userId, status: chatStatus });
    announcePresence(ctx, viewer.accountId, viewer.userId, chatStatus);
    return { chat_status: chatStatus };
  });

  app.post('/api/chat/allchatstatus', async (request) => {
    const auth = requireAuth(request.auth);
    const chatStatus = chatStatusOf(fieldsOf(request.body));
    const rows = await ctx.db
      .update(memberships)
      .set({ chatStatus })
      .where(eq(memberships.userId, auth.userId))
      .returning({ accountId: memberships.accountId });
    for (const { accountId } of rows)
      await recordAgentStatus(ctx, { accountId, userId: auth.userId, status: chatStatus });
    for (const { accountId } of rows) announcePresence(ctx, accountId, auth.userId, chatStatus);
    return { chat_status: chatStatus };
  });
}
