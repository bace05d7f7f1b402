// The signed-in user's own profile card (spec 2): names and phone, change password (spec 5
// policy), delete their user (with their password; not the last owner of an account); and the
// public invitation calls the invited person uses before they have a password.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { isStrongPassword } from '../../core/validation/password';
import { MESSAGES } from '../../core/validation/rules';
import { loadProfile } from '../accounts/profile';
import { memberships, roles, users } from '../accounts/schema';
import { hashPassword, verifyPassword } from '../auth/passwordHash';
import { sessions } from '../auth/schema';
import { fieldsOf, optionalString } from '../chat/input';
import type { AppContext } from '../context';
import { requireAuth } from '../http/context';
import { Conflict, HttpError, Invalid } from '../http/errors';
import { acceptInvitation, describeInvitation, PASSWORD_POLICY_MESSAGE } from './invitations';
import { NAME_MAX, readNames } from './routes';

async function checkPassword(ctx: AppContext, userId: string, password: unknown, field: string) {
  if (typeof password !== 'string' || password === '') throw new Invalid(field, MESSAGES.required);
  const [user] = await ctx.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || password.length > 1024 || !(await verifyPassword(password, user.hash)))
    throw new HttpError(400, SERVER_MESSAGES.wrongPassword, 'invalid', field);
}

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/auth/invitation', async (request) =>
    describeInvitation(ctx.db, fieldsOf(request.query).token),
  );

  app.post('/api/auth/invitation/accept', async (request) => {
    const body = fieldsOf(request.body);
    const result = await acceptInvitation(ctx.db, {
      token: body.token,
      password: body.password,
      displayName: optionalString(body, 'display_name', { max: NAME_MAX })?.trim() ?? '',
      firstName: optionalString(body, 'first_name', { max: NAME_MAX })?.trim() ?? '',
      lastName: optionalString(body, 'last_name', { max: NAME_MAX })?.trim() ?? '',
    });
    return { status: 'ok', email: result.email };
  });

  app.put('/api/auth/profile', async (request) => {
    const { userId } = requireAuth(request.auth);
    const names = readNames(fieldsOf(request.body), { displayRequired: false });
    if (Object.keys(names).length > 0) await ctx.db.update(users).set(names).where(eq(users.id, userId));
    return { user: await loadProfile(ctx.db, userId) };
  });

  app.post('/api/auth/password', async (request) => {
    const auth = requireAuth(request.auth);
    const body = fieldsOf(request.body);
    await checkPassword(ctx, auth.userId, body.current_password, 'current_password');
    const next = body.new_password;
    if (typeof next !== 'string' || next === '') throw new Invalid('new_password', MESSAGES.required);
    if (next.length > 1024) throw new Invalid('new_password', MESSAGES.maxLength(1024));
    if (!isStrongPassword(next)) throw new Invalid('new_password', PASSWORD_POLICY_MESSAGE);
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(next) })
      .where(eq(users.id, auth.userId));
    // Other signed-in browsers must sign in again with the new password; this one stays.
    await ctx.db
      .delete(sessions)
      .where(and(eq(sessions.userId, auth.userId), ne(sessions.tokenHash, auth.tokenHash)));
    return { status: 'ok' };
  });

  app.post('/api/auth/delete-account', async (request) => {
    const auth = requireAuth(request.auth);
    await checkPassword(ctx, auth.userId, fieldsOf(request.body).password, 'password');
    await ctx.db.transaction(async (tx) => {
      // An account must keep an active owner: the last one cannot leave.
      const owned = await tx
        .select({ accountId: memberships.accountId })
        .from(memberships)
        .innerJoin(roles, eq(roles.id, memberships.roleId))
        .where(
          and(eq(memberships.userId, auth.userId), eq(roles.level, 1), isNull(memberships.deactivatedAt)),
        );
      for (const { accountId } of owned) {
        const others = await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .innerJoin(roles, eq(roles.id, memberships.roleId))
          .where(
            and(
              eq(memberships.accountId, accountId),
              ne(memberships.userId, auth.userId),
              eq(roles.level, 1),
              isNull(memberships.deactivatedAt),
            ),
          )
          .limit(1);
        if (others.length === 0) throw new Conflict(SERVER_MESSAGES.onlyOwner);
      }
      // Memberships, sessions and queue memberships go with the user (foreign keys cascade).
      await tx.delete(users).where(eq(users.id, auth.userId));
    });
    return { status: 'ok' };
  });
}
