// Every figure of every report over a known week (tests/server/reports/week.ts), worked out by
// hand, in Asia/Bangkok (UTC+7) and America/Sao_Paulo (UTC−3), each in its own account on one
// server — so each account's exact figures also show that the other's data never leaks in.

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../server/accounts/ids';
import { accounts, memberships, roles, users } from '../../../server/accounts/schema';
import { hashPassword } from '../../../server/auth/passwordHash';
import { accountSettings, queues } from '../../../server/chat/schema';
import { forgetChatSettings } from '../../../server/chat/settings';
import { login, startServer, type TestServer } from '../../helpers/server';
import { addAccount, seedWeek, type WeekIds } from './week';

// Answers are checked against literal objects; their shape is docs/api.md's.
// biome-ignore lint/suspicious/noExplicitAny: test data read as plain JSON.
type Json = any;

const WEEK = 'start_date=2024-03-04&end_date=2024-03-10';
const DAYS = [
  '2024-03-04',
  '2024-03-05',
  '2024-03-06',
  '2024-03-07',
  '2024-03-08',
  '2024-03-09',
  '2024-03-10',
];

let server: TestServer;
let session: Awaited<ReturnType<typeof login>>;
const weeks: Record<string, WeekIds> = {};

beforeAll(async () => {
  server = await startServer();
  session = await login(server.url);
  const db = server.app.ctx.db;
  weeks['Asia/Bangkok'] = await seedWeek(db, session.accountId, 'Asia/Bangkok', session.user._id);
  const second = await addAccount(db, session.user._id, 'São Paulo shop');
  weeks['America/Sao_Paulo'] = await seedWeek(db, second, 'America/Sao_Paulo', session.user._id);
});
afterAll(() => server?.close());

async function get<T = Record<string, unknown>>(path: string, accountId: string, headers = session.headers) {
  const res = await fetch(`${server.url}${path}`, { headers: { ...headers, channel_id: accountId } });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

const counts = (bot: number, incoming: number, outgoing: number, missed: number, expired: number) => ({
  count_bot: bot,
  count_incoming: incoming,
  count_outgoing: outgoing,
  count_missed: missed,
  count_expired: expired,
  count_total: incoming + outgoing,
});

describe.each([['Asia/Bangkok'], ['America/Sao_Paulo']])('a known week in %s', (zone) => {
  const ids = () => weeks[zone];
  const q = (path: string, extra = '') => get<Json>(`/api/${path}?${WEEK}${extra}`, ids().accountId);

  it('dashboard tiles: each figure and its change against the week before', async () => {
    const { status, body } = await get<Json>(`/api/dashboard/tiles?${WEEK}`, ids().accountId);
    expect(status).toBe(200);
    expect(body.timezone).toBe(zone);
    expect(body.period).toEqual({
      start_date: '2024-03-04',
      end_date: '2024-03-10',
      type: 'custom',
      previous: { start_date: '2024-02-26', end_date: '2024-03-03' },
    });
    expect(body.tiles).toEqual({
      // F1, F3, F4, F5 (F2 and F6 are blocked, F7 is a group, F8 comes later) / F1 then.
      total_friends: { value: 4, previous: 1, change: 3, change_percent: 300 },
      // F3, F4, F5, F6 / F2.
      new_friends: { value: 4, previous: 1, change: 3, change_percent: 300 },
      verified_accounts: { value: 2, previous: 1, change: 1, change_percent: 100 },
      new_verified_accounts: { value: 1, previous: 0, change: 1, change_percent: null },
      // (4,680 + 2,700) busy of (43,200 + 12,600) available seconds; the week before Bob was
      // available 20:00–24:00 on 3 March with no chat: 0.
      chat_utilization: { value: 13.23, previous: 0, change: 13.23, change_percent: null },
      // 5, 3, 4 stars: two of three are 4 or 5 / one rating of 2 before.
      satisfaction_rate: { value: 66.67, previous: 0, change: 66.67, change_percent: null },
    });
  });

  it('a week with no availability and no ratings: the rates are null and have no change', async () => {
    // 11–17 March: every agent offline since the 8th, no rating; the week before has both.
    const later = 'start_date=2024-03-11&end_date=2024-03-17';
    const { body } = await get<Json>(`/api/dashboard/tiles?${later}`, ids().accountId);
    expect(body.tiles.chat_utilization).toEqual({
      value: null,
      previous: 13.23,
      change: null,
      change_percent: null,
    });
    expect(body.tiles.satisfaction_rate).toEqual({
      value: null,
      previous: 66.67,
      change: null,
      change_percent: null,
    });
    // Counts stay numbers, 0 included.
    expect(body.tiles.new_verified_accounts).toEqual({
      value: 0,
      previous: 1,
      change: -1,
      change_percent: -100,
    });
    // And the other way round: nothing measured the week before has no change either.
    const earlier = await get<Json>(
      `/api/dashboard/tiles?start_date=2024-02-19&end_date=2024-02-25`,
      ids().accountId,
    );
    expect(earlier.body.tiles.satisfaction_rate).toEqual({
      value: null,
      previous: null,
      change: null,
      change_percent: null,
    });
    const agents = await get<Json>(`/api/report/agent-performance?${later}`, ids().accountId);
    for (const row of [...agents.body.rows, agents.body.total]) expect(row.chat_utilization).toBeNull();
    const ratings = await get<Json>(`/api/report/satisfaction?${later}`, ids().accountId);
    expect(ratings.body.total).toEqual({ ratings: 0, average: null, rate: null, scores: [0, 0, 0, 0, 0] });
  });

  it('contact growth per day', async () => {
    const { body } = await q('report/contact-growth');
    const ch = (line = 0, messenger = 0, widget = 0) => ({
      line,
      messenger,
      instagram: 0,
      wechat: 0,
      widget,
    });
    expect(body.days).toEqual([
      {
        date: DAYS[0],
        new_friends: 2,
        total_friends: 3,
        new_verified: 0,
        total_verified: 1,
        by_channel: ch(1, 0, 1),
      },
      {
        date: DAYS[1],
        new_friends: 0,
        total_friends: 3,
        new_verified: 0,
        total_verified: 1,
        by_channel: ch(),
      },
      {
        date: DAYS[2],
        new_friends: 1,
        total_friends: 4,
        new_verified: 0,
        total_verified: 1,
        by_channel: ch(1),
      },
      {
        date: DAYS[3],
        new_friends: 0,
        total_friends: 4,
        new_verified: 1,
        total_verified: 2,
        by_channel: ch(),
      },
      {
        date: DAYS[4],
        new_friends: 1,
        total_friends: 4,
        new_verified: 0,
        total_verified: 2,
        by_channel: ch(0, 1),
      },
      {
        date: DAYS[5],
        new_friends: 0,
        total_friends: 4,
        new_verified: 0,
        total_verified: 2,
        by_channel: ch(),
      },
      {
        date: DAYS[6],
        new_friends: 0,
        total_friends: 4,
        new_verified: 0,
        total_verified: 2,
        by_channel: ch(),
      },
    ]);
  });

  it('agent performance, sorted by name either way', async () => {
    const { body } = await q('report/agent-performance');
    const { alice, bob, owner } = ids();
    const alicesRow = {
      user_id: alice,
      name: 'Alice',
      fullnameSort: 'alice zed',
      ...counts(1, 2, 1, 0, 0),
      // Available 08–12, 13–18 (4 Mar), 13–15 (6 Mar), 09–10 (7 Mar) = 12 h; busy in it
      // 28 min (L1) + 20 min (L4) + 30 min (L6, 09:10–09:40) = 4,680 s.
      chat_utilization: 10.83,
      away_duration: 3600,
      avg_first_resp_time: 600, // L1 300 s, L6 900 s (L4 is outgoing)
      avg_chat_duration: 1800, // 1,800 + 1,200 + 2,400
    };
    const bobsRow = {
      user_id: bob,
      name: 'Bob',
      fullnameSort: 'bob young',
      ...counts(0, 2, 0, 0, 1),
      // Available 00–02 (4 Mar, from 20:00 on the 3rd), 10:00–10:30 (5 Mar), 16–17 (8 Mar) = 3.5 h;
      // busy in it 10:10–10:30 (L3) + 16:05–16:30 (L7, expired: ends at its last message).
      chat_utilization: 21.43,
      away_duration: 3600,
      avg_first_resp_time: 720,
      avg_chat_duration: 3600,
    };
    const ownersRow = {
      user_id: owner,
      name: 'Owner',
      fullnameSort: 'owner',
      ...counts(0, 0, 1, 0, 0),
      // Never available and no incoming chat: nothing to measure, so null (not 0% and 00:00:00).
      chat_utilization: null,
      away_duration: 0,
      avg_first_resp_time: null,
      avg_chat_duration: 600,
    };
    expect(body.rows).toEqual([alicesRow, bobsRow, ownersRow]);
    expect(body.total).toEqual({
      ...counts(1, 4, 2, 0, 1),
      chat_utilization: 13.23,
      away_duration: 7200,
      avg_first_resp_time: 640,
      avg_chat_duration: 1920,
    });
    const desc = await q('report/agent-performance', '&sort=-name');
    expect(desc.body.rows.map((r: { name: string }) => r.name)).toEqual(['Owner', 'Bob', 'Alice']);
  });

  it('chat volume per day and per hour', async () => {
    const { body } = await q('report/chat-volume');
    const zero = { chat_utilization: 0, away_duration: 0, avg_first_resp_time: 0, avg_chat_duration: 0 };
    expect(body.by_day).toEqual([
      { date: DAYS[0], ...counts(1, 2, 0, 0, 1), ...zero }, // L1, L2
      { date: DAYS[1], ...counts(0, 1, 0, 0, 0), ...zero }, // L3
      { date: DAYS[2], ...counts(0, 1, 1, 1, 0), ...zero }, // L4 (agent), L5 (missed)
      { date: DAYS[3], ...counts(0, 1, 0, 0, 0), ...zero }, // L6 (the bot handed it to Alice)
      { date: DAYS[4], ...counts(1, 2, 0, 0, 1), ...zero }, // L7 (expired), L8 (bot)
      { date: DAYS[5], ...counts(0, 0, 1, 0, 0), ...zero }, // L11
      { date: DAYS[6], ...counts(0, 0, 0, 0, 0), ...zero },
    ]);
    const hours = Object.fromEntries(
      body.by_hour
        .filter((r: { count_total: number }) => r.count_total > 0)
        .map((r: { time: string }) => [r.time, r]),
    );
    expect(body.by_hour).toHaveLength(24);
    expect(Object.keys(hours).sort()).toEqual([
      '00:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '14:00',
      '16:00',
      '23:00',
    ]);
    expect(hours['09:00']).toMatchObject(counts(0, 2, 0, 0, 0));
    expect(hours['23:00']).toMatchObject(counts(1, 1, 0, 0, 1));
    expect(hours['00:00']).toMatchObject(counts(1, 1, 0, 0, 0));
    expect(hours['12:00']).toMatchObject(counts(0, 1, 0, 1, 0));
    expect(hours['14:00']).toMatchObject(counts(0, 0, 1, 0, 0));
    expect(body.total).toMatchObject(counts(2, 7, 2, 1, 2));
  });

  it('satisfaction per day, with the ratings listed', async () => {
    const { body } = await q('report/satisfaction');
    // A day without ratings has no average and no rate: null, not 0.
    const none = { ratings: 0, average: null, rate: null, scores: [0, 0, 0, 0, 0] };
    expect(body.by_day).toEqual([
      { date: DAYS[0], ratings: 1, average: 5, rate: 100, scores: [0, 0, 0, 0, 1] },
      { date: DAYS[1], ratings: 1, average: 3, rate: 0, scores: [0, 0, 1, 0, 0] },
      { date: DAYS[2], ...none },
      { date: DAYS[3], ratings: 1, average: 4, rate: 100, scores: [0, 0, 0, 1, 0] },
      { date: DAYS[4], ...none },
      { date: DAYS[5], ...none },
      { date: DAYS[6], ...none },
    ]);
    expect(body.total).toEqual({ ratings: 3, average: 4, rate: 66.67, scores: [0, 0, 1, 1, 1] });
    expect(
      body.ratings.map((r: Json) => [
        r.created_at,
        r.score,
        r.comment,
        r.follower.name,
        r.agent?.name ?? null,
      ]),
    ).toEqual([
      ['2024-03-07T09:45:00', 4, '', 'Customer F5', 'Alice'],
      ['2024-03-05T11:05:00', 3, 'ok', 'Customer F1', 'Bob'],
      ['2024-03-04T09:35:00', 5, 'Great help', 'Customer F3', 'Alice'],
    ]);
  });

  it('queue performance: incoming chats by queue and by channel per day', async () => {
    const { body } = await q('report/queue-performance');
    const { general, sales } = ids();
    expect(body.queues.map((x: { _id: string }) => x._id).sort()).toEqual([general, sales].sort());
    expect(body.by_queue).toEqual([
      { date: DAYS[0], counts: { [general]: 2 }, total: 2 },
      { date: DAYS[1], counts: { [sales]: 1 }, total: 1 },
      { date: DAYS[2], counts: { [general]: 1 }, total: 1 },
      { date: DAYS[3], counts: { [general]: 1 }, total: 1 },
      { date: DAYS[4], counts: { [general]: 1, [sales]: 1 }, total: 2 },
      { date: DAYS[5], counts: {}, total: 0 },
      { date: DAYS[6], counts: {}, total: 0 },
    ]);
    expect(body.by_channel).toEqual([
      { date: DAYS[0], counts: { line: 1, widget: 1 }, total: 2 },
      { date: DAYS[1], counts: { line: 1 }, total: 1 },
      { date: DAYS[2], counts: { line: 1 }, total: 1 },
      { date: DAYS[3], counts: { line: 1 }, total: 1 },
      { date: DAYS[4], counts: { line: 1, messenger: 1 }, total: 2 },
      { date: DAYS[5], counts: {}, total: 0 },
      { date: DAYS[6], counts: {}, total: 0 },
    ]);
  });

  it('chat logs list exactly the chats behind each number', async () => {
    const { chats, alice, sales } = ids();
    const log = async (extra: string) => {
      const { status, body } = await q('report/chat-log', extra);
      expect(status).toBe(200);
      return {
        ids: body.list.map((e: { livechat_id: string }) => e.livechat_id),
        total: body.total_count,
        body,
      };
    };
    expect((await log('&category=bot')).ids).toEqual([chats.L8, chats.L2]);
    expect((await log('&category=incoming')).total).toBe(7);
    expect((await log('&category=outgoing')).ids).toEqual([chats.L11, chats.L4]);
    expect((await log('&category=missed&date=2024-03-06')).ids).toEqual([chats.L5]);
    expect((await log('&category=expired')).ids).toEqual([chats.L7, chats.L2]);
    expect((await log('&category=all')).total).toBe(9);
    expect((await log('&category=incoming&hour=9')).ids).toEqual([chats.L6, chats.L1]);
    expect((await log(`&category=all&agent_id=${alice}`)).ids).toEqual([chats.L6, chats.L4, chats.L1]);
    expect((await log(`&category=bot&agent_id=${alice}`)).ids).toEqual([chats.L6]);
    expect((await log(`&category=incoming&date=2024-03-08&queue_id=${sales}`)).ids).toEqual([chats.L8]);
    expect((await log('&category=incoming&channel_type=messenger')).ids).toEqual([chats.L8]);
    const page = await log('&category=all&limit=2&skip=2');
    expect(page.ids).toHaveLength(2);
    expect(page.total).toBe(9);
    const first = (await log('&category=incoming&date=2024-03-04')).body.list.at(-1);
    expect(first).toMatchObject({
      livechat_id: chats.L1,
      follower: { name: 'Customer F3', channel_type: 'line' },
      agent: { name: 'Alice' },
      queue: { name: 'General' },
      started_at: '2024-03-04T09:00:00',
      first_response_at: '2024-03-04T09:05:00',
      closed_at: '2024-03-04T09:30:00',
      status: 'done',
    });
  });
});

describe('time zones', () => {
  it('the same chats fall on other days when the account moves from Bangkok to São Paulo', async () => {
    const { accountId } = weeks['Asia/Bangkok'];
    const db = server.app.ctx.db;
    await db
      .update(accountSettings)
      .set({ settings: { timezone: 'America/Sao_Paulo' } })
      .where(eq(accountSettings.accountId, accountId));
    forgetChatSettings(accountId);
    try {
      const { body } = await get<Json>(`/api/report/chat-volume?${WEEK}`, accountId);
      const c = (b: number, i: number, o: number, m: number, e: number) => ({ ...counts(b, i, o, m, e) });
      // Bangkok is 10 hours ahead: L1 (09:00 on the 4th) is 23:00 on the 3rd, L6 and L8 move back a
      // day, L9 (09:00 on the 11th) comes in on the 10th.
      expect(
        body.by_day.map((r: Json) => ({
          date: r.date,
          ...c(r.count_bot, r.count_incoming, r.count_outgoing, r.count_missed, r.count_expired),
        })),
      ).toEqual([
        { date: DAYS[0], ...c(1, 1, 0, 0, 1) },
        { date: DAYS[1], ...c(0, 1, 0, 0, 0) },
        { date: DAYS[2], ...c(0, 2, 1, 1, 0) },
        { date: DAYS[3], ...c(1, 1, 0, 0, 0) },
        { date: DAYS[4], ...c(0, 1, 0, 0, 1) },
        { date: DAYS[5], ...c(0, 0, 1, 0, 0) },
        { date: DAYS[6], ...c(0, 1, 0, 0, 0) },
      ]);
      expect(body.by_hour.find((r: Json) => r.time === '13:00')).toMatchObject(counts(1, 1, 0, 0, 1)); // L2
    } finally {
      await db
        .update(accountSettings)
        .set({ settings: { timezone: 'Asia/Bangkok' } })
        .where(eq(accountSettings.accountId, accountId));
      forgetChatSettings(accountId);
    }
  });

  it('presets end yesterday in the account zone; the dashboard runs to today', async () => {
    const { accountId } = weeks['Asia/Bangkok'];
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const report = await get<Json>('/api/report/chat-volume?preset=7d', accountId);
    expect(report.body.period.type).toBe('7d');
    expect(report.body.by_day).toHaveLength(7);
    expect(report.body.period.end_date < today).toBe(true);
    const tiles = await get<Json>('/api/dashboard/tiles?preset=today', accountId);
    expect(tiles.body.period).toMatchObject({ start_date: today, end_date: today, type: 'today' });
    const all = await get<Json>('/api/report/chat-volume?preset=alltime', accountId);
    // All time starts at the account's first data (F1 on 20 February), not in 1970.
    expect(all.body.by_day[0].date).toBe('2024-02-20');
    expect(all.body.total.count_total).toBe(11);
  });
});

describe('who may read reports', () => {
  it("a supervisor outside a 'selected' queue gets its chats in the chat log counted, not listed", async () => {
    const db = server.app.ctx.db;
    const { accountId, sales } = weeks['Asia/Bangkok'];
    const all = await get<Json>(`/api/report/chat-log?${WEEK}&category=all&limit=100`, accountId);
    const inSales = all.body.list.filter((e: Json) => e.queue?._id === sales).length;
    expect(inSales).toBeGreaterThan(0);
    expect(all.body.hidden_count).toBe(0);
    await db.update(queues).set({ visibility: 'selected' }).where(eq(queues.id, sales));
    try {
      const [supervisorRole] = await db.select().from(roles).where(eq(roles.level, 3)).limit(1);
      const password = 'Superv1sor$Pass';
      const id = newId();
      await db.insert(users).values({
        id,
        email: 'supervisor.log@example.com',
        passwordHash: await hashPassword(password),
        displayName: 'Sup',
      });
      await db.insert(memberships).values({ userId: id, accountId, roleId: supervisorRole.id });
      const sup = await login(server.url, 'supervisor.log@example.com', password);
      const seen = await get<Json>(
        `/api/report/chat-log?${WEEK}&category=all&limit=100`,
        accountId,
        sup.headers,
      );
      expect(seen.status).toBe(200);
      expect(seen.body.list.some((e: Json) => e.queue?._id === sales)).toBe(false);
      expect(seen.body.total_count).toBe(all.body.total_count - inSales);
      expect(seen.body.hidden_count).toBe(inSales);
      // Asking for the hidden queue's chats by name lists none of them either.
      const bySales = await get<Json>(
        `/api/report/chat-log?${WEEK}&category=all&queue_id=${sales}`,
        accountId,
        sup.headers,
      );
      expect(bySales.body).toMatchObject({ list: [], total_count: 0, hidden_count: inSales });
    } finally {
      await db.update(queues).set({ visibility: 'everyone' }).where(eq(queues.id, sales));
    }
  });

  it('a member of another account only, or an agent, is refused; bad input is a 400', async () => {
    const db = server.app.ctx.db;
    const { accountId, alice } = weeks['Asia/Bangkok'];
    // A stranger: a user of another workspace's account.
    const [wsRole] = await db.select().from(roles).limit(1);
    const strangerAccount = newId();
    await db
      .insert(accounts)
      .values({ id: strangerAccount, workspaceId: wsRole.workspaceId, name: 'Elsewhere' });
    const password = 'Str4nger$Pass';
    const stranger = newId();
    await db.insert(users).values({
      id: stranger,
      email: 'stranger@example.com',
      passwordHash: await hashPassword(password),
      displayName: 'S',
    });
    await db.insert(memberships).values({ userId: stranger, accountId: strangerAccount, roleId: wsRole.id });
    const other = await login(server.url, 'stranger@example.com', password);
    for (const path of [
      '/api/dashboard/tiles',
      '/api/report/chat-volume',
      '/api/report/chat-log?category=all',
      '/api/report/chat-volume/export?format=csv',
    ])
      expect((await get(path, accountId, other.headers)).status).toBe(403);
    // Their own, empty account shows none of ours.
    const own = await get<Json>(`/api/report/chat-volume?${WEEK}`, strangerAccount, other.headers);
    expect(own.body.total.count_total).toBe(0);

    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password), email: 'alice@example.com' })
      .where(eq(users.id, alice));
    const agent = await login(server.url, 'alice@example.com', password);
    expect((await get('/api/report/agent-performance', accountId, agent.headers)).status).toBe(403);

    expect(
      (await get('/api/report/chat-volume?start_date=2024-03-10&end_date=2024-03-01', accountId)).status,
    ).toBe(400);
    expect((await get('/api/report/chat-volume?preset=9d', accountId)).status).toBe(400);
    expect((await get('/api/report/chat-log?category=nope', accountId)).status).toBe(400);
    expect((await get('/api/report/nope', accountId)).status).toBe(404);
  });
});

describe('exports', () => {
  it('CSV and Excel hold the table as shown, with Thai headings under lang=th', async () => {
    const { accountId } = weeks['Asia/Bangkok'];
    const csv = await fetch(`${server.url}/api/report/agent-performance/export?format=csv&${WEEK}`, {
      headers: { ...session.headers, channel_id: accountId },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('agent-performance_2024-03-04_2024-03-10.csv');
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Agent,Bot chats,Incoming chats,Outgoing chats,Missed chats,Expired chats,Total chats,Chat utilization (%),Away duration,Avg. first response time,Avg. chat duration',
    );
    expect(lines[1]).toBe('Alice,1,2,1,0,0,3,10.83,01:00:00,00:10:00,00:30:00');
    // The owner's utilization and first response have nothing to measure: empty cells.
    expect(lines[3]).toBe('Owner,0,0,1,0,0,1,,00:00:00,,00:10:00');
    expect(lines.at(-1)).toBe('Total,1,4,2,0,1,6,13.23,02:00:00,00:10:40,00:32:00');

    const xlsx = await fetch(`${server.url}/api/report/chat-volume/export?format=xlsx&lang=th&${WEEK}`, {
      headers: { ...session.headers, channel_id: accountId },
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    expect(book.worksheets).toHaveLength(2);
    const perDay = book.worksheets[0];
    expect(perDay.getRow(1).getCell(1).value).toBe('วันที่');
    expect(perDay.getRow(2).values).toEqual([undefined, '04/03/2024', 1, 2, 0, 0, 1, 2]);
    expect(perDay.getRow(9).getCell(7).value).toBe(9);
  });
});
