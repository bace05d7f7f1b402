// Issue 16 in real Chromium: a customer taps a Verify button on LINE (a signed postback webhook),
// gets the bot's button to the /go form (checked by the fake LINE API against LINE's schema),
// fills it on a phone-sized page, an agent approves the answers on the verification page, and
// the contact list shows the customer verified. The API settings page lists a connection and
// tests it through the server against the fake external API.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAction, postbackData } from '../../core/template/action';
import { launchBrowser } from '../helpers/browser';
import { API_KEY, customer, type FakeApi, startFakeApi } from '../helpers/fakeApi';
import { type FakeLine, startFakeLine } from '../helpers/fakePlatforms/line';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { lineSignature, postRaw } from '../server/channels/channelHarness';
import { signIn } from './liveHelpers';

const SECRET = '0123456789abcdef0123456789abcdef';
let server: TestServer;
let line: FakeLine;
let fake: FakeApi;
let browser: Browser;
let agent: Page;
let session: Awaited<ReturnType<typeof login>>;
let lineChannelId: string;

// biome-ignore lint/suspicious/noExplicitAny: wire payloads; each test reads what it checks.
const call = async (method: string, path: string, body?: unknown): Promise<any> =>
  (
    await fetch(`${server.url}${path}`, { method, headers: session.headers, body: JSON.stringify(body) })
  ).json();

beforeAll(async () => {
  [line, fake] = await Promise.all([startFakeLine(), startFakeApi()]);
  server = await startServer({ env: { LINE_API_BASE: line.url, API_ALLOW_PRIVATE: 'true' } });
  session = await login(server.url);
  const channel = await call('POST', '/api/channels', {
    type: 'line',
    name: 'LINE Shop',
    settings: { channel_id: '1650000000', channel_secret: SECRET, access_token: line.token },
  });
  lineChannelId = channel.channel._id;
  await call('PUT', '/api/settings/verification', {
    mode: 'agent',
    fields: [
      { key: 'phone', label: '', type: 'tel', required: true },
      { key: 'member_no', label: '', type: 'text', required: false },
    ],
  });
  browser = await launchBrowser();
  agent = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await signIn(agent, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await line?.close();
  await fake?.close();
});

describe('customer verification', () => {
  it('a LINE Verify button, the /go form on a phone, approval in the console, verified in the contact list', async () => {
    const userId = `U${randomUUID().replace(/-/g, '')}`;
    line.profiles.set(userId, { displayName: 'Napat Verified' });
    const replyToken = randomUUID().replace(/-/g, '');
    line.replyTokens.add(replyToken);
    const body = JSON.stringify({
      destination: 'Ubot0000000000000000000000000000',
      events: [
        {
          type: 'postback',
          webhookEventId: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
          deliveryContext: { isRedelivery: false },
          timestamp: Date.now(),
          source: { type: 'user', userId },
          replyToken,
          mode: 'active',
          postback: { data: postbackData(createAction('verify')) },
        },
      ],
    });
    const res = await postRaw(`${server.url}/webhook/line/${lineChannelId}`, body, {
      'content-type': 'application/json; charset=utf-8',
      'x-line-signature': lineSignature(SECRET, body),
    });
    expect(res.status).toBe(200);
    await expect.poll(() => line.sent.length, { timeout: 8000 }).toBeGreaterThan(0);
    const sent = line.sent[0];
    expect(sent.kind).toBe('reply');
    const link = /"uri":"([^"]+\/go\?verify=[^"]+)"/.exec(JSON.stringify(sent.body))?.[1] as string;
    expect(link).toBeTruthy();

    const phone = await (await browser.newContext({ viewport: { width: 390, height: 800 } })).newPage();
    // The link names the server's public address; here the server listens on a test port.
    await phone.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await phone.getByRole('heading', { name: 'Verify your account' }).waitFor();
    expect(await phone.locator('script').count()).toBe(0);
    await phone.getByLabel('Phone number').fill('08-1234-5678');
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone.getByRole('heading', { name: 'Thank you' }).waitFor();

    await agent.goto(`${server.url}/setting/verification`);
    const request = agent.getByTestId('verification-request').filter({ hasText: 'Napat Verified' });
    await request.waitFor();
    expect(await request.textContent()).toContain('0812345678');
    await request.getByRole('button', { name: 'Approve' }).click();
    await agent.getByText('The customer is verified.').waitFor();
    await agent.getByText('Nobody is waiting').waitFor();

    await agent.goto(`${server.url}/contact-list`);
    const row = agent.locator('tr', { hasText: 'Napat Verified' });
    await row.waitFor();
    await row.locator('.badge-ok', { hasText: 'Verified' }).waitFor();
    // The customer heard the outcome in the chat, through LINE.
    await expect
      .poll(() => JSON.stringify(line.sent.map((s) => s.body)), { timeout: 8000 })
      .toContain('Your account is now verified');
  });
});

describe('API settings', () => {
  it('creates a connection with a secret header and tests it with sample values (Thai page)', async () => {
    fake.customers.set('U-sample', customer('Malee', 730, '0899999999'));
    await agent.goto(`${server.url}/th/setting/api`);
    await agent.getByRole('button', { name: '+ สร้าง API' }).first().click();
    const dialog = agent.getByRole('dialog');
    await dialog.getByLabel('ชื่อ', { exact: true }).fill('Loyalty');
    await dialog.getByLabel('คีย์ API').fill('loyalty');
    await dialog.getByLabel('URL').fill(`${fake.url}/customers/{user_id}`);
    const headers = dialog.getByTestId('headers-rows');
    await headers.getByRole('button', { name: '+ เพิ่ม' }).click();
    await headers.getByLabel('คีย์').fill('X-Api-Key');
    await headers.getByLabel('ค่า', { exact: true }).fill(API_KEY);
    await dialog.getByRole('button', { name: '+ เพิ่มตัวแปร' }).click();
    await dialog.getByTestId('variable-rows').getByLabel('ตัวแปร').fill('points');
    await dialog.getByTestId('variable-rows').getByLabel('ชนิด').selectOption('number');
    await dialog.getByLabel('{user_id}', { exact: true }).fill('U-sample');
    await dialog.getByTestId('api-test').getByRole('button', { name: 'ทดสอบ' }).click();
    const result = dialog.getByTestId('api-test-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('"points": 730');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await agent.getByTestId('api-row').filter({ hasText: 'loyalty' }).waitFor();
    const list = await call('GET', '/api/settings/apis');
    expect(list.list[0].headers).toEqual([{ key: 'X-Api-Key', value: '', secret: true, has_value: true }]);
    expect(list.list[0].sample_values).toEqual({ user_id: 'U-sample' });
  });
});
