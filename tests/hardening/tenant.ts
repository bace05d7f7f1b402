// A second, unrelated customer of the product on the same server: its own workspace, roles,
// account, widget, default chat group and owner, made the way the first start seeds one.
import { newId } from '../../server/accounts/ids';
import { DEFAULT_ROLES } from '../../server/accounts/roles';
import { accounts, channels, memberships, roles, users, workspaces } from '../../server/accounts/schema';
import { defaultWidgetConfig } from '../../server/accounts/seed';
import type { App } from '../../server/app';
import { hashPassword } from '../../server/auth/passwordHash';
import { DEFAULT_QUEUE_NAME } from '../../server/chat/queues';
import { queues } from '../../server/chat/schema';
import { login } from '../helpers/server';

export const TENANT_PASSWORD = 'Tenant$Passw0rd';

export async function createTenant(app: App, url: string, email: string, name: string) {
  const db = app.ctx.db;
  const workspaceId = newId();
  const accountId = newId();
  const widgetId = newId(12);
  const userId = newId();
  await db.insert(workspaces).values({ id: workspaceId, name: `${name} workspace` });
  await db.insert(accounts).values({ id: accountId, workspaceId, name });
  await db.insert(channels).values({
    id: widgetId,
    accountId,
    type: 'widget',
    name: `${name} chat`,
    config: defaultWidgetConfig(name),
  });
  const roleRows = DEFAULT_ROLES.map((r) => ({ id: newId(), workspaceId, name: r.name, level: r.level }));
  await db.insert(roles).values(roleRows);
  await db.insert(users).values({
    id: userId,
    email,
    passwordHash: await hashPassword(TENANT_PASSWORD),
    displayName: `${name} owner`,
  });
  await db.insert(memberships).values({ userId, accountId, roleId: roleRows[0].id });
  await db.insert(queues).values({ id: newId(), accountId, name: DEFAULT_QUEUE_NAME, isDefault: true });
  return login(url, email, TENANT_PASSWORD);
}
