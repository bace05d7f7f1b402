// Every /api request must carry a valid bearer token, and (outside /api/auth) a channel_id
// that names an account the caller belongs to; anything else is refused before any route runs.
import type { FastifyInstance } from 'fastify';
import { resolveAccountAccess } from '../accounts/profile';
import type { AppContext } from '../context';
import { bearerToken, resolveSession } from './sessions';

// Sign-in, and opening and accepting an invitation link (server/team/invitations.ts).
const PUBLIC_API = new Set(['/api/auth/login', '/api/auth/invitation', '/api/auth/invitation/accept']);

export function registerAuthGuard(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/') || PUBLIC_API.has(path)) return;
    const session = await resolveSession(ctx.db, bearerToken(request.headers.authorization));
    request.auth = session;
    if (path.startsWith('/api/auth/')) return;
    request.account = await resolveAccountAccess(ctx.db, session.userId, request.headers.channel_id);
  });
}
