// A scheduled broadcast goes out at its time exactly once whatever happens to the servers
// (issue 10): after a restart on the same data folder; from two server processes on one
// PostgreSQL (several broadcasts due at once, each sent by one of them); after a process died in
// the middle of a send (its lease lapses, the other carries on, and LINE's retry key keeps the
// batch the dead one had sent from going twice); and not at all once it is a day late.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerOf } from '../../../server/broadcasts/scheduler';
import { broadcastBatches, broadcastRecipients, broadcasts } from '../../../server/broadcasts/schema';
import { batchRetryKey, prepareRecipients } from '../../../server/broadcasts/send';
import { type FakeLine, startFakeLine } from '../../helpers/fakePlatforms/line';
import { createTestDatabase, postgresAvailable } from '../../helpers/postgres';
import { login, startServer, type TestServer } from '../../helpers/server';
import {
  apiOf,
  type BroadcastHarness,
  eventually,
  seedLineFriends,
  startBroadcastHarness,
  textMessage,
} from './harness';

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function multicastsWith(line: FakeLine, marker: string) {
  return line.multicasts.filter((m) => JSON.stringify(m.body.messages).includes(marker));
}

describe('a restart before the time', () => {
  let line: FakeLine;
  let dataDir: string;
  let second: TestServer | undefined;

  beforeAll(async () => {
    line = await startFakeLine();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-broadcast-restart-'));
  });
  afterAll(async () => {
    await second?.close();
    await line?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the new server sends it at its time, once; one a day late expires unsent', async () => {
    const first = await startBroadcastHarness({ line, dataDir });
    await seedLineFriends(first.server.app.ctx.db, first.session.accountId, first.channelId, 3, 'restart');
    const marker = `Restart ${randomUUID()}`;
    const res = await first.api('POST', '/api/broadcast', {
      action: 'schedule',
      name: 'After restart',
      messages: [textMessage(marker)],
      broadcast_time: soon(2_500),
    });
    expect(res.status).toBe(200);
    const id = res.body.broadcast._id;
    const late = await first.api('POST', '/api/broadcast', {
      action: 'schedule',
      name: 'Too late',
      messages: [textMessage(`${marker} late`)],
      broadcast_time: soon(3_600_000),
    });
    // As if the servers had been down for a day and more since its time.
    await first.server.app.ctx.db
      .update(broadcasts)
      .set({ broadcastTime: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(broadcasts.id, late.body.broadcast._id));
    await first.server.close();
    expect(multicastsWith(line, marker)).toHaveLength(0);

    second = await startServer({ env: { LINE_API_BASE: line.url }, dataDir });
    const api = apiOf(second.url, await login(second.url));
    const sent = await eventually(async () => {
      const b = (await api('GET', `/api/broadcast/${id}`)).body.broadcast;
      expect(b.status).toBe('Sent');
      return b;
    }, 15_000);
    expect(new Date(sent.started_at).getTime()).toBeGreaterThanOrEqual(
      new Date(sent.broadcast_time).getTime(),
    );
    await sleep(1_500);
    const calls = multicastsWith(line, marker);
    expect(calls).toHaveLength(1);
    expect(calls[0].to).toHaveLength(3);
    const expired = (await api('GET', `/api/broadcast/${late.body.broadcast._id}`)).body.broadcast;
    expect(expired.status).toBe('Expired');
    expect(multicastsWith(line, `${marker} late`)).toHaveLength(0);
  }, 40_000);
});

const pgReady = await postgresAvailable();
if (!pgReady) console.warn('PostgreSQL is not reachable: the two-process broadcast tests are skipped.');

describe.skipIf(!pgReady)('two server processes on one PostgreSQL', () => {
  let line: FakeLine;
  let a: BroadcastHarness;
  let b: TestServer;
  let drop: () => Promise<void>;
  let friends: string[];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    line = await startFakeLine();
    a = await startBroadcastHarness({ line, databaseUrl: database.url });
    b = await startServer({ databaseUrl: database.url, env: { LINE_API_BASE: line.url } });
    friends = await seedLineFriends(a.server.app.ctx.db, a.session.accountId, a.channelId, 1_200, 'pg');
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await line?.close();
    await drop?.();
  });

  it('broadcasts due at the same moment are each sent once, by one process or the other', async () => {
    const marker = `Twin ${randomUUID()}`;
    const at = soon(2_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await a.api('POST', '/api/broadcast', {
        action: 'schedule',
        name: `Twin ${i}`,
        messages: [textMessage(`${marker} #${i}`)],
        broadcast_time: at,
      });
      expect(res.status).toBe(200);
      ids.push(res.body.broadcast._id);
    }
    // Both processes look at once, again and again, around the time.
    const kicker = setInterval(() => {
      schedulerOf(a.server.app.ctx)?.kick();
      schedulerOf(b.app.ctx)?.kick();
    }, 50);
    try {
      for (const id of ids) {
        await eventually(async () => {
          const [row] = await a.server.app.ctx.db.select().from(broadcasts).where(eq(broadcasts.id, id));
          expect(row.status).toBe('Sent');
        }, 20_000);
      }
    } finally {
      clearInterval(kicker);
    }
    await sleep(1_000);
    for (let i = 0; i < 3; i++) {
      const calls = multicastsWith(line, `${marker} #${i}`);
      expect(calls.map((c) => c.to.length).sort((x, y) => x - y)).toEqual([200, 500, 500]);
      const everyone = calls.flatMap((c) => c.to);
      expect(everyone).toHaveLength(1_200);
      expect(new Set(everyone)).toEqual(new Set(friends));
    }
    expect(line.requests.filter((r) => r.problems.length > 0)).toEqual([]);
  }, 40_000);

  it('a process that dies half way is taken over; the batch it had sent is not sent again', async () => {
    const ctx = a.server.app.ctx;
    const marker = `Takeover ${randomUUID()}`;
    const res = await a.api('POST', '/api/broadcast', {
      action: 'schedule',
      name: 'Takeover',
      messages: [textMessage(marker)],
      broadcast_time: soon(3_600_000),
    });
    const id = res.body.broadcast._id;
    // A process ("dead") claims it, fixes the recipients and gets batch 0 accepted by LINE…
    await ctx.db
      .update(broadcasts)
      .set({
        status: 'Sending',
        leaseOwner: 'dead',
        leaseUntil: sql`now() + interval '60 seconds'`,
        startedAt: sql`now()`,
        broadcastTime: sql`now()`,
      })
      .where(eq(broadcasts.id, id));
    const [row] = await ctx.db.select().from(broadcasts).where(eq(broadcasts.id, id));
    await prepareRecipients(ctx, { owner: 'dead', stopping: false }, row);
    const batch0 = and(
      eq(broadcastBatches.broadcastId, id),
      eq(broadcastBatches.channelId, a.channelId),
      eq(broadcastBatches.batchNo, 0),
    );
    await ctx.db
      .update(broadcastBatches)
      .set({ status: 'sending', attempts: 1, claimedUntil: sql`now() - interval '1 second'` })
      .where(batch0);
    const people = await ctx.db
      .select({ externalId: broadcastRecipients.externalId })
      .from(broadcastRecipients)
      .where(and(eq(broadcastRecipients.broadcastId, id), eq(broadcastRecipients.batchNo, 0)))
      .orderBy(broadcastRecipients.followerId);
    const accepted = await fetch(`${line.url}/v2/bot/message/multicast`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${line.token}`,
        'content-type': 'application/json',
        'x-line-retry-key': batchRetryKey(id, a.channelId, 0),
      },
      body: JSON.stringify({
        to: people.map((p) => p.externalId),
        messages: [{ type: 'text', text: marker }],
      }),
    });
    expect(accepted.status).toBe(200);
    // …and dies before writing that down: its lease lapses.
    await ctx.db
      .update(broadcasts)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(broadcasts.id, id));

    const done = await eventually(async () => {
      const [now] = await ctx.db.select().from(broadcasts).where(eq(broadcasts.id, id));
      expect(now.status).toBe('Sent');
      return now;
    }, 20_000);
    expect(done).toMatchObject({ totalCount: 1_200, sentCount: 1_200, failedCount: 0 });
    const calls = multicastsWith(line, marker);
    expect(calls.map((c) => c.to.length).sort((x, y) => x - y)).toEqual([200, 500, 500]);
    expect(new Set(calls.flatMap((c) => c.to)).size).toBe(1_200);
    // The taken-over batch was tried again with its key and LINE answered "already accepted".
    const batch0Calls = line.requests.filter(
      (r) =>
        r.path === '/v2/bot/message/multicast' &&
        r.headers['x-line-retry-key'] === batchRetryKey(id, a.channelId, 0),
    );
    expect(batch0Calls).toHaveLength(2);
  }, 40_000);
});
