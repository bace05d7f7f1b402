// Helpers for the inbox browser tests: a second agent in the database, a customer writing through
// the widget channel's endpoint, and signing in through the form.
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { newId } from '../../server/accounts/ids';
import { memberships, roles, users } from '../../server/accounts/schema';
import type { App } from '../../server/app';
import { hashPassword } from '../../server/auth/passwordHash';

export const AGENT_PASSWORD = 'Ag3nt$Password';

/** A user with the workspace's role of `level` (4 = Agent) in the account. */
export async function addAgent(
  app: App,
  accountId: string,
  options: { email: string; name: string; level?: number },
): Promise<string> {
  const db = app.ctx.db;
  const [owner] = await db.select().from(memberships).where(eq(memberships.accountId, accountId)).limit(1);
  const [ownerRole] = await db.select().from(roles).where(eq(roles.id, owner.roleId)).limit(1);
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.workspaceId, ownerRole.workspaceId), eq(roles.level, options.level ?? 4)))
    .limit(1);
  const id = newId();
  await db.insert(users).values({
    id,
    email: options.email,
    passwordHash: await hashPassword(AGENT_PASSWORD),
    displayName: options.name,
    firstName: options.name,
  });
  await db.insert(memberships).values({ userId: id, accountId, roleId: role.id });
  return id;
}

export interface Customer {
  widgetId: string;
  sessionId: string;
  visitorId: string;
}

/** A new widget visitor (POST /service/widget/verify). */
export async function newCustomer(url: string, widgetId: string, name: string): Promise<Customer> {
  const res = await fetch(`${url}/service/widget/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ widget_id: widgetId, user: { name } }),
  });
  if (res.status !== 200) throw new Error(`verify: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { session_id: string; visitor_id: string } };
  return { widgetId, sessionId: body.data.session_id, visitorId: body.data.visitor_id };
}

/** The customer writes through the widget's webhook (spec 7). */
export async function customerSays(url: string, customer: Customer, text: string, eventId = newId()) {
  const res = await fetch(`${url}/service/webhook/widget/${customer.widgetId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.sessionId}` },
    body: JSON.stringify({
      events: [
        {
          id: eventId,
          source: { type: 'widget', userId: customer.visitorId },
          timestamp: Date.now(),
          type: 'message',
          message: { type: 'text', text },
        },
      ],
    }),
  });
  if (res.status !== 200) throw new Error(`webhook: ${res.status} ${await res.text()}`);
}

/** What the customer's widget would show (GET /service/widget/messages). */
export async function customerMessages(
  url: string,
  customer: Customer,
): Promise<{ message?: string; text?: string }[]> {
  const res = await fetch(`${url}/service/widget/messages?widget_id=${customer.widgetId}&limit=50`, {
    headers: { authorization: `Bearer ${customer.sessionId}` },
  });
  if (res.status !== 200) throw new Error(`messages: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { chat: { message?: string; text?: string }[] }).chat;
}

export async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard' || u.pathname === '/live');
}

/** The row of a chat in the list, by the customer's name. */
export const chatRow = (page: Page, name: string) => page.locator('.chat-item', { hasText: name });
