// The inbox filters run in SQL (server/chat/followerQuery.ts) and in the browser (core/chat):
// for many random follower states, every chat type, pinned split and queue visibility must pick
// exactly the same followers on both sides (spec 4). On PGlite and on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TYPE_GROUPS, CHAT_TYPES, matchesChatType } from '../../../core/chat/chatTypes';
import { isPinned } from '../../../core/chat/pinned';
import { accounts, channels, users, workspaces } from '../../../server/accounts/schema';
import {
  chatTypeWhere,
  forgetCounts,
  pinnedWhere,
  queryFollowers,
  visibilityWhere,
} from '../../../server/chat/followerQuery';
import { followersToWire } from '../../../server/chat/followerView';
import { followers, queueMembers, queues } from '../../../server/chat/schema';
import { loadViewer, type Viewer } from '../../../server/chat/viewer';
import { type Database, openDatabase } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { createTestDatabase } from '../../helpers/postgres';
import { testDatabases } from './chatHarness';

const SEED = Number(process.env.CHAT_PROPERTY_SEED ?? Date.now() % 100_000);
const FOLLOWERS = 600;

/** A small seeded generator, so a failure can be replayed with CHAT_PROPERTY_SEED. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    bool: (p = 0.5) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}

describe.each(await testDatabases())('chat_type SQL agrees with core on %s (seed %#)', (_name, postgres) => {
  let database: Database;
  let drop: (() => Promise<void>) | null = null;
  const accountId = 'acc-prop';
  const userIds = ['u-owner', 'u-in', 'u-out'];
  const queueIds = ['q-general', 'q-open', 'q-secret-1', 'q-secret-2'];
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    forgetCounts();
    let databaseUrl: string | undefined;
    if (postgres) {
      const db = await createTestDatabase();
      databaseUrl = db.url;
      drop = db.drop;
    }
    database = await openDatabase({
      databaseUrl,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'chat-prop-')),
    });
    await migrate(database);
    const db = database.db;
    await db.insert(workspaces).values({ id: 'ws', name: 'ws' });
    await db.insert(accounts).values({ id: accountId, workspaceId: 'ws', name: 'acc' });
    await db.insert(channels).values([
      { id: 'ch-w', accountId, type: 'widget', name: 'w' },
      { id: 'ch-l', accountId, type: 'line', name: 'l' },
    ]);
    await db
      .insert(users)
      .values(userIds.map((id) => ({ id, email: `${id}@x.test`, passwordHash: 'x', displayName: id })));
    await db.insert(queues).values([
      { id: 'q-general', accountId, name: 'General', isDefault: true },
      { id: 'q-open', accountId, name: 'Open', visibility: 'everyone' },
      { id: 'q-secret-1', accountId, name: 'Secret 1', visibility: 'selected' },
      { id: 'q-secret-2', accountId, name: 'Secret 2', visibility: 'selected' },
    ]);
    await db.insert(queueMembers).values({ queueId: 'q-secret-1', userId: 'u-in' });

    const r = random(SEED);
    const rows: (typeof followers.$inferInsert)[] = [];
    for (let i = 0; i < FOLLOWERS; i++) {
      const hasChat = r.bool(0.85);
      rows.push({
        id: `f-${String(i).padStart(4, '0')}`,
        accountId,
        channelId: r.pick(['ch-w', 'ch-l']),
        channelType: r.pick(['widget', 'line']),
        externalId: `ext-${i}`,
        followerType: r.pick(['room', 'group', 'other', 'other'] as const),
        lineName: `name ${i}`,
        mode: r.pick(['bot', 'agent'] as const),
        isBlock: r.bool(0.15),
        isSpam: r.bool(0.15),
        isFollow: r.bool(0.3),
        lastMessageAt: r.bool(0.95)
          ? new Date(Date.now() - Math.floor(r.pick([1, 2, 3, 5, 8, 13]) * i * 1000))
          : null,
        ...(hasChat
          ? {
              livechatId: `lc-${i}`,
              lcUserId: r.pick([null, null, ...userIds]),
              lcQueueId: r.pick([null, ...queueIds, 'q-deleted-elsewhere']),
              lcIsAccepted: r.bool(),
              lcIsMissed: r.bool(0.25),
              lcIsExpired: r.bool(0.25),
              lcIsDone: r.bool(0.35),
              lcIsBusiness: r.bool(0.3),
            }
          : {}),
      });
    }
    await db.insert(followers).values(rows);
    viewers.push(
      await loadViewer(db, { userId: 'u-owner', accountId, level: 1 }),
      await loadViewer(db, { userId: 'u-in', accountId, level: 4 }),
      await loadViewer(db, { userId: 'u-out', accountId, level: 3 }),
    );
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const ids = (list: { id?: string; _id?: string }[]) => list.map((f) => (f.id ?? f._id) as string).sort();

  it('every chat type, for every viewer, picks the same followers as core', async () => {
    const db = database.db;
    const wire = await followersToWire(
      db,
      await db.select().from(followers).where(eq(followers.accountId, accountId)),
    );
    let compared = 0;
    for (const viewer of viewers) {
      // Level 1 may see every queue that exists; a queue id no longer in the table is seen by nobody in core.
      const allowed = viewer.seesAllQueues ? [...queueIds, 'q-deleted-elsewhere'] : viewer.visibleQueueIds;
      for (const chatType of CHAT_TYPES) {
        const where = and(
          eq(followers.accountId, accountId),
          chatTypeWhere(chatType),
          visibilityWhere(viewer),
        ) as SQL;
        const sqlIds = ids(await db.select({ id: followers.id }).from(followers).where(where));
        const coreIds = ids(
          wire.filter((f) =>
            matchesChatType(f, chatType, { userId: viewer.userId, allowedQueueIds: allowed }),
          ),
        );
        expect(sqlIds, `${chatType} for ${viewer.userId} (seed ${SEED})`).toEqual(coreIds);

        const pinnedSql = ids(
          await db
            .select({ id: followers.id })
            .from(followers)
            .where(and(where, pinnedWhere(viewer, chatType))),
        );
        const pinnedCore = ids(
          wire.filter(
            (f) =>
              matchesChatType(f, chatType, { userId: viewer.userId, allowedQueueIds: allowed }) &&
              isPinned(f, viewer, chatType),
          ),
        );
        expect(pinnedSql, `pinned ${chatType} for ${viewer.userId} (seed ${SEED})`).toEqual(pinnedCore);
        compared += coreIds.length;
      }
    }
    // The random states must exercise the filters, not compare empty lists.
    expect(compared).toBeGreaterThan(FOLLOWERS);
  });

  it('a follower that never had a live chat is in no group 1 list, and group 2 ignores it', async () => {
    const db = database.db;
    const owner = viewers[0];
    const noChat = ids(
      await db
        .select({ id: followers.id })
        .from(followers)
        .where(and(eq(followers.accountId, accountId), isNull(followers.livechatId))),
    );
    expect(noChat.length).toBeGreaterThan(0);
    for (const chatType of CHAT_TYPES) {
      const where = and(eq(followers.accountId, accountId), chatTypeWhere(chatType)) as SQL;
      const listed = new Set(ids(await db.select({ id: followers.id }).from(followers).where(where)));
      const hits = noChat.filter((id) => listed.has(id));
      if ((CHAT_TYPE_GROUPS[0] as readonly string[]).includes(chatType))
        expect(hits, `${chatType} (seed ${SEED})`).toEqual([]);
      else expect(hits.length, `${chatType} (seed ${SEED})`).toBeGreaterThan(0);
    }
    // What the owner's list pages show, the count included.
    forgetCounts();
    for (const chatType of CHAT_TYPE_GROUPS[0]) {
      const result = await queryFollowers(database, owner, { skip: 0, limit: 1000, chatType });
      expect([...result.pinned, ...result.rows].filter((r) => r.livechatId === null)).toEqual([]);
    }
  });

  it('the list query splits matches into pinned and the rest, newest first, with the count', async () => {
    const db = database.db;
    for (const viewer of viewers) {
      for (const chatType of CHAT_TYPES) {
        const result = await queryFollowers(database, viewer, { skip: 0, limit: 1000, chatType });
        const where = and(
          eq(followers.accountId, accountId),
          chatTypeWhere(chatType),
          visibilityWhere(viewer),
        ) as SQL;
        const all = ids(await db.select({ id: followers.id }).from(followers).where(where));
        expect(ids([...result.pinned, ...result.rows])).toEqual(all);
        expect(result.total).toBe(result.rows.length);
        const times = result.rows.map((f) => f.lastMessageAt?.getTime() ?? Number.NEGATIVE_INFINITY);
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
    }
  });
});
