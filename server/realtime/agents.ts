// The agents' socket namespace: a connection proves its token and names its account
// (channel_id), then joins that account's room. Feature modules emit to these rooms.
import type { Namespace } from 'socket.io';
import { AGENT_NAMESPACE } from '../../core/realtime/events';
import { resolveAccountAccess } from '../accounts/profile';
import { resolveSession } from '../auth/sessions';
import { accountRoom } from '../chat/rooms';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';

export interface AgentSocketData {
  userId: string;
  accountId: string;
  level: number;
}

export function registerAgentNamespace(ctx: AppContext): Namespace {
  const nsp = ctx.io.of(AGENT_NAMESPACE);
  nsp.use(async (socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as { token?: unknown; channel_id?: unknown };
      const session = await resolveSession(ctx.db, typeof auth.token === 'string' ? auth.token : undefined);
      const access = await resolveAccountAccess(ctx.db, session.userId, auth.channel_id);
      socket.data = {
        userId: session.userId,
        accountId: access.accountId,
        level: access.level,
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
  nsp.on('connection', (socket) => {
    const data = socket.data as AgentSocketData;
    socket.join(accountRoom(data.accountId));
  });
  return nsp;
}

/** User ids with at least one open console connection on an account, across all processes. */
export async function onlineUserIds(ctx: AppContext, accountId: string): Promise<Set<string>> {
  const sockets = await ctx.io.of(AGENT_NAMESPACE).in(accountRoom(accountId)).fetchSockets();
  return new Set(sockets.map((s) => (s.data as AgentSocketData).userId));
}
