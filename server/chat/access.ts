// What every chat route needs first: the caller as an inbox viewer, and the chats it may touch.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AppContext } from '../context';
import { requireAccount, requireAuth } from '../http/context';
import { NotFound } from '../http/errors';
import { followers } from './schema';
import { loadViewer, seesQueue, type Viewer } from './viewer';

export function viewerOf(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const account = requireAccount(request.account);
  const auth = requireAuth(request.auth);
  return loadViewer(ctx.db, {
    userId: auth.userId,
    accountId: account.accountId,
    level: account.level,
    roleId: account.roleId,
    queues: account.queues,
  });
}

/** A follower read in the caller's account, when it is in a queue they may see; 404 otherwise. */
export function seenFollower<T extends { lcQueueId: string | null }>(
  viewer: Viewer,
  row: T | null | undefined,
): T {
  if (!row || !seesQueue(viewer, row.lcQueueId)) throw new NotFound(SERVER_MESSAGES.chatMissing);
  return row;
}

/** The follower, when it is in the caller's account and in a queue they may see; 404 otherwise. */
export async function findFollower(ctx: AppContext, viewer: Viewer, followerId: string) {
  const [row] = await ctx.db
    .select()
    .from(followers)
    .where(and(eq(followers.id, followerId), eq(followers.accountId, viewer.accountId)))
    .limit(1);
  return seenFollower(viewer, row);
}

/** Where this server is reached from, for links to files (PUBLIC_URL behind a proxy). */
export function originOf(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
