// Customer verification (issue 16) over HTTP: a verify tap (signed LINE postback) gives a /go
// link; the form refuses bad answers with spec 5 texts; the account's verification API (the fake
// membership service) verifies the contact, whose API tags become api_tags and who counts on the
// dashboard; logout removes it. With agent approval, the answers wait in the console's list
// until an agent approves or rejects them; the customer hears each outcome in the chat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, customer as fakeCustomer } from '../../helpers/fakeApi';
import {
  type ActionsHarness,
  type Customer,
  latestBot,
  startActionsHarness,
} from '../actions/actionsHarness';
import { eventually, type Payload } from '../channels/channelHarness';

let h: ActionsHarness;
let membersId: string;

async function ok(method: string, path: string, body?: unknown) {
  const res = await h.api(method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as Payload;
}

/** Taps verify and returns the link the bot sent, on this server. */
async function verifyLink(c: Customer): Promise<string> {
  await h.tap(c, 'action=verify');
  const row = await eventually(async () => {
    const bot = await latestBot(h, c);
    expect(JSON.stringify(bot?.items)).toContain('/go?verify=');
    return bot;
  });
  const uri = /"uri":"(https:\/\/chat\.example\.test[^"]+)"/.exec(JSON.stringify(row?.items))?.[1] as string;
  return uri.replace('https://chat.example.test', h.server.url);
}

async function form(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text() };
}

const contactOf = async (c: Customer) =>
  (await ok('GET', `/api/contact/follower/${(await h.conversation(c)).follower?.id}`)) as Payload;

beforeAll(async () => {
  h = await startActionsHarness();
  h.api3.customers.set('member-1', fakeCustomer('Somchai', 1200, '0812345678'));
  const members = await ok('POST', '/api/settings/apis', {
    name: 'Members',
    slug: 'members',
    method: 'POST',
    url: `${h.api3.url}/members/check`,
    headers: [{ key: 'x-api-key', value: API_KEY }],
    body: [
      { key: 'phone', value: '{phone}' },
      { key: 'member_no', value: '{member_no}' },
      { key: 'user_id', value: '{user_id}' },
    ],
    variables_option: [
      { key: 'verified', data_type: 'boolean' },
      { key: 'tags', data_type: 'array' },
      { key: 'customer_id', data_type: 'string' },
      { key: 'customer_type', data_type: 'string' },
    ],
  });
  membersId = members.api._id;
  await ok('POST', '/api/contact/fields', { key: 'phone', label: 'Phone', type: 'other' });
}, 60_000);
afterAll(() => h?.close());

describe('verification settings', () => {
  it('are refused by field: an API mode needs its API, fields need keys', async () => {
    const res = await h.api('PUT', '/api/settings/verification', {
      mode: 'api',
      api_connection_id: null,
      fields: [{ key: '', type: 'text' }],
    });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.errors.map((e: Payload) => [e.field, e.message]));
    expect(byField).toMatchObject({
      api_connection_id: 'Choose the API that checks the answers.',
      'fields[0].key': 'This field is required.',
    });
  });
});

describe('verified by the API', () => {
  let c: Customer;

  beforeAll(async () => {
    await ok('PUT', '/api/settings/verification', {
      mode: 'api',
      api_connection_id: membersId,
      language: 'en',
      fields: [
        { key: 'phone', label: '', type: 'tel', required: true },
        { key: 'member_no', label: '', type: 'text', required: false },
      ],
    });
    c = await h.customer('line');
  });

  it('a LINE verify button leads to the form; bad and wrong answers are refused', async () => {
    const url = await verifyLink(c);
    expect(url).toMatch(/\/go\?verify=/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Verify your account');
    expect(html).toContain('Phone number');
    expect(html).toContain('type="tel"');
    expect(html).not.toContain('<script');
    const bad = await form(url, { phone: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('tel is invalid format');
    const empty = await form(url, { phone: '' });
    expect(empty.html).toContain('This field is required.');
    const wrong = await form(url, { phone: '0800000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain('We could not verify these details.');
    const right = await form(url, { phone: '081-234-5678', member_no: '' });
    expect(right.status).toBe(200);
    expect(right.html).toContain('You&#39;re verified');
    // The API was asked with the customer's answers and who they are.
    expect(h.api3.requests.at(-1)?.body).toEqual({
      phone: '0812345678',
      member_no: '',
      user_id: c.externalId,
    });
    // The link now shows the outcome.
    expect(await (await fetch(url)).text()).toContain('You&#39;re verified');
  });

  it('the contact is verified with the API’s tags as api_tags, counts on the dashboard, hears it in the chat', async () => {
    const contact = await contactOf(c);
    const json = JSON.stringify(contact);
    expect(json).toMatch(/"is_verify":true/);
    expect(json).toContain('"verify_type":"api"');
    const apiTags = (contact.contact ?? contact).api_tags as Payload[];
    expect(apiTags.map((t) => t.name).sort()).toEqual(['member', 'tier-gold']);
    expect(json).toContain('0812345678');
    const tiles = await ok('GET', '/api/dashboard/tiles?preset=today');
    expect(tiles.tiles.verified_accounts.value).toBe(1);
    await eventually(async () =>
      expect(JSON.stringify((await latestBot(h, c))?.items)).toContain('Your account is now verified'),
    );
  });

  it('verify again says so; logout removes the verified state and the API tags', async () => {
    await h.tap(c, 'action=verify', { later: 5_000 });
    await eventually(async () =>
      expect(JSON.stringify((await latestBot(h, c))?.items)).toContain('already verified'),
    );
    await h.tap(c, 'action=logout');
    await eventually(async () =>
      expect(JSON.stringify((await latestBot(h, c))?.items)).toContain('signed out'),
    );
    const json = JSON.stringify(await contactOf(c));
    expect(json).toMatch(/"is_verify":false/);
    expect(json).not.toContain('tier-gold');
  });

  it('an unknown link is a friendly page; five wrong tries end a link', async () => {
    const unknown = await fetch(`${h.server.url}/go?verify=${'x'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This link has expired');
    const other = await h.customer('line');
    const url = await verifyLink(other);
    for (let i = 0; i < 5; i++) await form(url, { phone: '0800000000' });
    const last = await form(url, { phone: '0812345678' });
    expect(last.status).toBe(429);
    expect(last.html).toContain('Too many tries');
  });
});

describe('verified by an agent', () => {
  it('answers wait for approval; approve verifies, reject says so, each told in the chat (in Thai)', async () => {
    await ok('PUT', '/api/settings/verification', { mode: 'agent', language: 'th' });
    const one = await h.customer('widget');
    const two = await h.customer('widget');
    const urlOne = await verifyLink(one);
    expect(urlOne).toContain('/th/go?verify=');
    const th = await (await fetch(urlOne)).text();
    expect(th).toContain('ยืนยันตัวตน');
    expect(th).toContain('หมายเลขโทรศัพท์');
    // The /th/go page's refusals are in Thai too.
    const bad = await form(urlOne, { phone: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('รูปแบบหมายเลขโทรศัพท์ไม่ถูกต้อง');
    expect(bad.html).not.toContain('tel is invalid format');
    expect((await form(urlOne, { phone: '' })).html).toContain('กรุณากรอกข้อมูลในช่องนี้');
    const sent = await form(urlOne, { phone: '0811111111' });
    expect(sent.html).toContain('เจ้าหน้าที่จะตรวจสอบข้อมูลของคุณ');
    await form(await verifyLink(two), { phone: '0822222222' });

    const pending = await ok('GET', '/api/verification/requests');
    expect(pending.list.map((r: Payload) => r.values[0].value).sort()).toEqual(['0811111111', '0822222222']);
    const byPhone = (p: string) => pending.list.find((r: Payload) => r.values[0].value === p);
    expect(byPhone('0811111111').values[0]).toEqual({ key: 'phone', label: '', value: '0811111111' });

    await ok('POST', `/api/verification/requests/${byPhone('0811111111')._id}/approve`, {});
    await ok('POST', `/api/verification/requests/${byPhone('0822222222')._id}/reject`, {});
    const again = await h.api('POST', `/api/verification/requests/${byPhone('0811111111')._id}/approve`, {});
    expect(again.status).toBe(409);

    expect(JSON.stringify(await contactOf(one))).toContain('"verify_type":"agent"');
    expect(JSON.stringify(await contactOf(two))).toMatch(/"is_verify":false/);
    expect(JSON.stringify((await latestBot(h, one))?.items)).toContain('ยืนยันเรียบร้อยแล้ว');
    expect(JSON.stringify((await latestBot(h, two))?.items)).toContain('ไม่สามารถยืนยันบัญชีของคุณได้');
    expect((await ok('GET', '/api/verification/requests')).list).toEqual([]);
    expect((await ok('GET', '/api/verification/requests?status=all')).list).toHaveLength(3);
  });
});
