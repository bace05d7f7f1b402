// Broadcast figures of issue 10: the time to fan one broadcast out to 100,000 LINE friends
// against the fake LINE API (multicasts of 500, each schema-checked by the fake), and the
// server's peak memory while it does. The server runs in a forked process (its resident memory
// sampled from /proc every 5 ms) on a fresh PGlite folder, and on a fresh PostgreSQL database
// when one is reachable; this process runs the fake LINE API, seeds the friends through the
// server process's own database connection, and cleans everything up.
// Run alone with `npx tsx bench/broadcast.ts` or through `npm run bench`.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { followers } from '../server/chat/schema';
import { startFakeLine } from '../tests/helpers/fakePlatforms/line';
import { createTestDatabase, postgresAvailable } from '../tests/helpers/postgres';
import { ask, forkServer, serveForked, serveWhenForked, signIn, stopForked } from './forkedServer';
import { peakRssWhile, rssOf } from './memory';
import { type BenchRow, runWhenMain } from './row';

const here = fileURLToPath(import.meta.url);
const FRIENDS = 100_000;
const LINE_SECRET = '0123456789abcdef0123456789abcdef';

// ---------- the server (forked process) ----------

const serve = () =>
  serveForked<{ stop?: boolean; seed?: { accountId: string; channelId: string; n: number } }>(
    'bench-broadcast-',
    {
      LINE_API_BASE: process.env.BENCH_LINE_URL ?? '',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    async (app, msg) => {
      if (!msg.seed) return;
      const { accountId, channelId, n } = msg.seed;
      for (let start = 0; start < n; start += 2_000) {
        const rows = [];
        for (let i = start; i < Math.min(n, start + 2_000); i++) {
          const externalId = `U${createHash('md5').update(`bench-${i}`).digest('hex')}`;
          rows.push({
            id: `b${i.toString(36).padStart(19, '0')}`,
            accountId,
            channelId,
            channelType: 'line',
            externalId,
          });
        }
        await app.ctx.db.insert(followers).values(rows);
      }
      process.send?.({ seeded: n });
    },
  );

// ---------- the client (this process) ----------

async function fanOut(database: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const line = await startFakeLine();
  const pg = database === 'postgres' ? await createTestDatabase() : null;
  const { child, port } = await forkServer(here, '--broadcast-server', {
    env: { BENCH_LINE_URL: line.url, ...(pg ? { BENCH_DATABASE_URL: pg.url } : {}) },
  });
  try {
    const { url, accountId, headers: session } = await signIn(port);
    const headers = { ...session, 'content-type': 'application/json' };
    const channel = await fetch(`${url}/api/channels`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type: 'line',
        name: 'Bench LINE',
        settings: { channel_id: '1650000000', channel_secret: LINE_SECRET, access_token: line.token },
      }),
    });
    const channelId = ((await channel.json()) as { channel: { _id: string } }).channel._id;
    await ask(child, { seed: { accountId, channelId, n: FRIENDS } }, 'seeded');

    const pid = child.pid as number;
    await new Promise((r) => setTimeout(r, 500));
    const idle = rssOf(pid);
    const started = performance.now();
    let status = '';
    let progress = { total: 0, sent: 0, failed: 0 };
    const peak = await peakRssWhile(pid, async () => {
      const sent = await fetch(`${url}/api/broadcast`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          action: 'send_now',
          name: 'Bench broadcast',
          messages: [
            { type: 'text', text: 'Big sale today: https://shop.example.com/sale' },
            { type: 'sticker', packageId: '446', stickerId: '1988' },
          ],
        }),
      });
      const id = ((await sent.json()) as { broadcast: { _id: string } }).broadcast._id;
      while (status !== 'Sent' && status !== 'Failed') {
        await new Promise((r) => setTimeout(r, 50));
        const b = (await (await fetch(`${url}/api/broadcast/${id}`, { headers })).json()) as {
          broadcast: { status: string; progress: typeof progress };
        };
        status = b.broadcast.status;
        progress = b.broadcast.progress;
      }
    });
    const seconds = (performance.now() - started) / 1000;

    const everyone = new Set(line.multicasts.flatMap((m) => m.to));
    const delivered = line.multicasts.reduce((n, m) => n + m.to.length, 0);
    const invalid = line.requests.filter((r) => r.problems.length > 0).length;
    const exact = status === 'Sent' && everyone.size === FRIENDS && delivered === FRIENDS && invalid === 0;
    const toMb = (bytes: number) => bytes / 1024 / 1024;
    return [
      {
        figure: `broadcast fan-out to ${FRIENDS.toLocaleString('en')} LINE friends (${line.multicasts.length} multicasts, each friend once: ${exact ? 'yes' : `NO — ${progress.sent} sent, ${progress.failed} failed, ${everyone.size} distinct, ${invalid} invalid`})`,
        value: seconds,
        unit: 's',
        goal: 'printed',
        met: exact ? null : false,
        database,
        processes: 1,
      },
      {
        figure: `broadcast server peak memory while fanning out (idle ${toMb(idle).toFixed(0)} MiB)`,
        value: toMb(peak),
        unit: 'MiB',
        goal: 'printed',
        met: null,
        database,
        processes: 1,
      },
    ];
  } finally {
    await stopForked(child);
    await line.close();
    await pg?.drop();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await fanOut('pglite');
  if (await postgresAvailable()) rows.push(...(await fanOut('postgres')));
  return rows;
}

if (!serveWhenForked('--broadcast-server', serve)) runWhenMain(import.meta.url, run);
