// Media figures of issue 8: upload throughput of 50 MB files on loopback, and the server's peak
// memory during 8 concurrent uploads, which must not grow with file size (compared against the
// same 8 uploads of 5 MB files). The server runs in a forked process whose resident memory is
// sampled from /proc every 5 ms; this process sends files streamed from disk.
// Run alone with `npx tsx bench/media.ts` or through `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkServer, type Session, serveForked, serveWhenForked, signIn, stopForked } from './forkedServer';
import { peakRssWhile, rssOf } from './memory';
import { type BenchRow, runWhenMain } from './row';

const here = fileURLToPath(import.meta.url);
const MB = 1_000_000;
const BIG = 50 * MB;
const SMALL = 5 * MB;
const CONCURRENT = 8;
const THROUGHPUT_FILES = 4;
/** Peak growth the server may show during 8 concurrent 50 MB uploads (400 MB in flight). */
const MEMORY_GOAL_MB = 100;

// ---------- the client (this process) ----------

/** An MP4 header and zeros: a video of exactly `size` bytes, written once to disk. */
function videoFile(dir: string, size: number): string {
  const file = path.join(dir, `video-${size}.mp4`);
  const head = Buffer.alloc(32);
  head.writeUInt32BE(32, 0);
  head.write('ftypisomiso2avc1mp41', 4, 'latin1');
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, head);
  const chunk = Buffer.alloc(MB);
  for (let written = head.length; written < size; written += chunk.length)
    fs.writeSync(fd, chunk, 0, Math.min(chunk.length, size - written));
  fs.closeSync(fd);
  return file;
}

async function upload(session: Session, file: string): Promise<void> {
  const form = new FormData();
  form.append('files', await fs.openAsBlob(file, { type: 'video/mp4' }), path.basename(file));
  const res = await fetch(`${session.url}/api/file/upload`, {
    method: 'POST',
    headers: session.headers,
    body: form,
  });
  const body = (await res.json()) as { resultUpload?: { id: string }[]; message?: string };
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${body.message}`);
  // Delete again so the account never nears its storage limit.
  await fetch(`${session.url}/api/file/delete`, {
    method: 'DELETE',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ fileIds: body.resultUpload?.map((f) => f.id) }),
  });
}

export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-files-'));
  const { child, port } = await forkServer(here, '--media-server');
  try {
    const session = await signIn(port);
    const big = videoFile(dir, BIG);
    const small = videoFile(dir, SMALL);
    const pid = child.pid as number;

    // Memory first, from a server that has done one small upload (code loaded, pools warm).
    await upload(session, small);
    await new Promise((r) => setTimeout(r, 300));
    const idle = rssOf(pid);
    const concurrently = (file: string) => () =>
      Promise.all(Array.from({ length: CONCURRENT }, () => upload(session, file)));
    const smallPeak = await peakRssWhile(pid, concurrently(small));
    const bigPeak = await peakRssWhile(pid, concurrently(big));

    const started = performance.now();
    for (let i = 0; i < THROUGHPUT_FILES; i++) await upload(session, big);
    const seconds = (performance.now() - started) / 1000;
    const throughput = (THROUGHPUT_FILES * BIG) / MB / seconds;

    const toMb = (bytes: number) => bytes / 1024 / 1024;
    const smallGrowth = toMb(smallPeak - idle);
    const bigGrowth = toMb(bigPeak - idle);
    // Ten times the bytes in flight must not mean more memory: at most 20 MiB above the 5 MB run.
    const flat = bigGrowth - smallGrowth <= 20;
    return [
      {
        figure: 'media upload throughput, 50 MB files one after another (loopback)',
        value: throughput,
        unit: 'MB/s',
        goal: 'printed',
        met: null,
        database: 'pglite',
        processes: 1,
      },
      {
        figure: `media server peak memory above idle (${toMb(idle).toFixed(0)} MiB), ${CONCURRENT} concurrent 5 MB uploads`,
        value: smallGrowth,
        unit: 'MiB',
        goal: '—',
        met: null,
        database: 'pglite',
        processes: 1,
      },
      {
        figure: `media server peak memory above idle, ${CONCURRENT} concurrent 50 MB uploads`,
        value: bigGrowth,
        unit: 'MiB',
        goal: `< ${MEMORY_GOAL_MB} MiB, and ≤ the 5 MB figure + 20 (flat in file size)`,
        met: bigGrowth < MEMORY_GOAL_MB && flat,
        database: 'pglite',
        processes: 1,
      },
    ];
  } finally {
    await stopForked(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (!serveWhenForked('--media-server', () => serveForked('bench-media-'))) runWhenMain(import.meta.url, run);
