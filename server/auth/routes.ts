import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { isEmail, MESSAGES } from '../../core/validation/rules';
import { isDeactivated } from '../accounts/members';
import { loadProfile } from '../accounts/profile';
import { users } from '../accounts/schema';
import type { AppContext } from '../context';
import { requireAuth } from '../http/context';
import { HttpError, Invalid } from '../http/errors';
import { counterStore } from '../limits/counters';
import { disconnectSession } from '../realtime/agents';
import { reserveLoginAttempt } from './loginThrottle';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwordHash';
import { createSession, endSession } from './sessions';

function readLoginBody(body: unknown): { email: string; password: string } {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  if (typeof b.email !== 'string' || b.email.trim() === '') throw new Invalid('email', MESSAGES.required);
  const email = b.email.trim();
  if (!isEmail(email)) throw new Invalid('email', MESSAGES.email);
  if (typeof b.password !== 'string' || b.password === '') throw new Invalid('password', MESSAGES.required);
  if (b.password.length > 1024) throw new Invalid('password', MESSAGES.maxLength(1024));
  return { email, password: b.password };
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const counters = counterStore(app, ctx);
  app.post('/api/auth/login', async (request) => {
    const { email, password } = readLoginBody(request.body);
    // request.ip believes X-Forwarded-For only from the proxies TRUST_PROXY names (server/http/clientAddress.ts).
    const attempt = await reserveLoginAttempt(counters, email, request.ip);
    const [user] = await ctx.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !ok) throw new HttpError(401, SERVER_MESSAGES.badCredentials, 'invalid_credentials');
    await attempt.succeeded();
    if (await isDeactivated(ctx.db, user.id))
      throw new HttpError(403, SERVER_MESSAGES.deactivated, 'deactivated');
    const { token, expiresAt } = await createSession(ctx.db, user.id, ctx.sessionTtlMs);
    return { token, expires_at: expiresAt.toISOString(), user: await loadProfile(ctx.db, user.id) };
  });

  app.get('/api/auth/me', async (request) => {
    const auth = requireAuth(request.auth);
    return { user: await loadProfile(ctx.db, auth.userId) };
  });

  app.post('/api/auth/logout', async (request) => {
    const auth = requireAuth(request.auth);
    await endSession(ctx.db, auth.tokenHash);
    // Its open consoles stop hearing events at once, in every process.
    disconnectSession(ctx, auth.tokenHash);
    return { status: 'ok' };
  });
}
