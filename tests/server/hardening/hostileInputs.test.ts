// Issue 14, hostile text: every string of the corpus through every input of the table. Each
// answer is 2xx or 4xx, never 5xx; the server keeps serving. The browser half
// (tests/browser/hardening/hostileDisplay.test.ts) checks that nothing runs where it shows.
import fs from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followers, messages } from '../../../server/chat/schema';
import { HOSTILE } from '../../hardening/corpus';
import { figure } from '../../hardening/figures';
import { INPUTS, type SweepContext, sweepContext } from '../../hardening/inputs';
import { eventually } from '../channels/channelHarness';

let c: SweepContext;
beforeAll(async () => {
  c = await sweepContext();
}, 90_000);
afterAll(() => c?.h.close());

describe('hostile strings through every text input (issue 14)', () => {
  it('answers 2xx or 4xx for each, never 5xx', async () => {
    const fives: string[] = [];
    const statuses = new Map<string, number[]>();
    let tried = 0;
    let n = 0;
    for (const row of INPUTS) {
      const seen: number[] = [];
      const t0 = Date.now();
      for (const hostile of HOSTILE) {
        n += 1;
        if (process.env.HARDENING_TRACE)
          fs.appendFileSync(process.env.HARDENING_TRACE, `${row.name} × ${hostile.id}\n`);
        const res = await row.send(c, hostile.text, n);
        await res.arrayBuffer();
        tried += 1;
        seen.push(res.status);
        if (res.status >= 500) fives.push(`${row.name} × ${hostile.id}: ${res.status}`);
        else
          expect([2, 4], `${row.name} × ${hostile.id}: ${res.status}`).toContain(
            Math.floor(res.status / 100),
          );
      }
      statuses.set(row.name, seen);
      if (process.env.HARDENING_TRACE)
        fs.appendFileSync(process.env.HARDENING_TRACE, `TIME ${row.name} ${Date.now() - t0}\n`);
    }
    // Each input must store something: a table row that only ever gets 4xx tests nothing.
    const neverStored = [...statuses].filter(([, s]) => !s.some((x) => x < 300)).map(([name]) => name);
    figure('hostile inputs tried', tried, `${HOSTILE.length} strings × ${INPUTS.length} endpoints`);
    figure('text endpoints covered', INPUTS.length);
    figure('5xx answers', fives.length);
    expect(fives).toEqual([]);
    expect(neverStored).toEqual([]);
    expect((await fetch(`${c.url}/healthz`)).status).toBe(200);
    // Webhooks answer before they process: every accepted platform message must reach the inbox.
    for (const [row, channelId] of [
      ['LINE webhook text', c.lineChannelId],
      ['Messenger webhook text', c.metaChannelId],
    ] as const) {
      const accepted = (statuses.get(row) ?? []).filter((s) => s === 200).length;
      await eventually(async () => {
        const [{ n }] = await c.h.server.app.ctx.db
          .select({ n: count() })
          .from(messages)
          .innerJoin(followers, eq(followers.id, messages.followerId))
          .where(eq(followers.channelId, channelId));
        expect(Number(n), `${row}: stored messages`).toBe(accepted);
      }, 15_000);
    }
  }, 120_000);
});
