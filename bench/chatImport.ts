// Chat import figures of issue 17: a LINE Official Account Manager history of 200,000 lines
// (~18 MB) imported end to end (upload, check, write), and one of 1,000,000 lines (~95 MB, the
// "100 MB file") uploaded and checked (dry run). The server runs in a forked process (PGlite) that
// reports its live JS heap (after a full collection) and its resident memory; the heap must stay
// flat in the file's size — the file and its rows are streamed, never held whole.
// Run alone with `npx tsx bench/chatImport.ts` or through `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOamFile } from '../tests/server/chatImport/oamFile';
import { forkServer, type Session, serveForked, serveWhenForked, signIn, stopForked } from './forkedServer';
import { memoryNow, peakHeapWhile } from './memory';
import { type BenchRow, runWhenMain } from './row';

const here = fileURLToPath(import.meta.url);
/** Live heap the server may add while it takes in a file, whatever its size. */
const HEAP_GOAL_MIB = 40;

// ---------- the server (forked process) ----------

const serve = () =>
  serveForked<{ stop?: boolean; memory?: boolean }>('bench-chat-import-', {}, (_app, msg) => {
    if (msg.memory) process.send?.({ memory: memoryNow() });
  });

// ---------- the client (this process) ----------

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
  const { child, port } = await forkServer(here, '--chat-import-server', { execArgv: ['--expose-gc'] });
  try {
    const session = await signIn(port);
    const small = path.join(dir, 'history-200k.csv');
    const big = path.join(dir, 'history-1m.csv');
    const rows = await writeOamFile(small, 200_000);
    await writeOamFile(big, 1_000_000);
    const mb = (file: string) => (fs.statSync(file).size / 1e6).toFixed(0);

    const whole = await peakHeapWhile(child, () => importFile(session, small, false));
    const checkSmall = await peakHeapWhile(child, () => importFile(session, small, true));
    const checkBig = await peakHeapWhile(child, () => importFile(session, big, true));
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
    await stopForked(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (!serveWhenForked('--chat-import-server', serve)) runWhenMain(import.meta.url, run);
