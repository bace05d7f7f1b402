// A year of LINE chat history in one OAM-format file of 200,000 lines (issue 17): generated to a
// temp path, streamed up, checked and imported while the server's heap stays flat (the file and
// its rows are never held whole); importing it again adds nothing. Precise figures: bench/chatImport.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unknownChatMessages, unknownChats } from '../../../server/chatImport/schema';
import { postgresAvailable } from '../../helpers/postgres';
import { type Harness, startChatHarness } from '../chat/chatHarness';
import { writeOamFile } from './oamFile';

const OAM_LINES = 200_000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

describe('a 200,000-line LINE history', () => {
  let h: Harness;
  let dir: string;
  let csv: string;
  let rows: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-import-big-'));
    csv = path.join(dir, 'pranee.csv');
    // PostgreSQL where it runs (the database then lives outside this process's heap), else PGlite.
    const postgres = await postgresAvailable();
    [h, rows] = await Promise.all([startChatHarness({ postgres }), writeOamFile(csv, OAM_LINES)]);
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // About 10 s on an idle 2-core machine; the limit leaves room for a busy one.
  it('imports with a flat heap, and a second import adds nothing', { timeout: 120_000 }, async () => {
    const size = fs.statSync(csv).size;
    expect(size).toBeGreaterThan(10_000_000);
    // Live heap: measured after a full collection, so garbage waiting for the collector is not counted.
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const baseline = live();
    let peak = baseline;
    // Each sample is a full collection of the whole worker's heap, which stops the import running
    // in this process: once a second is enough to see a file or its rows held for the import's length.
    const sampler = setInterval(() => {
      peak = Math.max(peak, live());
    }, 1000);
    try {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(csv), 'pranee.csv');
      const started = await h.api('POST', '/api/chat/import', form);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(started.body.check).toEqual({ format: 'oam', rows, conversations: 1, messages: rows });
      const id = started.body.import._id;
      let done: { status: string; messages_added: number; processed_rows: number };
      for (;;) {
        done = (await h.api('GET', `/api/chat/import/${id}`)).body.import;
        if (done.status !== 'importing') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(done).toMatchObject({ status: 'done', messages_added: rows, processed_rows: rows });
    } finally {
      clearInterval(sampler);
    }
    // Holding the file as text would take twice its size (UTF-16), its rows as objects several times that.
    const growth = peak - baseline;
    console.info(
      `200,000-line import: live heap grew at most ${(growth / 1e6).toFixed(1)} MB (file ${(size / 1e6).toFixed(1)} MB)`,
    );
    expect(growth).toBeLessThan(size);

    const db = h.server.app.ctx.db;
    const [chat] = await db.select().from(unknownChats).where(eq(unknownChats.name, 'Pranee Srisuk'));
    expect(chat.messageCount).toBe(rows);
    const form = new FormData();
    form.append('file', await fs.openAsBlob(csv), 'pranee-again.csv');
    const again = await h.api('POST', '/api/chat/import', form);
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBe(true);
    const [{ n }] = await db.select({ n: count() }).from(unknownChatMessages);
    expect(Number(n)).toBe(rows);
    expect(await db.select().from(unknownChats)).toHaveLength(1);
  });
});
