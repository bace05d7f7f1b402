// Every /api request must carry a valid bearer token, and (outside /api/auth) a channel_id
// that names an account the caller belongs to; anything else is refused before any route runs.
import type { FastifyInstance } from 'fastify';
import { type QueueMembership, requireChannelId } from '../accounts/profile';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { Forbidden } from '../http/errors';
import { bearerToken, liveSession, tokenHashOf } from './sessions';

// Sign-in, and opening and accepting an invitation link (server/team/invitations.ts).
const PUBLIC_API = new Set(['/api/auth/login', '/api/auth/invitation', '/api/auth/invitation/accept']);

/**
 * The session, the caller's membership of the account named by channel_id, and that account's
 * queues as the caller stands in them, in one round trip: every console request needs the first
 * two and the chat routes the third (server/chat/viewer.ts), which took three queries before.
 * /api/auth calls name no account; the same statement then finds the session alone.
 */
const REQUEST_ACCESS = statement(
  'auth_request_access',
  /* sql */ `
select s.user_id, s.expires_at, a.id as account_id, a.workspace_id, r.id as role_id, r.level,
  (select coalesce(json_agg(json_build_object('id', q.id, 'visibility', q.visibility,
      'member', qm.user_id is not null)), '[]'::json)
    from queues q left join queue_members qm on qm.queue_id = q.id and qm.user_id = s.user_id
    where q.account_id = a.id) as queues
from sessions s
left join memberships m on m.user_id = s.user_id and m.account_id = $2::text and m.deactivated_at is null
left join accounts a on a.id = m.account_id
left join roles r on r.id = m.role_id
where s.token_hash = $1::text
limit 1`,
);

interface AccessRow {
  user_id: string;
  expires_at: Date | string;
  account_id: string | null;
  workspace_id: string | null;
  role_id: string | null;
  level: number | null;
  queues: QueueMembership[] | string;
}

export function registerAuthGuard(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/') || PUBLIC_API.has(path)) return;
    const tokenHash = tokenHashOf(bearerToken(request.headers.authorization));
    const channelId = request.headers.channel_id;
    const [row] = await ctx.database.run<AccessRow>(REQUEST_ACCESS, [
      tokenHash,
      typeof channelId === 'string' ? channelId : '',
    ]);
    // The token first (401), then the account it names (400 / 403).
    request.auth = liveSession(
      row && { userId: row.user_id, expiresAt: new Date(row.expires_at) },
      tokenHash,
    );
    if (path.startsWith('/api/auth/')) return;
    requireChannelId(channelId);
    if (!row.account_id || !row.workspace_id || !row.role_id || row.level === null) throw new Forbidden();
    request.account = {
      accountId: row.account_id,
      workspaceId: row.workspace_id,
      roleId: row.role_id,
      level: Number(row.level),
      queues: typeof row.queues === 'string' ? JSON.parse(row.queues) : row.queues,
    };
  });
}
