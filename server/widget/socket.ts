// The visitors' socket namespace (spec 7): websocket only, authenticated by the visitor's session
// token in the handshake. A connection joins its session's room, its widget's room and, once the
// visitor has written, the conversation's visitorRoom where agents' replies arrive.
import type { Namespace } from 'socket.io';
import { WIDGET_NAMESPACE } from '../../core/realtime/events';
import { visitorRoom } from '../chat/rooms';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { limitSocketEvents } from '../realtime/limits';
import { findWidgetChannelCached } from './channel';
import { sessionRoom, widgetRoom } from './rooms';
import { findSessionWithFollower } from './sessions';

export interface WidgetSocketData {
  sessionId: string;
  channelId: string;
  accountId: string;
  visitorId: string;
  /** The conversation when the socket connected (null before the visitor's first message). */
  followerId: string | null;
}

export const widgetNamespace = (ctx: AppContext) => ctx.io.of(WIDGET_NAMESPACE);

function refuse(message: string) {
  const error = new Error(message) as Error & { data?: unknown };
  error.data = { message, code: message === 'Unauthorization' ? 'unauthorized' : 'invalid' };
  return error;
}

const FOLLOWER_ID = statement(
  'widget_follower_id',
  'select id from followers where channel_id = $1 and external_id = $2 limit 1',
);

export async function followerIdOf(ctx: AppContext, channelId: string, visitorId: string) {
  const [row] = await ctx.database.run<{ id: string }>(FOLLOWER_ID, [channelId, visitorId]);
  return row?.id ?? null;
}

export function registerWidgetNamespace(ctx: AppContext): Namespace {
  const nsp = widgetNamespace(ctx);
  nsp.use(async (socket, next) => {
    try {
      if (socket.conn.transport.name !== 'websocket') return next(refuse('websocket only'));
      const auth = (socket.handshake.auth ?? {}) as { widget_id?: unknown; session_id?: unknown };
      const channel = await findWidgetChannelCached(ctx, auth.widget_id);
      if (!channel) return next(refuse('Unauthorization'));
      const found = await findSessionWithFollower(ctx, channel.id, auth.session_id);
      if (!found) return next(refuse('Unauthorization'));
      // Only these few strings stay with the connection (10,000 of them on one process).
      socket.data = {
        sessionId: found.session.id,
        channelId: channel.id,
        accountId: channel.accountId,
        visitorId: found.session.visitorId,
        followerId: found.followerId,
      } satisfies WidgetSocketData;
      next();
    } catch (err) {
      ctx.log.error({ err }, 'widget socket handshake failed');
      next(refuse('Unauthorization'));
    }
  });
  nsp.on('connection', async (socket) => {
    const data = socket.data as WidgetSocketData;
    limitSocketEvents(socket);
    // The session's room first, then the conversation: a first message landing in between still
    // reaches this socket (joinConversation adds every socket of the session room).
    socket.join([sessionRoom(data.sessionId), widgetRoom(data.channelId)]);
    if (data.followerId) {
      socket.join(visitorRoom(data.followerId));
      return;
    }
    // No conversation when the session was read: look again now that the socket is in the session's
    // room, so a first message stored in between is not missed (joinConversation reaches it from now on).
    try {
      const followerId = await followerIdOf(ctx, data.channelId, data.visitorId);
      if (followerId && socket.connected) socket.join(visitorRoom(followerId));
    } catch (err) {
      ctx.log.error({ err }, 'widget socket could not join its conversation');
    }
  });
  return nsp;
}

/** After a visitor's first message creates the conversation, every tab of the session hears it. */
export function joinConversation(ctx: AppContext, sessionId: string, followerId: string) {
  widgetNamespace(ctx).in(sessionRoom(sessionId)).socketsJoin(visitorRoom(followerId));
}

export function leaveConversation(ctx: AppContext, sessionId: string, followerId: string) {
  widgetNamespace(ctx).in(sessionRoom(sessionId)).socketsLeave(visitorRoom(followerId));
}
