// Official accounts (issue 17; docs/api.md "Official accounts"): owners and admins create another
// account with its first channel and become its owner; every call then sees that account's data
// only; an owner deletes an account and every row kept for it goes, its stored files too.
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NAMESPACE } from '../../../core/realtime/events';
import { memberships } from '../../../server/accounts/schema';
import { receiveCustomerMessage } from '../../../server/chat/inbound';
import { rowsOf } from '../../../server/db/client';
import { login } from '../../helpers/server';
import { type Harness, type Payload, startChatHarness } from '../chat/chatHarness';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('official accounts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startChatHarness();
    await h.customerSays('a message in the first account', { visitor: 'acc-1', name: 'First Customer' });
  });
  afterAll(() => h?.close());

  const as = (accountId: string) => ({ ...h.owner, headers: { ...h.owner.headers, channel_id: accountId } });

  it('an owner creates another account with a web chat; it is empty and they own it', async () => {
    const res = await h.api('POST', '/api/accounts', {
      name: 'Second Shop',
      channel: { type: 'widget', name: 'Shop chat' },
    });
    expect(res.status).toBe(200);
    const account = res.body.account;
    expect(account).toMatchObject({
      name: 'Second Shop',
      role: { level: 1 },
      channels: [{ type: 'widget', name: 'Shop chat' }],
    });
    const me = await h.api('GET', '/api/auth/me');
    expect(me.body.user.accounts.map((a: Payload) => a.name)).toEqual(['My Official Account', 'Second Shop']);

    // Every screen's calls see only the account they name.
    const second = as(account._id);
    expect((await h.api('GET', '/api/chat/followers', { chat_type: 'all' }, second)).body.chat.data).toEqual(
      [],
    );
    expect((await h.api('GET', '/api/contact/list', undefined, second)).body.list).toEqual([]);
    const queues = await h.api('GET', '/api/settings/queues', undefined, second);
    expect(queues.body.list.map((q: Payload) => [q.name, q.is_default])).toEqual([['General', true]]);
    const first = await h.api('GET', '/api/chat/followers', { chat_type: 'all' });
    expect(first.body.chat.data.map((f: Payload) => f.line_name)).toEqual(['First Customer']);
    // The new widget takes customers into the new account only.
    const widgetId = account.channels[0]._id;
    await receiveCustomerMessage(h.server.app.ctx, {
      channel: { id: widgetId, accountId: account._id, type: 'widget' },
      externalId: 'second-visitor',
      profile: { name: 'Second Customer' },
      items: [{ type: 'text', text: 'hello second shop' }],
    });
    const listed = await h.api('GET', '/api/chat/followers', { chat_type: 'all' }, second);
    expect(listed.body.chat.data.map((f: Payload) => f.line_name)).toEqual(['Second Customer']);
    expect((await h.api('GET', '/api/chat/followers', { chat_type: 'all' })).body.chat.data).toHaveLength(1);
  });

  it('names and first channels are checked, naming the field', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, 'name'],
      [{ name: 'x'.repeat(101) }, 400, 'name'],
      [{ name: 'Second shop' }, 409, 'name'],
      [{ name: 'Third', channel: { type: 'fax' } }, 400, 'channel.type'],
      [{ name: 'Third', channel: { type: 'line', name: 'LINE OA' } }, 400, 'channel.settings.channel_id'],
      [{ name: 'Third', channel: { type: 'line', settings: { channel_id: '1' } } }, 400, 'channel.name'],
    ];
    for (const [body, status, field] of cases) {
      const res = await h.api('POST', '/api/accounts', body);
      expect([res.status, res.body.field], JSON.stringify(body)).toEqual([status, field]);
    }
    const line = await h.api('POST', '/api/accounts', {
      name: 'LINE Shop',
      channel: {
        type: 'line',
        name: 'LINE OA',
        settings: {
          channel_id: '1650000009',
          channel_secret: '0123456789abcdef0123456789abcdef',
          access_token: 'tok',
        },
      },
    });
    expect(line.status).toBe(200);
    expect(line.body.account.channels).toEqual([expect.objectContaining({ type: 'line', name: 'LINE OA' })]);
  });

  it('agents neither create nor delete accounts; a member of one account reads nothing of another', async () => {
    const agent = await h.addAgent(4, 'Plain Agent');
    expect((await h.api('POST', '/api/accounts', { name: 'Agent Shop' }, agent)).status).toBe(403);
    expect((await h.api('DELETE', `/api/accounts/${h.owner.accountId}`, {}, agent)).status).toBe(403);
    const me = (await h.api('GET', '/api/auth/me')).body.user.accounts;
    const second = me.find((a: Payload) => a.name === 'Second Shop')._id;
    // The agent is not in Second Shop: naming it is refused, deleting it is unknown.
    expect(
      (
        await h.api('GET', '/api/chat/followers', undefined, {
          ...agent,
          headers: { ...agent.headers, channel_id: second },
        })
      ).status,
    ).toBe(403);
    expect((await h.api('DELETE', `/api/accounts/${second}`, {}, agent)).status).toBe(404);
    // An admin may create; they become the new account's owner.
    const admin = await h.addAgent(2, 'Ada Admin');
    const made = await h.api('POST', '/api/accounts', { name: 'Admin Shop' }, admin);
    expect(made.status).toBe(200);
    expect(made.body.account.role.level).toBe(1);
  });

  it('someone invited to two accounts joins both with one link (the other link would only say "sign in")', async () => {
    const made = await h.api('POST', '/api/accounts', { name: 'Invite Shop' });
    const other = as(made.body.account._id);
    const roles = (await h.api('GET', '/api/settings/roles')).body.list as Payload[];
    const agentRole = roles.find((r) => r.level === 4)?._id;
    const invite = async (session?: typeof h.owner) =>
      (
        await h.api(
          'POST',
          '/api/settings/users/invite',
          { email: 'Two.Shops@example.com', role_id: agentRole },
          session,
        )
      ).body.link.split('/invite/')[1] as string;
    const first = await invite();
    const second = await invite(other);
    const accept = (token: string) =>
      fetch(`${h.server.url}/api/auth/invitation/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password: 'TwoShops@123', display_name: 'Two Shops' }),
      });
    expect((await accept(first)).status).toBe(200);
    const session = await login(h.server.url, 'two.shops@example.com', 'TwoShops@123');
    const me = await fetch(`${h.server.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${session.token}` },
    }).then((r) => r.json());
    expect(me.user.accounts.map((a: Payload) => a.name).sort()).toEqual([
      'Invite Shop',
      'My Official Account',
    ]);
    // Neither account lists the invitation as pending any more; the second link is used up.
    for (const s of [undefined, other])
      expect((await h.api('GET', '/api/settings/users', undefined, s)).body.invitations).toEqual([]);
    expect((await accept(second)).status).toBe(404);
  });

  it('an owner deletes an account: every row kept for it goes, and its files', async () => {
    const made = await h.api('POST', '/api/accounts', { name: 'Doomed Shop' });
    const id = made.body.account._id;
    const doomed = as(id);
    const ctx = h.server.app.ctx;
    await receiveCustomerMessage(ctx, {
      channel: { id: made.body.account.channels[0]._id, accountId: id, type: 'widget' },
      externalId: 'doomed-visitor',
      profile: { name: 'Doomed Customer' },
      items: [{ type: 'text', text: 'bye' }],
    });
    const followerId = (await h.api('GET', '/api/chat/followers', { chat_type: 'all' }, doomed)).body.chat
      .data[0]._id;
    await h.api('POST', '/api/note/create', { followerId, text: 'VIP' }, doomed);
    await h.api('POST', '/api/tag/add', { followerId, name: 'gone-tag' }, doomed);
    const form = new FormData();
    form.append('files', new Blob([PNG_1x1], { type: 'image/png' }), 'logo.png');
    const uploaded = await h.api('POST', '/api/file/upload', form, doomed);
    expect(uploaded.status).toBe(200);
    const csv = new FormData();
    csv.append(
      'file',
      new Blob(['Sender type,Sender name,Date,Time,Content\nUser,Nok,2024/01/01,10:00,hi\n']),
      'nok.csv',
    );
    const imported = await h.api('POST', '/api/chat/import', csv, doomed);
    expect(imported.status).toBe(202);
    await new Promise((r) => setTimeout(r, 500));
    const socket = connect(`${h.server.url}${AGENT_NAMESPACE}`, {
      auth: { token: h.owner.token, channel_id: id },
      transports: ['websocket'],
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(null)));
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));

    const mediaDir = path.join(h.server.dataDir, 'media');
    const storedNow = () =>
      fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir, { recursive: true }).map(String) : [];
    const fileId = uploaded.body.resultUpload[0].id;
    expect(storedNow().some((f) => f.includes(fileId))).toBe(true);

    const res = await h.api('DELETE', `/api/accounts/${id}`, {});
    expect(res.status).toBe(200);
    await gone;
    socket.close();
    // No table keeps a row of it.
    const tables = rowsOf<{ table_name: string }>(
      await ctx.db.execute(sql`select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'account_id'`),
    );
    for (const { table_name } of tables) {
      const left = rowsOf<{ n: number }>(
        await ctx.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where account_id = ${id}`,
        ),
      );
      expect(Number(left[0].n), table_name).toBe(0);
    }
    expect(rowsOf(await ctx.db.execute(sql`select 1 from accounts where id = ${id}`))).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.accountId, id))),
    ).toHaveLength(0);
    // Its stored files are gone from the media folder.
    expect(storedNow().some((f) => f.includes(fileId))).toBe(false);
    expect((await h.api('GET', '/api/chat/followers', undefined, doomed)).status).toBe(403);
    expect((await h.api('GET', '/api/auth/me')).body.user.accounts.map((a: Payload) => a.name)).not.toContain(
      'Doomed Shop',
    );
    // The other accounts are untouched.
    expect((await h.api('GET', '/api/chat/followers', { chat_type: 'all' })).body.chat.data).toHaveLength(1);
  });

  it("an owner's only account stays", async () => {
    const me = (await h.api('GET', '/api/auth/me')).body.user.accounts as Payload[];
    for (const a of me.filter((x) => x._id !== h.owner.accountId))
      expect((await h.api('DELETE', `/api/accounts/${a._id}`, {})).status).toBe(200);
    const last = await h.api('DELETE', `/api/accounts/${h.owner.accountId}`, {});
    expect(last.status).toBe(409);
  });
});
