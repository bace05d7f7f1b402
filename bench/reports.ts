// Reports over 30 days of 5,000,000 messages on PostgreSQL (issue 12: every report under 300 ms).
// Seeds a throw-away database with generate_series (150,000 contacts, a quarter verified, 250,000
// live chats of 20 messages each, ratings and agent availability), then times each report
// endpoint through the real server (Fastify inject: auth, SQL and JSON). Runs alone: `npx tsx bench/reports.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApp } from '../server/app';
import { readConfig } from '../server/config';
import { createTestDatabase, postgresAvailable } from '../tests/helpers/postgres';
import { type BenchRow, percentile, runWhenMain } from './row';

const CONTACTS = 150_000;
const CHATS = 250_000;
const MESSAGES_PER_CHAT = 20;
const AGENTS = 20;
const QUEUES = 5;
const RUNS = 7;
const GOAL_MS = 300;
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench$Passw0rd';

/** The built product (BUILD_OUT or dist/): the server will not start without its pages. */
function builtDist(): string {
  const dir = path.resolve(process.env.BUILD_OUT ?? fileURLToPath(new URL('../dist', import.meta.url)));
  if (!fs.existsSync(path.join(dir, 'console/index.html')))
    throw new Error(`${dir} has no build: run "npm run build" (or set BUILD_OUT) first.`);
  return dir;
}

async function seed(url: string, accountId: string, log: (s: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  // 30 whole days in Asia/Bangkok ending yesterday.
  const [{ start }] = (
    await q(
      `select ((now() at time zone 'Asia/Bangkok')::date - 30)::timestamp at time zone 'Asia/Bangkok' as start`,
    )
  ).rows;
  const [{ workspace_id: ws, role_id: roleId }] = (
    await q(
      'select a.workspace_id, m.role_id from accounts a join memberships m on m.account_id = a.id where a.id = $1 limit 1',
      [accountId],
    )
  ).rows;
  await q(
    `insert into users (id, email, password_hash, display_name, first_name, last_name)
     select 'bu' || i, 'agent' || i || '@example.com', 'x', 'Agent ' || i, 'Agent', lpad(i::text, 2, '0')
     from generate_series(0, $1 - 1) i`,
    [AGENTS],
  );
  await q(
    `insert into memberships (user_id, account_id, role_id) select 'bu' || i, $1, $2 from generate_series(0, $3 - 1) i`,
    [accountId, roleId, AGENTS],
  );
  await q(
    `insert into queues (id, account_id, name) select 'bq' || i, $1, 'Queue ' || i from generate_series(0, $2 - 1) i`,
    [accountId, QUEUES],
  );
  await q(
    `insert into channels (id, account_id, type, name)
     select 'bch-' || t, $1, t, t from unnest(array['line','messenger','instagram','wechat']) t`,
    [accountId],
  );
  void ws;
  log('contacts');
  await q(
    `insert into followers (id, account_id, channel_id, channel_type, external_id, line_name, created_at, is_block)
     select 'bf' || i, $1, case when t = 'widget' then $4 else 'bch-' || t end, t, 'x' || i, 'Customer ' || i,
       $2::timestamptz + (i::float8 / $3) * interval '30 days', i % 50 = 0
     from generate_series(1, $3) i, lateral (select (array['line','messenger','instagram','wechat','widget'])[1 + i % 5] as t) c`,
    [
      accountId,
      start,
      CONTACTS,
      (await q(`select id from channels where account_id = $1 and type = 'widget'`, [accountId])).rows[0].id,
    ],
  );
  // A quarter of the contacts are verified an hour after they arrive (contact_verifications, issue 9).
  await q(
    `insert into contact_verifications (follower_id, account_id, verified_at)
     select id, account_id, created_at + interval '1 hour' from followers
     where account_id = $1 and substring(id from 3)::int % 4 = 0`,
    [accountId],
  );
  log('live chats');
  // i % 10: 0–7 handled by an agent (0 after the bot), 8 the bot alone, 9 missed; i % 25 = 3 (of 0–7) started by an agent.
  await q(
    `insert into livechats (id, account_id, follower_id, queue_id, user_id, is_accepted, is_missed, is_expired, is_done,
       started_at, taken_at, accepted_at, first_response_at, closed_at, last_customer_at, last_agent_at, waiting_since)
     select 'bl' || i, $1, 'bf' || (1 + i % $3), 'bq' || (i % ${QUEUES}),
       case when i % 10 < 8 then 'bu' || (i % ${AGENTS}) end,
       i % 10 < 8, i % 10 = 9, i % 10 < 8 and i % 50 = 7, i % 10 < 8 and i % 50 <> 7 or i % 10 = 8,
       s, t, t,
       case when i % 10 < 8 then s + interval '70 seconds' end,
       case when i % 10 < 8 and i % 50 <> 7 then s + interval '15 minutes' when i % 10 = 8 then s + interval '10 minutes' end,
       s + interval '9 minutes', case when i % 10 < 8 then s + interval '9 minutes 30 seconds' end, s
     from generate_series(0, $2 - 1) i,
       lateral (select $4::timestamptz + (i::float8 / $2) * interval '30 days' as s) x,
       -- An agent who starts a chat has taken it at its start (outgoing); others take it later.
       lateral (select case when i % 10 < 8 then s + case when i % 25 = 3 then interval '0' else interval '40 seconds' end end as t) y`,
    [accountId, CHATS, CONTACTS, start],
  );
  log('messages');
  for (let part = 0; part < 10; part++) {
    await q(
      `insert into messages (id, account_id, follower_id, livechat_id, type, from_type, from_id, items, text, new_chat, created_at)
       select 'bm' || i || '_' || k, $1, 'bf' || (1 + i % $3), 'bl' || i,
         case when k % 2 = 0 then 'question' else 'reply' end,
         case when k % 2 = 0 then 'customer'
              when i % 10 = 8 or (i % 10 = 0 and k = 1) then 'bot'
              when i % 10 = 9 then 'system' else 'agent' end,
         case when k % 2 = 1 and i % 10 < 8 then 'bu' || (i % ${AGENTS}) end,
         '[{"type":"text","text":"hello"}]'::jsonb, 'hello', k = 0 and i % 25 <> 3,
         $4::timestamptz + (i::float8 / $2) * interval '30 days' + k * interval '30 seconds'
       from generate_series($5::int, $6::int) i, generate_series(0, ${MESSAGES_PER_CHAT - 1}) k`,
      [accountId, CHATS, CONTACTS, start, (part * CHATS) / 10, ((part + 1) * CHATS) / 10 - 1],
    );
    log(`messages ${((part + 1) * CHATS * MESSAGES_PER_CHAT) / 10}`);
  }
  await q(
    `insert into chat_ratings (id, account_id, channel_id, follower_id, livechat_id, score, comment, created_at, updated_at)
     select 'br' || i, $1, l.channel_id, 'bf' || (1 + i % $2), 'bl' || i, 1 + (i * 7) % 5, '', c, c
     from generate_series(0, $3 - 1, 5) i,
       lateral (select 'bl' || i as id) x,
       lateral (select f.channel_id from followers f where f.id = 'bf' || (1 + i % $2)) l,
       lateral (select closed_at + interval '1 minute' as c from livechats where id = x.id) z
     where z.c is not null`,
    [accountId, CONTACTS, CHATS],
  );
  await q(
    `insert into agent_status_events (account_id, user_id, status, at)
     select $1, 'bu' || a, st, $2::timestamptz + d * interval '1 day' + h * interval '1 hour'
     from generate_series(0, ${AGENTS - 1}) a, generate_series(0, 29) d,
       (values ('available', 1), ('away', 5), ('available', 6), ('offline', 11)) v(st, h)`,
    [accountId, start],
  );
  log('vacuum analyze');
  // As autovacuum does after a bulk insert: visibility map for index-only scans, statistics.
  for (const table of [
    'messages',
    'livechats',
    'followers',
    'contact_verifications',
    'chat_ratings',
    'agent_status_events',
  ])
    await q(`vacuum analyze ${table}`);
  const [{ n }] = (await q('select count(*)::int as n from messages where account_id = $1', [accountId]))
    .rows;
  await client.end();
  return n as number;
}

async function countMessages(url: string, accountId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('select count(*)::int as n from messages where account_id = $1', [
    accountId,
  ]);
  await client.end();
  return rows[0].n;
}

export async function run(): Promise<BenchRow[]> {
  if (!(await postgresAvailable()))
    return [
      {
        figure: 'reports: PostgreSQL not reachable on 127.0.0.1:5432',
        value: 'skipped',
        goal: `< ${GOAL_MS} ms`,
        met: null,
      },
    ];
  const log = (s: string) => process.stdout.write(`  ${s}\n`);
  const dist = builtDist();
  // REPORTS_BENCH_DB reuses a database seeded by an earlier run (kept with REPORTS_BENCH_KEEP=1).
  const reuse = process.env.REPORTS_BENCH_DB;
  const database = reuse ? { url: reuse, drop: async () => {} } : await createTestDatabase();
  if (process.env.REPORTS_BENCH_KEEP === '1' && !reuse) {
    log(`keeping ${database.url}`);
    database.drop = async () => {};
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reports-'));
  let app: Awaited<ReturnType<typeof createApp>> | null = null;
  try {
    app = await createApp({
      config: readConfig({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'error',
      }),
      distDir: dist,
      logger: false,
    });
    const login = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: EMAIL, password: PASSWORD },
    });
    const { token, user } = login.json() as {
      token: string;
      user: { _id: string; accounts: { _id: string }[] };
    };
    const accountId = user.accounts[0]._id;
    const seeded = Date.now();
    const messages = reuse
      ? await countMessages(database.url, accountId)
      : await seed(database.url, accountId, log);
    log(`seeded ${messages.toLocaleString('en')} messages in ${((Date.now() - seeded) / 1000).toFixed(0)} s`);
    const headers = { authorization: `Bearer ${token}`, channel_id: accountId };
    const month = 'preset=30d';
    const endpoints: [string, string][] = [
      ['dashboard tiles (30 days vs the 30 before)', `/api/dashboard/tiles?${month}`],
      ['contact growth', `/api/report/contact-growth?${month}`],
      ['agent performance', `/api/report/agent-performance?${month}`],
      ['chat volume (per day and per hour)', `/api/report/chat-volume?${month}`],
      ['satisfaction', `/api/report/satisfaction?${month}`],
      ['queue performance', `/api/report/queue-performance?${month}`],
      ['chat log: incoming chats, first page', `/api/report/chat-log?${month}&category=incoming&limit=20`],
      [
        'chat log: one agent on one hour',
        `/api/report/chat-log?${month}&category=all&agent_id=bu3&hour=14&limit=20`,
      ],
      ['export: agent performance (.xlsx)', `/api/report/agent-performance/export?${month}&format=xlsx`],
      ['export: chat volume (.csv)', `/api/report/chat-volume/export?${month}&format=csv`],
    ];
    const rows: BenchRow[] = [
      {
        figure: 'reports: messages seeded (30 days)',
        value: messages,
        goal: '5,000,000',
        met: messages >= 5_000_000,
        database: 'postgres',
      },
    ];
    for (const [name, url] of endpoints) {
      const times: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const t0 = performance.now();
        const res = await (app as NonNullable<typeof app>).fastify.inject({ method: 'GET', url, headers });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i > 0) times.push(ms); // the first run warms the cache
      }
      const p50 = percentile(times, 50);
      const worst = Math.max(...times);
      log(`${name}: median ${p50.toFixed(0)} ms, slowest ${worst.toFixed(0)} ms`);
      rows.push({
        figure: `report ${name}: slowest of ${RUNS}`,
        value: worst,
        unit: 'ms',
        goal: `< ${GOAL_MS} ms`,
        met: worst < GOAL_MS,
        database: 'postgres',
      });
    }
    return rows;
  } finally {
    await app?.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, run);
