// Issue 10 over HTTP against the fake LINE API (every request schema-checked there): a broadcast
// to 1,200 LINE friends goes out as valid multicasts of at most 500, once, with its progress on
// the agents' socket; spec 5's refusals (reach under 100, a sixth bubble) with the spec's texts;
// a batch LINE refuses is recorded per person and resent to them alone; a batch LINE answers 5xx
// goes again with the same retry key; tracked links and LINE's video-view events reach the report.
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_EVENTS, type BroadcastProgress } from '../../../core/broadcast/events';
import { AGENT_NAMESPACE } from '../../../core/realtime/events';
import { BROADCAST_ALERTS, BROADCAST_MESSAGES } from '../../../core/validation/broadcast';
import { schedulerOf } from '../../../server/broadcasts/scheduler';
import { followers } from '../../../server/chat/schema';
import { type FakeMeta, startFakeMeta } from '../../helpers/fakePlatforms/meta';
import { lineSignature } from '../channels/channelHarness';
import {
  type BroadcastHarness,
  eventually,
  LINE_SECRET,
  lineUserId,
  type Payload,
  seedLineFriends,
  startBroadcastHarness,
  tagFriends,
  textMessage,
} from './harness';

const ORIGIN = 'https://chat.example.test';
let h: BroadcastHarness;
let meta: FakeMeta;
let friends: string[];
let vipTag: string;
let goldTag: string;
let socket: Socket;
const progress: BroadcastProgress[] = [];

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

async function waitForStatus(id: string, statuses: string[], timeoutMs = 20_000): Promise<Payload> {
  return eventually(async () => {
    const res = await h.api('GET', `/api/broadcast/${id}`);
    expect(statuses).toContain(res.body.broadcast.status);
    return res.body.broadcast;
  }, timeoutMs);
}

/** The multicasts LINE accepted that carry this text. */
const multicastsWith = (marker: string) =>
  h.line.multicasts.filter((m) => JSON.stringify(m.body.messages).includes(marker));

beforeAll(async () => {
  meta = await startFakeMeta();
  h = await startBroadcastHarness({ env: { PUBLIC_URL: ORIGIN, GRAPH_API_BASE: meta.url } });
  const db = h.server.app.ctx.db;
  friends = await seedLineFriends(db, h.session.accountId, h.channelId, 1_200);
  vipTag = await tagFriends(db, h.session.accountId, 'VIP', friends.slice(0, 80));
  goldTag = await tagFriends(db, h.session.accountId, 'Gold', friends.slice(0, 150));
  socket = connect(`${h.server.url}${AGENT_NAMESPACE}`, {
    auth: { token: h.session.token, channel_id: h.session.accountId },
    transports: ['websocket'],
  });
  socket.on(BROADCAST_EVENTS.PROGRESS, (p: BroadcastProgress) => progress.push(p));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}, 60_000);

afterAll(async () => {
  socket?.close();
  await h?.close();
  await meta?.close();
});

describe('spec 5 refusals', () => {
  it('a sixth bubble is refused with the spec text, even for a draft', async () => {
    const res = await h.api('POST', '/api/broadcast', {
      action: 'draft',
      name: 'Too many',
      messages: Array.from({ length: 6 }, (_, i) => textMessage(`bubble ${i}`)),
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('messages');
    expect(res.body.message).toBe(BROADCAST_MESSAGES.tooManyBubbles);
    expect(res.body.message).toBe('Can you send Message templates only 5 Bubble.');
  });

  it('a filter reaching fewer than 100 is refused with the spec text; the estimate says why', async () => {
    const estimate = await h.api('POST', '/api/broadcast/estimate', {
      recipients: 'targeting',
      messages_target: [{ type: 'tag', option: [vipTag] }],
    });
    expect(estimate.body.target_estimate).toBe(80);
    const res = await h.api('POST', '/api/broadcast', {
      action: 'schedule',
      name: 'VIP only',
      messages: [textMessage('Hello VIP')],
      recipients: 'targeting',
      messages_target: [{ type: 'tag', option: [vipTag] }],
      // The composer's own number is not trusted.
      target_estimate: 5_000,
      broadcast_time: soon(3_600_000),
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('target_estimate');
    expect(res.body.message).toBe('target reach number must be 100 or more');
    // 150 Gold minus the 80 VIP among them: 70.
    const excluded = await h.api('POST', '/api/broadcast', {
      action: 'send_now',
      name: 'Gold but not VIP',
      messages: [textMessage('Hello Gold')],
      recipients: 'targeting',
      messages_target: [{ type: 'tag', option: [goldTag] }],
      excluded_target: [{ type: 'tag', option: [vipTag] }],
    });
    expect(excluded.status).toBe(400);
    expect(excluded.body.message).toBe(BROADCAST_MESSAGES.targetReach);
  });

  it('a past time, no tag, no bubble and no name are named by field', async () => {
    const res = await h.api('POST', '/api/broadcast', {
      action: 'schedule',
      name: ' ',
      messages: [],
      recipients: 'targeting',
      messages_target: [],
      broadcast_time: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.errors.map((e: Payload) => [e.field, e.message]));
    expect(byField).toMatchObject({
      name: BROADCAST_ALERTS.name,
      messages_target: BROADCAST_ALERTS.tag,
      messages: BROADCAST_ALERTS.template,
      broadcast_time: BROADCAST_ALERTS.dateTime,
    });
  });
});

describe('sending to 1,200 LINE friends', () => {
  let id: string;

  it('goes out as valid multicasts of at most 500, each friend once, with live progress', async () => {
    const marker = `Sale ${randomUUID()}`;
    const res = await h.api('POST', '/api/broadcast', {
      action: 'send_now',
      name: 'Big sale',
      messages: [
        textMessage(`${marker} — see https://shop.example.com/sale?from=line.`),
        {
          type: 'button',
          title: 'Big sale',
          text: 'Half price today',
          actions: [{ type: 'uri', buttonName: 'Open shop', message: 'https://shop.example.com/' }],
        },
        {
          type: 'video',
          originalContentUrl: 'https://cdn.example.com/sale.mp4',
          image: 'https://cdn.example.com/sale.jpg',
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.broadcast.target_estimate).toBe(1_200);
    id = res.body.broadcast._id;
    const done = await waitForStatus(id, ['Sent', 'Failed']);
    expect(done.status).toBe('Sent');
    expect(done.progress).toMatchObject({ total: 1_200, sent: 1_200, failed: 0, percent: 100 });

    const calls = multicastsWith(marker);
    expect(calls.map((c) => c.to.length).sort((a, b) => a - b)).toEqual([200, 500, 500]);
    const everyone = calls.flatMap((c) => c.to);
    expect(new Set(everyone).size).toBe(1_200);
    expect(new Set(everyone)).toEqual(new Set(friends));
    expect(new Set(calls.map((c) => c.retryKey)).size).toBe(3);
    // Every request the fake LINE saw was valid against LINE's schema.
    expect(h.line.requests.filter((r) => r.problems.length > 0)).toEqual([]);
    // Links go through the tracked redirect; the video carries our tracking id.
    const messages = calls[0].body.messages as Payload[];
    expect(messages[0].text).toMatch(new RegExp(`— see ${ORIGIN}/go\\?l=[a-z0-9]{10}\\.$`));
    expect(JSON.stringify(messages[1])).toContain(`${ORIGIN}/go?l=`);
    expect(messages[2]).toMatchObject({ type: 'video', trackingId: `b-${id}-m2` });

    // Progress reached the console over the socket, ending with the outcome.
    await eventually(async () => {
      const last = progress.filter((p) => p._id === id).at(-1);
      expect(last).toMatchObject({ status: 'Sent', total: 1_200, sent: 1_200, failed: 0 });
    });
    expect(progress.some((p) => p._id === id && p.status === 'Sending')).toBe(true);
  }, 30_000);

  it('is sent once: the scheduler looking again sends nothing more', async () => {
    const before = h.line.multicasts.length;
    schedulerOf(h.server.app.ctx)?.kick();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(h.line.multicasts.length).toBe(before);
    const again = await h.api('POST', `/api/broadcast/${id}/resend`, {});
    expect(again.status).toBe(409);
  });

  it('counts clicks and people on the report, and LINE-reported video views', async () => {
    const text = (multicastsWith('Sale ')[0].body.messages as Payload[])[0].text as string;
    const code = /go\?l=([a-z0-9]{10})/.exec(text)?.[1];
    const open = (agent: string) =>
      fetch(`${h.server.url}/go?l=${code}`, { redirect: 'manual', headers: { 'user-agent': agent } });
    const first = await open('Mozilla/5.0 (iPhone) Line/13.1');
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('https://shop.example.com/sale?from=line');
    await open('Mozilla/5.0 (iPhone) Line/13.1');
    await open('Mozilla/5.0 (Android) Line/13.2');
    await open('facebookexternalhit/1.1');

    // LINE tells us who watched the video to the end (a signed webhook).
    for (const user of [friends[0], friends[1], friends[0]]) {
      const body = JSON.stringify({
        destination: 'Ubot0000000000000000000000000000',
        events: [
          {
            type: 'videoPlayComplete',
            webhookEventId: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
            deliveryContext: { isRedelivery: false },
            timestamp: Date.now(),
            source: { type: 'user', userId: user },
            replyToken: randomUUID().replace(/-/g, ''),
            mode: 'active',
            videoPlayComplete: { trackingId: `b-${id}-m2` },
          },
        ],
      });
      const res = await fetch(`${h.server.url}/webhook/line/${h.channelId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': lineSignature(LINE_SECRET, body) },
        body,
      });
      expect(res.status).toBe(200);
    }

    const report = await eventually(async () => {
      const res = await h.api('GET', `/api/broadcast/${id}/report`);
      expect(res.body.messages[2].video.view).toBe(3);
      return res.body;
    });
    expect(report).toMatchObject({ total: 1_200, delivered: 1_200, failed: 0 });
    expect(report.messages[0]).toMatchObject({
      type: 'text',
      users: 2,
      links: [
        { part: 'm0.t0', place: 'text', url: 'https://shop.example.com/sale?from=line', click: 3, users: 2 },
      ],
    });
    expect(report.messages[1].links).toMatchObject([
      { place: 'button', label: 'Open shop', url: 'https://shop.example.com/', click: 0, users: 0 },
    ]);
    expect(report.messages[2]).toMatchObject({ type: 'video', video: { view: 3, users: 2 } });
    expect(report.totals).toMatchObject({ click: 3, users: 2, view: 3, view_users: 2 });
    expect(report.timeline.clicks.reduce((a: number, b: number) => a + b, 0)).toBe(3);
    expect(report.timeline.views.reduce((a: number, b: number) => a + b, 0)).toBe(3);

    const csv = await fetch(`${h.server.url}/api/broadcast/${id}/export?format=csv&lang=en`, {
      headers: { authorization: h.session.headers.authorization, channel_id: h.session.accountId },
    });
    expect(csv.status).toBe(200);
    const file = await csv.text();
    expect(file).toContain('https://shop.example.com/sale?from=line,3,0.17,2');
    const xlsx = await fetch(`${h.server.url}/api/broadcast/export?format=xlsx&tab=Sent`, {
      headers: { authorization: h.session.headers.authorization, channel_id: h.session.accountId },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('a partly failed send', () => {
  it('records who failed, and resend reaches only them', async () => {
    const marker = `Partial ${randomUUID()}`;
    // LINE refuses the first multicast of this broadcast for good, and answers the next with 500.
    h.line.multicastRefusals.push(
      { status: 400, json: { message: 'Invalid message' } },
      { status: 500, json: { message: 'Try later' } },
    );
    const res = await h.api('POST', '/api/broadcast', {
      action: 'send_now',
      name: 'Partial',
      messages: [textMessage(marker)],
    });
    const id = res.body.broadcast._id;
    const failed = await waitForStatus(id, ['Failed'], 25_000);
    const lost = failed.progress.failed;
    expect([200, 500]).toContain(lost);
    expect(failed.progress).toMatchObject({ total: 1_200, sent: 1_200 - lost });
    expect(failed.can_resend).toBe(true);

    const list = await h.api('GET', `/api/broadcast/${id}/recipients?status=failed&limit=100`);
    expect(list.body.total_count).toBe(lost);
    expect(list.body.list[0]).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Invalid message'),
    });
    const delivered = new Set(multicastsWith(marker).flatMap((c) => c.to));
    expect(delivered.size).toBe(1_200 - lost);
    // The 500 was retried with the same key.
    const keys = h.line.requests
      .filter((r) => r.path === '/v2/bot/message/multicast' && JSON.stringify(r.body).includes(marker))
      .map((r) => r.headers['x-line-retry-key']);
    expect(keys.length).toBe(4);
    expect(new Set(keys).size).toBe(3);

    const again = await h.api('POST', `/api/broadcast/${id}/resend`, {});
    expect(again.status).toBe(200);
    expect(again.body.resend_count).toBe(lost);
    const done = await waitForStatus(id, ['Sent']);
    expect(done.progress).toMatchObject({ total: 1_200, sent: 1_200, failed: 0 });
    const calls = multicastsWith(marker);
    const everyone = calls.flatMap((c) => c.to);
    expect(everyone.length).toBe(1_200);
    expect(new Set(everyone)).toEqual(new Set(friends));
  }, 40_000);
});

describe('the list and its actions', () => {
  it('saves drafts, schedules, edits, duplicates and deletes; tabs count them', async () => {
    const draft = await h.api('POST', '/api/broadcast', {
      action: 'draft',
      name: 'Draft one',
      messages: [textMessage('Later')],
    });
    expect(draft.body.broadcast).toMatchObject({ status: 'Drafts', can_edit: true });
    const id = draft.body.broadcast._id;
    const scheduled = await h.api('PUT', `/api/broadcast/${id}`, {
      action: 'schedule',
      name: 'Draft one, scheduled',
      messages: [textMessage('Later')],
      recipients: 'targeting',
      messages_target: [{ type: 'tag', option: [goldTag] }],
      broadcast_time: soon(86_400_000),
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.broadcast).toMatchObject({ status: 'Scheduled', target_estimate: 150 });
    const tabs = await h.api('GET', '/api/broadcast/list?tab=Scheduled');
    expect(tabs.body.list.map((b: Payload) => b._id)).toContain(id);
    expect(tabs.body.counts.Scheduled).toBeGreaterThanOrEqual(1);
    expect(tabs.body.counts['All Time']).toBeGreaterThanOrEqual(3);
    const copy = await h.api('POST', `/api/broadcast/${id}/duplicate`, {});
    expect(copy.body.broadcast).toMatchObject({
      status: 'Drafts',
      name: 'Draft one, scheduled (copy)',
      broadcast_time: null,
    });
    expect((await h.api('DELETE', `/api/broadcast/${id}`)).body).toEqual({ deleted: 1 });
    expect((await h.api('GET', `/api/broadcast/${id}`)).status).toBe(404);
    const targets = await h.api('GET', '/api/broadcast/targets');
    expect(targets.body.all).toBe(1_200);
    expect(targets.body.tags.find((t: Payload) => t._id === vipTag)).toMatchObject({
      name: 'VIP',
      count: 80,
    });
  });

  it('another account cannot see or change them', async () => {
    const list = await h.api('GET', '/api/broadcast/list');
    const any = list.body.list[0]._id;
    const res = await fetch(`${h.server.url}/api/broadcast/${any}`, {
      headers: { authorization: h.session.headers.authorization, channel_id: 'someoneelse' },
    });
    expect([403, 404]).toContain(res.status);
  });
});

describe('Messenger contacts', () => {
  it('get it one by one through the Meta API; a refused one is recorded and resent alone', async () => {
    expect(lineUserId('x')).toMatch(/^U[0-9a-f]{32}$/);
    const connected = await h.api('POST', '/api/channels', {
      type: 'messenger',
      name: 'Shop page',
      settings: {
        page_id: '1000001',
        app_secret: meta.appSecret,
        page_token: meta.pageToken,
        verify_token: 'verify-me',
      },
    });
    expect(connected.status).toBe(200);
    const messengerId = connected.body.channel._id;
    await h.server.app.ctx.db.insert(followers).values(
      ['psid-1', 'psid-2', 'psid-3'].map((externalId) => ({
        id: `m${externalId.replace('-', '')}`,
        accountId: h.session.accountId,
        channelId: messengerId,
        channelType: 'messenger',
        externalId,
        lineName: `Messenger ${externalId}`,
      })),
    );
    // A channel filter reaching 3 is refused like any other filter.
    const few = await h.api('POST', '/api/broadcast/estimate', {
      recipients: 'targeting',
      messages_target: [{ type: 'channel', option: [messengerId] }],
    });
    expect(few.body.target_estimate).toBe(3);

    const marker = `Both ${randomUUID()}`;
    // Meta refuses the first person (outside its 24-hour window, say).
    meta.failNext(/\/v21\.0\/1000001\/messages$/, {
      status: 400,
      json: { error: { message: '(#10) This message is sent outside of allowed window.', code: 10 } },
    });
    const res = await h.api('POST', '/api/broadcast', {
      action: 'send_now',
      name: 'Everyone',
      messages: [textMessage(`${marker} https://shop.example.com/all`)],
    });
    expect(res.body.broadcast.target_estimate).toBe(1_203);
    const id = res.body.broadcast._id;
    const failed = await waitForStatus(id, ['Failed']);
    expect(failed.progress).toMatchObject({ total: 1_203, sent: 1_202, failed: 1 });
    // One call per person: Meta refused the first (nothing sent) and took the other two.
    const refused = meta.refused(/\/v21\.0\/1000001\/messages$/);
    expect(refused.map((r) => (r.body as { recipient: { id: string } }).recipient.id)).toEqual(['psid-1']);
    const toMeta = meta.sent.filter((m) => JSON.stringify(m.message).includes(marker));
    expect(toMeta.map((m) => m.recipient)).toEqual(['psid-2', 'psid-3']);
    expect(JSON.stringify(toMeta[0].message)).toContain(`${ORIGIN}/go?l=`);
    const lost = await h.api('GET', `/api/broadcast/${id}/recipients?status=failed`);
    expect(lost.body.list).toMatchObject([
      {
        follower_id: 'mpsid1',
        channel_type: 'messenger',
        error: expect.stringContaining('outside of allowed window'),
      },
    ]);

    expect((await h.api('POST', `/api/broadcast/${id}/resend`, {})).body.resend_count).toBe(1);
    const done = await waitForStatus(id, ['Sent']);
    expect(done.progress).toMatchObject({ total: 1_203, sent: 1_203, failed: 0 });
    const after = meta.sent.filter((m) => JSON.stringify(m.message).includes(marker));
    expect(after.map((m) => m.recipient)).toEqual(['psid-2', 'psid-3', 'psid-1']);
    expect(multicastsWith(marker).flatMap((c) => c.to)).toHaveLength(1_200);
  }, 30_000);
});
