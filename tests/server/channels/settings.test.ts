// The channel-account settings API (docs/api.md): connect, read without secrets, change keeping
// secrets, switch off, test the connection against the fake platforms; owners and admins only.

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../server/accounts/ids';
import { memberships, roles, users } from '../../../server/accounts/schema';
import { hashPassword } from '../../../server/auth/passwordHash';
import { login } from '../../helpers/server';
import {
  type ChannelHarness,
  LINE_SECRET,
  lineSignature,
  postRaw,
  startChannelHarness,
} from './channelHarness';

let h: ChannelHarness;

beforeAll(async () => {
  h = await startChannelHarness();
});
afterAll(() => h?.close());

describe('channel settings', () => {
  let lineId: string;

  it('connects LINE; the answer has the webhook address and no secret', async () => {
    const res = await h.api('POST', '/api/channels', {
      type: 'line',
      name: 'Shop LINE OA',
      settings: { channel_id: '1650000001', channel_secret: LINE_SECRET, access_token: h.line.token },
    });
    expect(res.status).toBe(200);
    const channel = res.body.channel;
    lineId = channel._id;
    expect(channel).toMatchObject({
      type: 'line',
      name: 'Shop LINE OA',
      enabled: true,
      settings: { channel_id: '1650000001' },
      secrets_set: ['channel_secret', 'access_token'],
      webhook_url: `${h.server.url}/webhook/line/${lineId}`,
    });
    const list = await h.api('GET', '/api/channels');
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(LINE_SECRET);
    expect(text).not.toContain(h.line.token);
    expect(list.body.facebook_login.scopes.messenger).toContain('pages_messaging');
  });

  it('refuses missing or malformed values with the field named', async () => {
    const missing = await h.api('POST', '/api/channels', {
      type: 'line',
      name: 'x',
      settings: { channel_id: '1' },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { field: 'settings.channel_secret', message: 'This field is required.' },
    });
    const bad = await h.api('POST', '/api/channels', {
      type: 'wechat',
      name: 'WeChat',
      settings: { app_id: 'wx1', app_secret: 'not a secret!', token: 'abc' },
    });
    expect(bad).toMatchObject({ status: 400, body: { field: 'settings.app_secret' } });
    expect((await h.api('POST', '/api/channels', { type: 'fax', name: 'x', settings: {} })).body.field).toBe(
      'type',
    );
  });

  it('a change keeps secrets left blank; switching off makes the webhook take nothing', async () => {
    const res = await h.api('PUT', `/api/channels/${lineId}`, {
      name: 'Renamed',
      settings: { channel_id: '1650000009', channel_secret: '', access_token: '' },
      enabled: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({
      name: 'Renamed',
      enabled: false,
      secrets_set: ['channel_secret', 'access_token'],
    });
    const body = JSON.stringify({ events: [] });
    const webhook = await postRaw(`${h.server.url}/webhook/line/${lineId}`, body, {
      'content-type': 'application/json',
      'x-line-signature': lineSignature(LINE_SECRET, body),
    });
    expect(webhook.status).toBe(200);
    expect(
      (await h.api('PUT', `/api/channels/${lineId}`, { enabled: true, settings: {} })).body.channel.enabled,
    ).toBe(true);
  });

  it('the connection test calls the platform and shows its answer', async () => {
    const ok = await h.api('POST', `/api/channels/${lineId}/test`, {});
    expect(ok.body.result).toMatchObject({
      ok: true,
      call: 'GET /v2/bot/info',
      details: { display_name: 'Fake Shop', basic_id: '@123abcde' },
    });
    await h.api('PUT', `/api/channels/${lineId}`, { settings: { access_token: 'wrong-token' } });
    const refused = await h.api('POST', `/api/channels/${lineId}/test`, {});
    expect(refused.body.result.ok).toBe(false);
    expect(refused.body.result.message).toContain('LINE answered 401');

    const meta = await h.connect('messenger', {
      page_id: '1000001',
      app_secret: h.meta.appSecret,
      page_token: h.meta.pageToken,
      verify_token: 'v',
    });
    expect((await h.api('POST', `/api/channels/${meta._id}/test`, {})).body.result).toMatchObject({
      ok: true,
      details: { name: 'Fake Page' },
    });
    const wechat = await h.connect('wechat', {
      app_id: h.wechat.appId,
      app_secret: h.wechat.appSecret,
      token: 'tok123',
    });
    expect((await h.api('POST', `/api/channels/${wechat._id}/test`, {})).body.result).toMatchObject({
      ok: true,
      details: { token_expires_in: 7200 },
    });
    const wrong = await h.api('PUT', `/api/channels/${wechat._id}`, {
      settings: { app_secret: 'wrongsecret' },
    });
    expect(wrong.status).toBe(200);
    expect((await h.api('POST', `/api/channels/${wechat._id}/test`, {})).body.result).toMatchObject({
      ok: false,
      message: expect.stringContaining('40125'),
    });
  });

  it('agents (level 4) may not read or change channels', async () => {
    const db = h.server.app.ctx.db;
    const [ownerRole] = await db
      .select()
      .from(roles)
      .innerJoin(memberships, eq(memberships.roleId, roles.id))
      .where(eq(memberships.accountId, h.owner.accountId))
      .limit(1);
    const [agentRole] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.workspaceId, ownerRole.roles.workspaceId), eq(roles.level, 4)));
    const id = newId();
    await db.insert(users).values({
      id,
      email: 'agent@example.com',
      passwordHash: await hashPassword('Ag3nt$Password'),
      displayName: 'Agent',
    });
    await db.insert(memberships).values({ userId: id, accountId: h.owner.accountId, roleId: agentRole.id });
    const agent = await login(h.server.url, 'agent@example.com', 'Ag3nt$Password');
    expect((await h.api('GET', '/api/channels', undefined, agent.headers)).status).toBe(403);
    expect((await h.api('POST', `/api/channels/${lineId}/test`, {}, agent.headers)).status).toBe(403);
  });
});
