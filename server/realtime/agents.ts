// The agents' socket namespace: a connection proves its token and names its account
// (channel_id), then joins that account's room and, when its role may read chats, the account's
// chat room and the rooms of the 'selected' queues it may see (level 1: all of them). JOIN_CHAT /
// LEAVE_CHAT open and close a chat's own room, for chats the agent may see only. Presence
// (online, chat status) is announced to the account.
// Connection state recovery (socket.io) gives a briefly dropped console the events it missed;
// after a longer gap the console calls GET /api/chat/reconnect.
import { and, eq } from 'drizzle-orm';
import type { Namespace, Socket } from 'socket.io';
import { AGENT_CLIENT_EVENTS, AGENT_EVENTS, AGENT_NAMESPACE } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { hasArea } from '../accounts/permissions';
import { resolveAccountAccess } from '../accounts/profile';
import { memberships } from '../accounts/schema';
import { resolveSession } from '../auth/sessions';
import { accountRoom, chatRoom, followerRoom, queueRoom, sessionRoom, userRoom } from '../chat/rooms';
import { followers } from '../chat/schema';
import { loadViewer, seesQueue, type Viewer } from '../chat/viewer';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { isOwnOrigin } from '../http/security';
import { limitSocketEvents } from './limits';

/** A console page of another site may not open an agent socket with a stolen token. */
function foreignOrigin(ctx: AppContext, headers: Record<string, string | string[] | undefined>): boolean {
  const origin = headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  return !isOwnOrigin(ctx, origin, typeof headers.host === 'string' ? headers.host : undefined);
}

export interface AgentSocketData {
  userId: string;
  accountId: string;
  level: number;
  /** The role may read chats (the 'chat' area): only then are the chat and queue rooms joined. */
  readsChats: boolean;
  seesAllQueues: boolean;
  /** As when the socket connected; a membership change applies from the next connection. */
  visibleQueueIds: string[];
  /** The 'selected' queues among them, whose rooms the socket joined. */
  restrictedQueueIds: string[];
  /** The sign-in it was opened with: logging out ends the connection, and so does expiry. */
  tokenHash: string;
  expiresAt: number;
}

/** setTimeout's longest delay; a later expiry is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** Cuts a connection when its token expires (spec 6: the console then signs out). */
function endAtExpiry(socket: Socket, expiresAt: number) {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const left = expiresAt - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
  };
  arm();
  socket.once('disconnect', () => clearTimeout(timer));
}

/** Ends every console connection of one sign-in, in every process (logout). */
export function disconnectSession(ctx: AppContext, tokenHash: string) {
  ctx.io.of(AGENT_NAMESPACE).in(sessionRoom(tokenHash)).disconnectSockets(true);
}

/** Ends every console connection of a user, in every process (their sessions were ended). */
export function disconnectUserSockets(ctx: AppContext, userId: string) {
  ctx.io.of(AGENT_NAMESPACE).in(userRoom(userId)).disconnectSockets(true);
}

type Ack = (answer: { ok: boolean; message?: string }) => void;

const viewerOfSocket = (data: AgentSocketData): Viewer => ({
  userId: data.userId,
  accountId: data.accountId,
  level: data.level,
  seesAllQueues: data.seesAllQueues,
  visibleQueueIds: data.visibleQueueIds,
  restrictedQueueIds: data.restrictedQueueIds,
});

/** The rooms carrying the chats a connection may hear: none for a role that may not read chats. */
export function chatRoomsOf(data: AgentSocketData): string[] {
  return data.readsChats ? [chatRoom(data.accountId), ...data.restrictedQueueIds.map(queueRoom)] : [];
}

async function mayOpenChat(ctx: AppContext, data: AgentSocketData, followerId: unknown): Promise<boolean> {
  if (!data.readsChats) return false;
  if (typeof followerId !== 'string' || followerId.length === 0 || followerId.length > 64) return false;
  const [row] = await ctx.db
    .select({ queueId: followers.lcQueueId })
    .from(followers)
    .where(and(eq(followers.id, followerId), eq(followers.accountId, data.accountId)))
    .limit(1);
  return Boolean(row) && seesQueue(viewerOfSocket(data), row.queueId);
}

async function announcePresence(ctx: AppContext, data: AgentSocketData, online: boolean) {
  const [row] = await ctx.db
    .select({ chatStatus: memberships.chatStatus })
    .from(memberships)
    .where(and(eq(memberships.userId, data.userId), eq(memberships.accountId, data.accountId)))
    .limit(1);
  ctx.io
    .of(AGENT_NAMESPACE)
    .to(accountRoom(data.accountId))
    .emit(AGENT_EVENTS.AGENT_PRESENCE, {
      user_id: data.userId,
      online,
      chat_status: row?.chatStatus ?? 'available',
    });
}

export function registerAgentNamespace(ctx: AppContext): Namespace {
  const nsp = ctx.io.of(AGENT_NAMESPACE);
  nsp.use(async (socket, next) => {
    try {
      if (foreignOrigin(ctx, socket.handshake.headers))
        throw new HttpError(403, SERVER_MESSAGES.crossOriginSockets, 'cross_origin');
      const auth = (socket.handshake.auth ?? {}) as { token?: unknown; channel_id?: unknown };
      const session = await resolveSession(ctx.db, typeof auth.token === 'string' ? auth.token : undefined);
      const access = await resolveAccountAccess(ctx.db, session.userId, auth.channel_id);
      const viewer = await loadViewer(ctx.db, { userId: session.userId, ...access });
      const readsChats = await hasArea(ctx, access, 'chat', 'read');
      socket.data = {
        userId: session.userId,
        accountId: access.accountId,
        level: access.level,
        readsChats,
        seesAllQueues: viewer.seesAllQueues,
        visibleQueueIds: viewer.visibleQueueIds,
        restrictedQueueIds: viewer.restrictedQueueIds,
        tokenHash: session.tokenHash,
        expiresAt: session.expiresAt.getTime(),
      } satisfies AgentSocketData;
      next();
    } catch (err) {
      const error = new Error(err instanceof HttpError ? err.message : 'Unauthorization') as Error & {
        data?: unknown;
      };
      error.data = err instanceof HttpError ? err.toJSON() : { message: 'Unauthorization' };
      next(error);
    }
  });
  nsp.on('connection', (socket: Socket) => {
    const data = socket.data as AgentSocketData;
    limitSocketEvents(socket);
    // A recovered connection already has its rooms back; joining again changes nothing.
    socket.join([
      accountRoom(data.accountId),
      userRoom(data.userId),
      sessionRoom(data.tokenHash),
      ...chatRoomsOf(data),
    ]);
    endAtExpiry(socket, data.expiresAt);
    if (!socket.recovered)
      void announcePresence(ctx, data, true).catch((err) => ctx.log.error({ err }, 'presence not announced'));

    socket.on(AGENT_CLIENT_EVENTS.JOIN_CHAT, async (followerId: unknown, ack?: Ack) => {
      try {
        const allowed = await mayOpenChat(ctx, data, followerId);
        if (allowed) await socket.join(followerRoom(followerId as string));
        if (typeof ack === 'function')
          ack(allowed ? { ok: true } : { ok: false, message: SERVER_MESSAGES.notFound });
      } catch (err) {
        ctx.log.error({ err }, 'JOIN_CHAT failed');
        if (typeof ack === 'function') ack({ ok: false, message: SERVER_MESSAGES.systemError });
      }
    });
    socket.on(AGENT_CLIENT_EVENTS.LEAVE_CHAT, async (followerId: unknown, ack?: Ack) => {
      if (typeof followerId === 'string') await socket.leave(followerRoom(followerId));
      if (typeof ack === 'function') ack({ ok: true });
    });
    socket.on('disconnect', async () => {
      try {
        // Offline only when this was the user's last console on the account (any process).
        const still = await onlineUserIds(ctx, data.accountId);
        if (!still.has(data.userId)) await announcePresence(ctx, data, false);
      } catch (err) {
        // Usually the server closing under it; nobody is left to tell.
        ctx.log.debug({ err }, 'presence after disconnect not announced');
      }
    });
  });
  return nsp;
}

/** User ids with at least one open console connection on an account, across all processes. */
export async function onlineUserIds(ctx: AppContext, accountId: string): Promise<Set<string>> {
  const sockets = await ctx.io.of(AGENT_NAMESPACE).in(accountRoom(accountId)).fetchSockets();
  return new Set(sockets.map((s) => (s.data as AgentSocketData).userId));
}
