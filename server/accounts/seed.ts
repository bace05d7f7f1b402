// On an empty database: a workspace with one official account, a web-widget channel and an
// owner. Runs under the migration lock's protection by checking inside one transaction.
import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { isStrongPassword, PASSWORD_MIN_LENGTH } from '../../core/validation/password';
import { isEmail } from '../../core/validation/rules';
import { hashPassword } from '../auth/passwordHash';
import { DEFAULT_QUEUE_NAME } from '../chat/queues';
import { queues } from '../chat/schema';
import type { Db } from '../db/client';
import { newId } from './ids';
import { DEFAULT_ROLES } from './roles';
import { accounts, channels, memberships, roles, users, workspaces } from './schema';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface SeedResult {
  created: boolean;
  email: string;
  /** Only when the password was generated; it is shown once and never kept in clear. */
  generatedPassword?: string;
  widgetId: string;
}

/** A random password that meets the policy of spec 5. */
export function generatePassword(): string {
  return `${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}Aa7@`;
}

export function defaultWidgetConfig(accountName: string) {
  return {
    brand_label: accountName,
    button_color: '#000000ff',
    label_color: '#59c7f9ff',
    button_label: 'Chat',
    header: accountName,
    description: '',
    welcome_message: '',
    scatter_message: '',
    logo: '',
  };
}

export async function seedIfEmpty(
  db: Db,
  admin: { email: string | null; password: string | null },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7300242)`);
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (Number(n) > 0) {
      const [widget] = await tx
        .select({ id: channels.id })
        .from(channels)
        .where(sql`${channels.type} = 'widget'`)
        .limit(1);
      const [first] = await tx.select({ email: users.email }).from(users).orderBy(users.createdAt).limit(1);
      return { created: false, email: first.email, widgetId: widget?.id ?? '' };
    }
    const email = admin.email ?? DEFAULT_ADMIN_EMAIL;
    if (!isEmail(email)) throw new Error(`ADMIN_EMAIL is not a valid e-mail address: "${email}"`);
    if (admin.password && !isStrongPassword(admin.password)) {
      throw new Error(
        `ADMIN_PASSWORD must have at least ${PASSWORD_MIN_LENGTH} characters with an upper-case letter, a lower-case letter, a digit and one of @ $ ! % * ? & _`,
      );
    }
    const password = admin.password ?? generatePassword();
    const workspaceId = newId();
    const accountId = newId();
    const widgetId = newId(12);
    const userId = newId();
    const accountName = 'My Official Account';
    await tx.insert(workspaces).values({ id: workspaceId, name: 'My workspace' });
    await tx.insert(accounts).values({ id: accountId, workspaceId, name: accountName });
    await tx.insert(channels).values({
      id: widgetId,
      accountId,
      type: 'widget',
      name: 'Website chat',
      config: defaultWidgetConfig(accountName),
    });
    const roleRows = DEFAULT_ROLES.map((r) => ({ id: newId(), workspaceId, name: r.name, level: r.level }));
    await tx.insert(roles).values(roleRows);
    await tx.insert(users).values({
      id: userId,
      email,
      passwordHash: await hashPassword(password),
      displayName: 'Owner',
      firstName: 'Owner',
    });
    await tx.insert(memberships).values({ userId, accountId, roleId: roleRows[0].id });
    await tx.insert(queues).values({ id: newId(), accountId, name: DEFAULT_QUEUE_NAME, isDefault: true });
    return { created: true, email, generatedPassword: admin.password ? undefined : password, widgetId };
  });
}
