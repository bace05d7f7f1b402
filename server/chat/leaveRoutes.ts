// Leave a group or a room (spec 7 /api/chat/leave/group, /leave/room; follower_id): the account's
// bot leaves it on the platform (LINE's leave group/room call), its open chat is closed and the
// conversation is marked left (shown as blocked, as LINE's own leave event does). Channels
// without groups on the platform side are only marked.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AGENT_EVENTS } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { ChannelNotConnected } from '../channels/adapters';
import { isLineStatus, lineCall, lineClient } from '../channels/line/client';
import { findPlatformChannel } from '../channels/store';
import type { AppContext } from '../context';
import { HttpError, Invalid } from '../http/errors';
import { findFollower, viewerOf } from './access';
import { followerToWireOne } from './followerView';
import { fieldsOf, requiredString } from './input';
import { closeChat, isClosed } from './lifecycle';
import { emitChat } from './notify';
import { followers, livechats } from './schema';

/** The platform would not let the bot leave (its words), or could not be reached. */
class PlatformRefused extends HttpError {
  constructor(message: string) {
    super(502, message, 'platform');
  }
}

async function leaveOnLine(ctx: AppContext, channelId: string, kind: 'group' | 'room', externalId: string) {
  const channel = await findPlatformChannel(ctx, channelId, ['line']);
  if (!channel) return;
  try {
    const client = await lineClient(ctx, channel);
    await lineCall(() => (kind === 'group' ? client.leaveGroup(externalId) : client.leaveRoom(externalId)));
  } catch (err) {
    // LINE's 404: the bot is no longer in it (someone removed it); leaving is done either way.
    if (isLineStatus((err as { cause?: unknown }).cause, 404) || /answered 404/.test(String(err))) return;
    if (err instanceof ChannelNotConnected) throw new Invalid('follower_id', err.message);
    throw new PlatformRefused((err as Error).message);
  }
}

export function registerChatLeaveRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const kind of ['group', 'room'] as const) {
    app.post(`/api/chat/leave/${kind}`, async (request) => {
      const viewer = await viewerOf(ctx, request);
      const body = fieldsOf(request.body);
      const row = await findFollower(
        ctx,
        viewer,
        requiredString(body, ['follower_id', 'followerId'], { max: 64 }),
      );
      if (row.followerType !== kind) throw new Invalid('follower_id', SERVER_MESSAGES.notRoomOrGroup(kind));
      if (row.channelType === 'line') await leaveOnLine(ctx, row.channelId, kind, row.externalId);
      if (row.livechatId) {
        const [livechat] = await ctx.db.select().from(livechats).where(eq(livechats.id, row.livechatId));
        if (livechat && !isClosed(livechat)) await closeChat(ctx, viewer, livechat.id);
      }
      const [updated] = await ctx.db
        .update(followers)
        .set({
          isBlock: true,
          profile: { ...row.profile, left_at: new Date().toISOString(), left_by: viewer.userId },
          updatedAt: new Date(),
        })
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
    });
  }
}
