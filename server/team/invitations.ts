// Inviting a teammate. We send no e-mail: the console shows the invitation link to copy and pass
// on. The link carries a one-time token (only its SHA-256 is stored) valid for 7 days; opening it
// shows the account and role, and setting a password that meets spec 5's policy creates the user,
// marks their e-mail verified (they proved they received the link) and adds them to the account.
// Someone who already has a user here is added at once, with no link.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { isStrongPassword } from '../../core/validation/password';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { accounts, memberships, roles, users } from '../accounts/schema';
import { hashPassword } from '../auth/passwordHash';
import type { Db } from '../db/client';
import { Conflict, Invalid, NotFound } from '../http/errors';
import { invitations } from './schema';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_POLICY_MESSAGE = SERVER_MESSAGES.weakPassword;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function invitationLink(origin: string, token: string, locale: 'en' | 'th' = 'en'): string {
  return `${origin}${locale === 'th' ? '/th' : ''}/invite/${token}`;
}

/** A new token for a pending invitation (or a new invitation); the old link stops working. */
export async function issueInvitation(
  db: Db,
  input: { accountId: string; email: string; roleId: string; invitedBy: string },
): Promise<{ invitation: typeof invitations.$inferSelect; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.accountId, input.accountId),
          sql`lower(${invitations.email}) = lower(${input.email})`,
          isNull(invitations.acceptedAt),
        ),
      )
      .limit(1);
    if (pending) {
      const [row] = await tx
        .update(invitations)
        .set({ tokenHash: hashToken(token), roleId: input.roleId, expiresAt, invitedBy: input.invitedBy })
        .where(eq(invitations.id, pending.id))
        .returning();
      return { invitation: row, token };
    }
    const [row] = await tx
      .insert(invitations)
      .values({
        id: newId(),
        accountId: input.accountId,
        email: input.email,
        roleId: input.roleId,
        tokenHash: hashToken(token),
        invitedBy: input.invitedBy,
        expiresAt,
      })
      .returning();
    return { invitation: row, token };
  });
}

async function pendingByToken(db: Db, token: unknown) {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100)
    throw new NotFound(SERVER_MESSAGES.invitationExpired);
  const [row] = await db
    .select({
      invitation: invitations,
      accountName: accounts.name,
      roleName: roles.name,
      roleLevel: roles.level,
    })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) throw new NotFound(SERVER_MESSAGES.invitationExpired);
  return row;
}

export async function describeInvitation(db: Db, token: unknown) {
  const row = await pendingByToken(db, token);
  return {
    email: row.invitation.email,
    account_name: row.accountName,
    role: row.roleName,
    // With the name, the console shows a built-in role in the invited person's language.
    role_level: row.roleLevel,
    expires_at: row.invitation.expiresAt.toISOString(),
  };
}

export async function acceptInvitation(
  db: Db,
  input: { token: unknown; password: unknown; displayName: string; firstName: string; lastName: string },
): Promise<{ email: string; userId: string }> {
  if (typeof input.password !== 'string' || input.password === '')
    throw new Invalid('password', MESSAGES.required);
  if (input.password.length > 1024) throw new Invalid('password', MESSAGES.maxLength(1024));
  if (!isStrongPassword(input.password)) throw new Invalid('password', PASSWORD_POLICY_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const row = await pendingByToken(tx as unknown as Db, input.token);
    const claimed = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.id, row.invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (claimed.length === 0) throw new NotFound(SERVER_MESSAGES.invitationExpired);
    const email = row.invitation.email;
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (existing) throw new Conflict(SERVER_MESSAGES.emailHasUser, 'email');
    const userId = newId();
    await tx.insert(users).values({
      id: userId,
      email,
      passwordHash,
      displayName: input.displayName || email.split('@')[0],
      firstName: input.firstName,
      lastName: input.lastName,
      emailVerified: true,
    });
    await tx
      .insert(memberships)
      .values({ userId, accountId: row.invitation.accountId, roleId: row.invitation.roleId })
      .onConflictDoNothing();
    // Their other pending invitations (other official accounts) are taken up too: once the user
    // exists, those links could only answer "sign in instead", which gives no access to them,
    // while inviting an existing user adds them at once.
    const others = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(
        and(
          sql`lower(${invitations.email}) = lower(${email})`,
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .returning({ accountId: invitations.accountId, roleId: invitations.roleId });
    if (others.length > 0)
      await tx
        .insert(memberships)
        .values(others.map((o) => ({ userId, accountId: o.accountId, roleId: o.roleId })))
        .onConflictDoNothing();
    return { email, userId };
  });
}
