// What the contacts and settings tests share: a real server, the seeded owner, members at each
// role level, a second account in another workspace with its own owner and data, customers
// writing in through the inbound path, and a small HTTP helper that never throws on a status.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Access, Area } from '../../../core/access/areas';
import { newId } from '../../../server/accounts/ids';
import { accounts, channels, memberships, roles, users, workspaces } from '../../../server/accounts/schema';
import { hashPassword } from '../../../server/auth/passwordHash';
import { receiveCustomerMessage } from '../../../server/chat/inbound';
import { queues } from '../../../server/chat/schema';
import { login, startServer, type TestServer } from '../../helpers/server';

export type Session = Awaited<ReturnType<typeof login>>;
// biome-ignore lint/suspicious/noExplicitAny: wire payloads; each test's expectations check their shape.
export type Payload = any;

export const MEMBER_PASSWORD = 'Memb3r$ecretPass';

export interface TeamHarness {
  server: TestServer;
  owner: Session;
  api(
    method: string,
    path: string,
    body?: unknown,
    as?: Session,
  ): Promise<{ status: number; body: Payload; headers: Headers; text: string }>;
  /** A member of the owner's account with the seeded role of this level. */
  addMember(level: number, name?: string, accountId?: string): Promise<Session & { userId: string }>;
  roleId(level: number, workspaceId?: string): Promise<string>;
  /** Another workspace with its own account, owner, widget and one contact. */
  otherAccount(): Promise<{ owner: Session; accountId: string; contactId: string; tagId: string }>;
  customer(
    text: string,
    visitor: string,
    name?: string,
    accountId?: string,
    widgetId?: string,
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startTeamHarness(): Promise<TeamHarness> {
  const server = await startServer();
  const owner = await login(server.url);
  const ctx = server.app.ctx;
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, owner.accountId));

  const api: TeamHarness['api'] = async (method, path, body, as = owner) => {
    const headers: Record<string, string> = { ...as.headers };
    const init: RequestInit = { method, headers };
    if (body instanceof FormData) {
      delete headers['content-type'];
      init.body = body;
    } else if (body !== undefined && method !== 'GET') init.body = JSON.stringify(body);
    else delete headers['content-type'];
    let url = `${server.url}${path}`;
    if (body !== undefined && method === 'GET')
      url += `?${new URLSearchParams(Object.entries(body as Record<string, string>)).toString()}`;
    const res = await fetch(url, init);
    const text = await res.text();
    let parsed: Payload = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // files and plain text stay text
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };

  const roleId: TeamHarness['roleId'] = async (level, workspaceId = account.workspaceId) => {
    const [role] = await ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.workspaceId, workspaceId), eq(roles.level, level)));
    return role.id;
  };

  const addMember: TeamHarness['addMember'] = async (
    level,
    name = `Member ${level}`,
    accountId = owner.accountId,
  ) => {
    const [acc] = await ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    const id = newId();
    const email = `${id}@example.com`;
    await ctx.db
      .insert(users)
      .values({ id, email, passwordHash: await hashPassword(MEMBER_PASSWORD), displayName: name });
    await ctx.db
      .insert(memberships)
      .values({ userId: id, accountId, roleId: await roleId(level, acc.workspaceId) });
    const session = await login(server.url, email, MEMBER_PASSWORD);
    const headers = { ...session.headers, channel_id: accountId };
    return { ...session, accountId, headers, userId: id };
  };

  const customer: TeamHarness['customer'] = async (
    text,
    visitor,
    name,
    accountId = owner.accountId,
    widgetId = owner.widgetId,
  ) => {
    const result = await receiveCustomerMessage(ctx, {
      channel: { id: widgetId, accountId, type: 'widget' },
      externalId: visitor,
      profile: name ? { name } : undefined,
      items: [{ type: 'text', text }],
    });
    if (!result) throw new Error('no inbound result');
    return result.follower._id;
  };

  const otherAccount: TeamHarness['otherAccount'] = async () => {
    const workspaceId = newId();
    const accountId = newId();
    const widgetId = newId(12);
    await ctx.db.insert(workspaces).values({ id: workspaceId, name: 'Other workspace' });
    await ctx.db.insert(accounts).values({ id: accountId, workspaceId, name: 'Other account' });
    await ctx.db.insert(channels).values({ id: widgetId, accountId, type: 'widget', name: 'Other web chat' });
    for (const [name, level] of [
      ['Owner', 1],
      ['Admin', 2],
      ['Supervisor', 3],
      ['Agent', 4],
    ] as const)
      await ctx.db.insert(roles).values({ id: newId(), workspaceId, name, level });
    await ctx.db.insert(queues).values({ id: newId(), accountId, name: 'General', isDefault: true });
    const member = await addMember(1, 'Other owner', accountId);
    const contactId = await customer(
      'hello from the other side',
      'other-visitor',
      'Other Customer',
      accountId,
      widgetId,
    );
    const tag = await api('POST', '/api/settings/tags', { name: 'other-secret' }, member);
    await api('POST', '/api/contact/update', { _id: contactId, tags: [tag.body.tag._id] }, member);
    return { owner: member, accountId, contactId, tagId: tag.body.tag._id as string };
  };

  return { server, owner, api, addMember, roleId, otherAccount, customer, close: () => server.close() };
}

/** A custom role by name: its level and the area access it narrows or widens. */
export type CustomRoles = Record<string, { level: number; permissions: Partial<Record<Area, Access>> }>;

/**
 * The owner and a member at each seeded level (owner, admin, supervisor, agent), then one member
 * per custom role, created through the settings API; all by name.
 */
export async function membersByRole(h: TeamHarness, custom: CustomRoles) {
  const as: Record<string, Session & { userId?: string }> = {
    owner: h.owner,
    admin: await h.addMember(2, 'Admin'),
    supervisor: await h.addMember(3, 'Supervisor'),
    agent: await h.addMember(4, 'Agent'),
  };
  for (const [name, role] of Object.entries(custom)) {
    const made = await h.api('POST', '/api/settings/roles', { name, ...role });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const member = await h.addMember(role.level, name);
    const put = await h.api('PUT', `/api/settings/users/${member.userId}`, { role_id: made.body.role._id });
    expect(put.status).toBe(200);
    as[name] = member;
  }
  return as;
}
