// Reading a chat's messages: pages of 20 by seq (spec 9), every message, and its media.
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { MESSAGE_PAGE_SIZE } from '../../core/models/message';
import type { Db } from '../db/client';
import { userSummaries } from './followerView';
import { messages } from './schema';
import { messageToWire, seconds, type UserSummary, type WireMessage } from './serialize';

type MessageRow = typeof messages.$inferSelect;

/** Messages to the wire with the sending agents' names (cached, see followerView.ts). */
export async function messagesToWire(db: Db, rows: MessageRow[]): Promise<WireMessage[]> {
  const ids = rows.filter((r) => r.fromType === 'agent' && r.fromId).map((r) => r.fromId as string);
  const byId = ids.length ? await userSummaries(db, ids) : new Map<string, UserSummary | null>();
  return rows.map((r) => messageToWire(r, r.fromId ? byId.get(r.fromId) : null));
}

/** A chat holds this many messages at most in one count; more shows as the cap. */
export const MESSAGE_COUNT_CAP = 100_000;

/**
 * A page of messages: `skip` counts from the newest; the page comes oldest first. `hide` leaves out
 * system notes (chat opened/closed markers), showing only what was said. Messages are in time
 * order (then arrival): history merged in from a chat import falls where it belongs.
 */
export async function messagesPage(
  db: Db,
  followerId: string,
  options: { skip: number; limit?: number; hide?: boolean },
): Promise<{ list: WireMessage[]; total: number }> {
  const where = and(
    eq(messages.followerId, followerId),
    options.hide ? ne(messages.fromType, 'system') : undefined,
  ) as SQL;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.seq))
      .offset(options.skip)
      .limit(options.limit ?? MESSAGE_PAGE_SIZE),
    db.execute(
      sql`select count(*)::int as n from (select 1 from ${messages} where ${where} limit ${MESSAGE_COUNT_CAP}) t`,
    ),
  ]);
  const total = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return { list: await messagesToWire(db, rows.reverse()), total };
}

/** Every message of a chat, oldest first (capped: a chat export is the way to get more). */
export const ALL_MESSAGES_CAP = 5_000;

export async function allMessages(db: Db, followerId: string): Promise<WireMessage[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.followerId, followerId))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(ALL_MESSAGES_CAP);
  return messagesToWire(db, rows.reverse());
}

/** Spec 9: the media list shows 300 items. */
export const MEDIA_PAGE_SIZE = 300;

export interface MediaEntry {
  message_id: string;
  type: 'image' | 'video' | 'file';
  url: string | null;
  preview: string | null;
  name: string | null;
  timestamp: number;
}

/** The images, videos and files of a chat, newest first. */
export async function chatMedia(db: Db, followerId: string): Promise<MediaEntry[]> {
  const rows = await db
    .select({ id: messages.id, items: messages.items, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.followerId, followerId),
        sql`jsonb_path_exists(${messages.items}, '$[*] ? (@.type == "image" || @.type == "video" || @.type == "file")')`,
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(MEDIA_PAGE_SIZE);
  const list: MediaEntry[] = [];
  for (const row of rows) {
    for (const item of row.items) {
      if (item.type !== 'image' && item.type !== 'video' && item.type !== 'file') continue;
      list.push({
        message_id: row.id,
        type: item.type,
        url: item.originalContentUrl ?? item.file_path ?? null,
        preview: item.previewImageUrl ?? null,
        name: item.type === 'file' ? (item.fileName ?? null) : null,
        timestamp: seconds(row.createdAt) ?? 0,
      });
    }
  }
  return list.slice(0, MEDIA_PAGE_SIZE);
}
