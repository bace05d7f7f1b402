// Broadcast rows as the console and the API see them, and the queries of the list screen.
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { isEditable, TAB_STATUSES } from '../../core/broadcast/compose';
import { progressPercent } from '../../core/broadcast/events';
import { BROADCAST_TABS } from '../../core/models/broadcast';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { users } from '../accounts/schema';
import { escapeLike } from '../chat/followerQuery';
import type { Db } from '../db/client';
import { NotFound } from '../http/errors';
import { broadcasts } from './schema';
import type { BroadcastRow } from './send';

export const BROADCAST_NOT_FOUND = SERVER_MESSAGES.broadcastMissing;
export type BroadcastTab = (typeof BROADCAST_TABS)[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function broadcastToWire(row: BroadcastRow, names: ReadonlyMap<string, string> = new Map()) {
  const person = (id: string | null) => (id ? { _id: id, display_name: names.get(id) ?? '' } : null);
  const progress = { total: row.totalCount, sent: row.sentCount, failed: row.failedCount };
  return {
    _id: row.id,
    name: row.name,
    messages: row.messages,
    broadcast_time: iso(row.broadcastTime),
    recipients: row.recipients,
    messages_target: row.messagesTarget,
    excluded_target: row.excludedTarget,
    target_estimate: row.targetEstimate,
    status: row.status,
    progress: { ...progress, percent: progressPercent(progress) },
    error: row.error,
    can_edit: isEditable(row.status) && row.preparedAt === null,
    can_resend: row.status === 'Failed' && row.failedCount > 0,
    created_by: person(row.createdBy),
    updated_by: person(row.updatedBy),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}
export type BroadcastWire = ReturnType<typeof broadcastToWire>;

export async function userNames(db: Db, rows: readonly BroadcastRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => [r.createdBy, r.updatedBy]).filter((v): v is string => !!v))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.name]));
}

export async function findBroadcast(db: Db, accountId: string, id: string): Promise<BroadcastRow> {
  if (!/^[a-z0-9]{1,64}$/.test(id)) throw new NotFound(BROADCAST_NOT_FOUND);
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.accountId, accountId), eq(broadcasts.id, id)))
    .limit(1);
  if (!row) throw new NotFound(BROADCAST_NOT_FOUND);
  return row;
}

function tabWhere(tab: BroadcastTab): SQL | undefined {
  const statuses = TAB_STATUSES[tab];
  return statuses ? inArray(broadcasts.status, [...statuses]) : undefined;
}

export interface ListQuery {
  tab: BroadcastTab;
  search: string;
  skip: number;
  limit: number;
}

export async function listBroadcasts(db: Db, accountId: string, q: ListQuery) {
  const where = and(
    eq(broadcasts.accountId, accountId),
    tabWhere(q.tab),
    q.search ? ilike(broadcasts.name, `%${escapeLike(q.search)}%`) : undefined,
  );
  const order =
    q.tab === 'Scheduled'
      ? [asc(broadcasts.broadcastTime), asc(broadcasts.id)]
      : q.tab === 'Sent'
        ? [desc(sql`coalesce(${broadcasts.finishedAt}, ${broadcasts.updatedAt})`), desc(broadcasts.id)]
        : [desc(broadcasts.updatedAt), desc(broadcasts.id)];
  const rows = await db
    .select()
    .from(broadcasts)
    .where(where)
    .orderBy(...order)
    .offset(q.skip)
    .limit(q.limit);
  const [{ n }] = await db.select({ n: count() }).from(broadcasts).where(where);
  const byStatus = await db
    .select({ status: broadcasts.status, n: count() })
    .from(broadcasts)
    .where(eq(broadcasts.accountId, accountId))
    .groupBy(broadcasts.status);
  const counts = Object.fromEntries(
    BROADCAST_TABS.map((tab) => {
      const statuses = TAB_STATUSES[tab] as readonly string[] | null;
      return [
        tab,
        byStatus.filter((s) => !statuses || statuses.includes(s.status)).reduce((a, s) => a + Number(s.n), 0),
      ];
    }),
  ) as Record<BroadcastTab, number>;
  return { rows, total: Number(n), counts };
}
