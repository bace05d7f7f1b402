// Live chat figures of issue 4: with 100,000 followers and 5,000,000 messages, one server process
// (this one) and the load generator in a second process (forked) on loopback, measure the
// followers list, a messages page and a send (store + broadcast), on PGlite and on PostgreSQL.
// Run alone with `npx tsx bench/chat.ts` or through `npm run bench`. BENCH_CHAT_MESSAGES and
// BENCH_CHAT_FOLLOWERS scale the data down for a quick look (the figures then say so);
// BENCH_CHAT_PGLITE_MESSAGES seeds PGlite alone smaller; BENCH_CHAT_DATABASES picks one database.
// The delivery figure with 10,000 widget sockets is bench/scale.ts's (sized by its BENCH_SCALE_*);
// BENCH_CHAT_DELIVERY=0 leaves it out (the three request figures alone, quicker).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { AGENT_EVENTS, AGENT_NAMESPACE } from '../core/realtime/events';
import { createApp } from '../server/app';
import { readConfig } from '../server/config';
import type { Database } from '../server/db/client';
import { createTestDatabase, postgresAvailable } from '../tests/helpers/postgres';
import { type BenchRow, percentile, runWhenMain } from './row';
import { deliveryRow } from './scale';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');
const FOLLOWERS = Number(process.env.BENCH_CHAT_FOLLOWERS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 5_000_000);
/** PGlite writes one core's worth; BENCH_CHAT_PGLITE_MESSAGES may seed it smaller (the figure says so). */
const PGLITE_MESSAGES = Number(process.env.BENCH_CHAT_PGLITE_MESSAGES ?? MESSAGES);
/** Secondary indexes of messages, dropped while bulk-loading and built again after (faster). */
const MESSAGE_INDEXES = ['messages_page', 'messages_account', 'messages_pending'];
const SAMPLES = Number(process.env.BENCH_CHAT_SAMPLES ?? 1_000);
const WARMUP = 100;
const ADMIN = { email: 'bench@example.com', password: 'Bench$ecret123' };

const GOALS = { followers: 20, messages: 10, send: 15 } as const;

interface LoadJob {
  url: string;
  token: string;
  accountId: string;
  followerIds: string[];
  samples: number;
}
interface LoadResult {
  followers: number[];
  messages: number[];
  send: number[];
  sendHeard: number;
}

// ---------- the load generator (second process) ----------

async function timed(fn: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`HTTP ${res.status} from the server`);
  return performance.now() - started;
}

async function loadGenerator(job: LoadJob): Promise<LoadResult> {
  const headers = { authorization: `Bearer ${job.token}`, channel_id: job.accountId };
  const pick = () => job.followerIds[Math.floor(Math.random() * job.followerIds.length)];
  const run = async (n: number, fn: (i: number) => Promise<Response>) => {
    const times: number[] = [];
    for (let i = 0; i < WARMUP + n; i++) {
      const t = await timed(() => fn(i));
      if (i >= WARMUP) times.push(t);
    }
    return times;
  };
  // An agent console is connected, so every send really broadcasts.
  const socket = connect(`${job.url}${AGENT_NAMESPACE}`, {
    auth: { token: job.token, channel_id: job.accountId },
    transports: ['websocket'],
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  let sendHeard = 0;
  socket.on(AGENT_EVENTS.GET_CHAT, () => {
    sendHeard++;
  });
  const followers = await run(job.samples, () =>
    fetch(`${job.url}/api/chat/followers?chat_type=inbox&skip=0&limit=20`, { headers }),
  );
  const messages = await run(job.samples, () =>
    fetch(`${job.url}/api/chat/messages?follower_id=${pick()}&skip=0&limit=20`, { headers }),
  );
  const runId = Date.now().toString(36);
  const send = await run(job.samples, (i) =>
    fetch(`${job.url}/api/chat/send/message`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        followerId: pick(),
        message: `Benchmark reply ${i}`,
        tempId: `bench-${runId}-${i}`,
      }),
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.close();
  return { followers, messages, send, sendHeard };
}

// ---------- seeding ----------

export async function seed(
  database: Database,
  ids: { accountId: string; channelId: string; userId: string; queueId: string },
  messageCount = MESSAGES,
) {
  const started = Date.now();
  await database.rawTransaction(async (tx) => {
    await tx.query(
      `insert into followers (id, account_id, channel_id, channel_type, external_id, line_name, mode, is_follow,
         follower_type, is_block, is_spam, count_not_is_replied, last_message_at, last_message_text, livechat_id,
         lc_user_id, lc_queue_id, lc_is_accepted, lc_is_missed, lc_is_expired, lc_is_done, lc_is_business)
       select 'bf' || g, $1, $2, 'widget', 'bench-' || g, 'Customer ' || g,
         case when g % 10 = 0 then 'bot' else 'agent' end, g % 7 = 0,
         case when g % 50 = 0 then 'group' else 'other' end, g % 97 = 0, g % 89 = 0, g % 5,
         now() - g * interval '7 seconds', 'Message number ' || g, 'bl' || g,
         case when g % 1000 = 0 then $3 when g % 4 = 0 then 'bench-agent-' || (g % 50) else null end,
         $4, g % 4 = 0, g % 11 = 0, g % 13 = 0, g % 3 = 0, g % 17 = 0
       from generate_series(1, $5::int) g`,
      [ids.accountId, ids.channelId, ids.userId, ids.queueId, FOLLOWERS],
    );
    await tx.query(
      `insert into livechats (id, account_id, follower_id, queue_id, user_id, is_accepted, is_missed, is_expired,
         is_done, is_business, started_at, waiting_since, last_customer_at)
       select f.livechat_id, f.account_id, f.id, f.lc_queue_id, f.lc_user_id, f.lc_is_accepted, f.lc_is_missed,
         f.lc_is_expired, f.lc_is_done, f.lc_is_business, f.last_message_at, f.last_message_at, f.last_message_at
       from followers f where f.account_id = $1`,
      [ids.accountId],
    );
  });
  // The seeded chats are spread over days; with these times they are all still valid states, so
  // the lifecycle sweeps (which keep running) find nothing to change during the measurement.
  await database.rawTransaction((tx) =>
    tx.query(
      `insert into account_settings (account_id, settings) values ($1, $2::jsonb)
       on conflict (account_id) do update set settings = excluded.settings`,
      [
        ids.accountId,
        JSON.stringify({ missed_after_seconds: 30 * 86_400, expire_after_seconds: 30 * 86_400 }),
      ],
    ),
  );
  const definitions = await database.rawTransaction((tx) =>
    tx.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'messages' and indexname = any($1)`,
      [MESSAGE_INDEXES],
    ),
  );
  await database.rawTransaction((tx) => tx.exec(MESSAGE_INDEXES.map((i) => `drop index ${i};`).join('\n')));
  const chunk = 250_000;
  const MESSAGES_HERE = messageCount;
  for (let from = 1; from <= MESSAGES_HERE; from += chunk) {
    const to = Math.min(MESSAGES_HERE, from + chunk - 1);
    await database.rawTransaction((tx) =>
      tx.query(
        `insert into messages (id, account_id, follower_id, livechat_id, type, from_type, from_id, items, text,
           delivery, is_replied, created_at)
         select 'bm' || g, $1, 'bf' || (1 + g % $4::int), 'bl' || (1 + g % $4::int),
           case when g % 2 = 0 then 'question' else 'reply' end,
           case when g % 2 = 0 then 'customer' else 'agent' end,
           case when g % 2 = 0 then null else $5 end,
           jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Message number ' || g)),
           'Message number ' || g, 'sent',
           -- Answered, as in a real inbox, but for each chat's last two messages: a reply then marks
           -- what the customer asked since the last one, not every question the chat ever had.
           g <= $6::int - 2 * $4::int,
           now() - ($6::int - g) * interval '50 milliseconds'
         from generate_series($2::int, $3::int) g`,
        [ids.accountId, from, to, FOLLOWERS, ids.userId, MESSAGES_HERE],
      ),
    );
    process.stdout.write(`  ${to.toLocaleString('en')} messages\r`);
  }
  process.stdout.write('\n  building message indexes…\n');
  for (const d of definitions) await database.rawTransaction((tx) => tx.exec(d.indexdef));
  await database.rawTransaction((tx) => tx.exec('analyze followers; analyze messages; analyze livechats;'));
  return (Date.now() - started) / 1000;
}

// ---------- one database ----------

function distDir(): string {
  const built = process.env.BUILD_OUT ? path.resolve(process.env.BUILD_OUT) : path.join(root, 'dist');
  if (fs.existsSync(path.join(built, 'console/index.html'))) return built;
  // The API does not need the built console; a stub page keeps the server's page routes happy.
  const stub = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dist-'));
  for (const dir of ['console', 'demo', 'widget']) fs.mkdirSync(path.join(stub, dir), { recursive: true });
  fs.writeFileSync(path.join(stub, 'console/index.html'), '<!doctype html><title>bench</title>');
  fs.writeFileSync(path.join(stub, 'demo/index.html'), '<!doctype html><title>bench</title>');
  fs.writeFileSync(path.join(stub, 'widget/chat-widget.js'), '');
  return stub;
}

function runLoadGenerator(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(here, ['--load-generator'], { execArgv: process.execArgv, stdio: 'inherit' });
    child.once('message', (msg: { result?: LoadResult; error?: string }) => {
      if (msg.error) reject(new Error(msg.error));
      else resolve(msg.result as LoadResult);
      child.kill();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(job);
  });
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bench-'));
  const pgdb =
    kind === 'postgres' && (await postgresAvailable()) ? await createTestDatabase('chat_bench') : null;
  if (kind === 'postgres' && !pgdb) {
    return [
      {
        figure: 'chat figures on PostgreSQL',
        value: 'not measured',
        goal: 'PostgreSQL at 127.0.0.1:5432',
        met: null,
        database: 'postgres',
      },
    ];
  }
  const app = await createApp({
    config: readConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'error',
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    }),
    distDir: distDir(),
    logger: false,
  });
  try {
    const port = await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${port}`;
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const session = (await login.json()) as {
      token: string;
      user: { _id: string; accounts: { _id: string; channels: { _id: string; type: string }[] }[] };
    };
    const account = session.user.accounts[0];
    const [queue] = await app.ctx.database.rawTransaction((tx) =>
      tx.query<{ id: string }>('select id from queues where account_id = $1 and is_default', [account._id]),
    );
    const messageCount = kind === 'pglite' ? PGLITE_MESSAGES : MESSAGES;
    process.stdout.write(`  seeding ${kind}: ${FOLLOWERS} followers, ${messageCount} messages…\n`);
    const seeded = await seed(
      app.ctx.database,
      {
        accountId: account._id,
        channelId: account.channels.find((c) => c.type === 'widget')?._id ?? account.channels[0]._id,
        userId: session.user._id,
        queueId: queue.id,
      },
      messageCount,
    );
    process.stdout.write(`  seeded in ${seeded.toFixed(0)} s\n`);
    // Otherwise autovacuum (PostgreSQL's, or the server's own pass on PGlite: server/db/maintenance.ts)
    // would start on the fresh 5M rows in the middle of the measurement.
    const vacuumStarted = Date.now();
    await app.ctx.database.execOutside('vacuum (analyze) messages, followers, livechats');
    process.stdout.write(`  vacuumed in ${((Date.now() - vacuumStarted) / 1000).toFixed(0)} s\n`);
    const followerIds = Array.from({ length: 2000 }, () => `bf${1 + Math.floor(Math.random() * FOLLOWERS)}`);
    const result = await runLoadGenerator({
      url,
      token: session.token,
      accountId: account._id,
      followerIds,
      samples: SAMPLES,
    });
    const scale =
      FOLLOWERS === 100_000 && messageCount === 5_000_000
        ? ''
        : ` (${FOLLOWERS.toLocaleString('en')} followers, ${messageCount.toLocaleString('en')} messages)`;
    const row = (figure: string, values: number[], goal: number): BenchRow => {
      const p99 = percentile(values, 99);
      return {
        figure: `${figure}${scale}`,
        value: p99,
        unit: 'ms',
        goal: `< ${goal} ms`,
        met: p99 < goal,
        database: kind,
        processes: 2,
      };
    };
    const rows: BenchRow[] = [
      row('followers list p99 (inbox, first page of 20)', result.followers, GOALS.followers),
      row('messages page p99 (20 by seq)', result.messages, GOALS.messages),
      row('send p99 (store + broadcast)', result.send, GOALS.send),
      {
        figure: 'send broadcasts heard by a connected agent',
        value: result.sendHeard,
        unit: `of ${result.send.length + WARMUP}`,
        goal: 'all',
        met: result.sendHeard === result.send.length + WARMUP,
        database: kind,
        processes: 2,
      },
    ];
    for (const r of rows)
      process.stdout.write(
        `  ${r.figure}: ${typeof r.value === 'number' ? `${r.value.toFixed(2)} ${r.unit}` : r.value} (goal ${r.goal})\n`,
      );
    // The spread behind each p99: a high tail over a low median is pauses, not the query.
    for (const [name, values] of Object.entries({
      followers: result.followers,
      messages: result.messages,
      send: result.send,
    }))
      process.stdout.write(
        `  ${name} spread (ms): ${[50, 90, 99, 100].map((p) => `p${p} ${percentile(values, p).toFixed(2)}`).join(', ')}\n`,
      );
    return rows;
  } finally {
    await app.close();
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  // BENCH_CHAT_DATABASES=postgres (or pglite) measures one of them only.
  const only = process.env.BENCH_CHAT_DATABASES?.split(',');
  for (const kind of ['pglite', 'postgres'] as const) {
    if (only && !only.includes(kind)) continue;
    rows.push(...(await benchOn(kind)));
    // Measured by the scale bench (server processes and load generators of its own; once per run).
    if (process.env.BENCH_CHAT_DELIVERY !== '0') rows.push(await deliveryRow(kind));
  }
  return rows;
}

if (process.argv.includes('--load-generator')) {
  process.once('message', (job: LoadJob) => {
    loadGenerator(job).then(
      (result) => process.send?.({ result }),
      (err: Error) => process.send?.({ error: err.message }),
    );
  });
} else runWhenMain(import.meta.url, run);
