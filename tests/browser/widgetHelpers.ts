// What the widget's browser tests share: the launcher and box in a page, the visitor's follower
// (session token → visitor id → follower), an agent's reply through the real send path, typing a
// message, and saving settings over the console's API.
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { sendMessage } from '../../server/chat/outbound';
import { followers } from '../../server/chat/schema';
import { widgetSessions } from '../../server/widget/schema';
import { hashToken } from '../../server/widget/sessions';
import type { login, TestServer } from '../helpers/server';

export type Auth = Awaited<ReturnType<typeof login>>;

export const launcherOf = (page: Page) => page.locator('chat-widget').locator('button.launcher');
export const boxOf = (page: Page) => page.locator('chat-widget-box');
export const bubbles = (page: Page) => boxOf(page).locator('.bubble').allTextContents();

export async function putSettings(server: TestServer, auth: Auth, settings: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/widget/settings`, {
    method: 'PUT',
    headers: auth.headers,
    body: JSON.stringify({ widget_id: auth.widgetId, settings }),
  });
  expect(res.status).toBe(200);
}

export const sessionToken = (page: Page, auth: Auth) =>
  page.evaluate((key) => localStorage.getItem(key), `chat-widget:${auth.widgetId}:session`);

/** The conversation of the visitor in this page, or undefined before the first message. */
export async function followerOf(server: TestServer, auth: Auth, page: Page) {
  const token = await sessionToken(page, auth);
  const [session] = await server.app.ctx.db
    .select()
    .from(widgetSessions)
    .where(eq(widgetSessions.tokenHash, hashToken(token ?? '')));
  if (!session) return undefined;
  const [row] = await server.app.ctx.db
    .select()
    .from(followers)
    .where(and(eq(followers.channelId, auth.widgetId), eq(followers.externalId, session.visitorId)));
  return row;
}

export async function agentReply(server: TestServer, auth: Auth, page: Page, text: string) {
  const follower = await followerOf(server, auth, page);
  if (!follower) throw new Error('the visitor has no conversation yet');
  await sendMessage(server.app.ctx, {
    accountId: auth.accountId,
    followerId: follower.id,
    userId: auth.user._id,
    items: [{ type: 'text', text }],
    tempId: `agent-${Date.now()}-${Math.random()}`,
  });
}

export async function sendText(page: Page, text: string) {
  const input = boxOf(page).locator('textarea');
  await input.fill(text);
  await input.press('Enter');
}

/** Sends and waits until the server has confirmed the message. */
export async function sendConfirmed(page: Page, text: string) {
  await sendText(page, text);
  await expect
    .poll(() => boxOf(page).locator('.row.me:not([data-status]) .bubble').allTextContents())
    .toContain(text);
}
