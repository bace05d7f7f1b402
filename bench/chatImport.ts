// Chat import figures of issue 17: a LINE Official Account Manager history of 200,000 lines
// (~18 MB) imported end to end (upload, check, write), and one of 1,000,000 lines (~95 MB, the
// "100 MB file") uploaded and checked (dry run). The server runs in a forked process (PGlite) that
// reports its live JS heap (after a full collection) and its resident memory; the heap must stay
// flat in the file's size — the file and its rows are streamed, never held whole.
// Run alone with `npx tsx bench/chatImport.ts` or through `npm run bench`.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app';
import { readConfig } from '../server/config';
import { writeOamFile } from '../tests/server/chatImport/oamFile';
import { type BenchRow, runWhenMain } from './row';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');
const ADMIN = { email: 'bench@example.com', password: 'Bench$ecret123' };
const MIB = 1024 * 1024;
/** Live heap the server may add while it takes in a file, whatever its size. */
const HEAP_GOAL_MIB = 40;

// ---------- the server (forked process) ----------

async function serve() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-import-'));
  const distDir = process.env.BUILD_OUT ? path.resolve(process.env.BUILD_OUT) : path.join(root, 'dist');
  const config = readConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
  });
  const app = await createApp({ config, distDir, logger: false });
  const port = await app.listen(0, '127.0.0.1');
  process.send?.({ port });
  process.on('message', async (msg: { stop?: boolean; memory?: boolean }) => {
    if (msg.memory) {
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ heap: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss });
    }
    if (!msg.stop) return;
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

// ---------- the client (this process) ----------

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(here, ['--chat-import-server'], {
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (msg: { port: number }) => resolve({ child, port: msg.port }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`chat import server exited with ${code}`)));
  });
}

function memoryOf(child: ChildProcess): Promise<{ heap: number; rss: number }> {
  return new Promise((resolve) => {
    const onMessage = (msg: { heap?: number; rss?: number }) => {
      if (msg.heap === undefined) return;
      child.off('message', onMessage);
      resolve({ heap: msg.heap, rss: msg.rss ?? 0 });
    };
    child.on('message', onMessage);
    child.send({ memory: true });
  });
}

/** The highest live heap and resident memory the server shows while `work` runs. */
async function peakWhile(child: ChildProcess, work: () => Promise<unknown>) {
  const idle = await memoryOf(child);
  let peak = { ...idle };
  let running = true;
  const sampling = (async () => {
    while (running) {
      const now = await memoryOf(child);
      peak = { heap: Math.max(peak.heap, now.heap), rss: Math.max(peak.rss, now.rss) };
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  try {
    await work();
  } finally {
    running = false;
    await sampling;
  }
  return {
    seconds: (performance.now() - started) / 1000,
    heap: (peak.heap - idle.heap) / MIB,
    rss: (peak.rss - idle.rss) / MIB,
  };
}

interface Session {
  url: string;
  headers: Record<string, string>;
}

async function importFile(session: Session, file: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  const res = await fetch(`${session.url}/api/chat/import${dryRun ? '?dry_run=true' : ''}`, {
    method: 'POST',
    headers: session.headers,
    body: form,
  });
  const body = (await res.json()) as { import?: { _id: string }; message?: string };
  if (res.status !== (dryRun ? 200 : 202)) throw new Error(`import answered ${res.status}: ${body.message}`);
  if (dryRun || !body.import) return;
  for (;;) {
    const status = (await (
      await fetch(`${session.url}/api/chat/import/${body.import._id}`, { headers: session.headers })
    ).json()) as { import: { status: string; error: string | null } };
    if (status.import.status === 'done') return;
    if (status.import.status === 'failed') throw new Error(`import failed: ${status.import.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-import-files-'));
  const { child, port } = await startServer();
  try {
    const url = `http://127.0.0.1:${port}`;
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const login = (await res.json()) as { token: string; user: { accounts: { _id: string }[] } };
    const session = {
      url,
      headers: { authorization: `Bearer ${login.token}`, channel_id: login.user.accounts[0]._id },
    };
    const small = path.join(dir, 'history-200k.csv');
    const big = path.join(dir, 'history-1m.csv');
    const rows = await writeOamFile(small, 200_000);
    await writeOamFile(big, 1_000_000);
    const mb = (file: string) => (fs.statSync(file).size / 1e6).toFixed(0);

    const whole = await peakWhile(child, () => importFile(session, small, false));
    const checkSmall = await peakWhile(child, () => importFile(session, small, true));
    const checkBig = await peakWhile(child, () => importFile(session, big, true));
    return [
      {
        figure: `chat import, ${rows.toLocaleString('en')} messages (${mb(small)} MB OAM CSV): upload, check and write`,
        value: rows / whole.seconds,
        unit: 'rows/s',
        goal: 'printed',
        met: null,
        database: 'pglite',
        processes: 1,
      },
      {
        figure: 'chat import server: live heap above idle while importing the 200,000-line file',
        value: whole.heap,
        unit: 'MiB',
        goal: `< ${HEAP_GOAL_MIB} MiB`,
        met: whole.heap < HEAP_GOAL_MIB,
        database: 'pglite',
        processes: 1,
      },
      {
        figure: `chat import check (dry run) of the ${mb(big)} MB, 1,000,000-line file`,
        value: checkBig.seconds,
        unit: 's',
        goal: 'printed',
        met: null,
        database: 'pglite',
        processes: 1,
      },
      {
        figure: `chat import server: live heap above idle checking ${mb(small)} MB / ${mb(big)} MB (${checkSmall.heap.toFixed(1)} / ${checkBig.heap.toFixed(1)} MiB; RSS ${checkSmall.rss.toFixed(0)} / ${checkBig.rss.toFixed(0)} MiB)`,
        value: checkBig.heap,
        unit: 'MiB',
        goal: `< ${HEAP_GOAL_MIB} MiB and ≤ the 18 MB figure + 10 (flat in file size)`,
        met: checkBig.heap < HEAP_GOAL_MIB && checkBig.heap <= checkSmall.heap + 10,
        database: 'pglite',
        processes: 1,
      },
    ];
  } finally {
    child.send({ stop: true });
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--chat-import-server')) {
  serve().catch((err: Error) => {
    process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  });
} else runWhenMain(import.meta.url, run);
