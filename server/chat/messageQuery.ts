// Reading a chat's messages: pages of 20 by seq (spec 9), every message, and its media.
import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGE_PAGE_SIZE } from '../../core/models/message';
import type { AppContext } from '../context';
import { type Db, statement } from '../db/client';
import { seenFollower } from './access';
import { userSummaries } from './followerView';
import { toFollowerRow, toMessageRow } from './rows';
import { type followers, messages } from './schema';
import { messageToWire, seconds, type UserSummary, type WireMessage } from './serialize';
import type { Viewer } from './viewer';

type MessageRow = typeof messages.$inferSelect;
type FollowerRow = typeof followers.$inferSelect;

/** Messages to the wire with the sending agents' names (cached, see followerView.ts). */
export async function messagesToWire(db: Db, rows: MessageRow[]): Promise<WireMessage[]> {
  const ids = rows.filter((r) => r.fromType === 'agent' && r.fromId).map((r) => r.fromId as string);
  const byId = ids.length ? await userSummaries(db, ids) : new Map<string, UserSummary | null>();
  return rows.map((r) => messageToWire(r, r.fromId ? byId.get(r.fromId) : null));
}

/** A chat holds this many messages at most in one count; more shows as the cap. */
export const MESSAGE_COUNT_CAP = 100_000;

/**
 * The follower the caller may see (404 otherwise, see access.ts) and a page of its messages with
 * their count, in one statement: on PGlite each statement costs its parse, plan and six protocol
 * steps in the server's own thread, and this took three. The count comes from the page's own scan
 * (a window count before the offset: the sort by time reads every message of the chat anyway); a
 * second scan counts only when the page is empty, past the oldest message. `skip` counts from the
 * newest; the page comes oldest first. `hide` leaves out system notes (chat opened/closed markers),
 * showing only what was said. Messages are in time order (then arrival): history merged in from a
 * chat import falls where it belongs. The page is read only for a follower of the caller's account.
 */
const FOLLOWER_PAGE = statement(
  'chat_follower_messages_page',
  /* sql */ `
with f as (
  select * from followers where id = $1::text and account_id = $2::text
),
page as (
  select m.*, count(*) over () as page_total from messages m
  where m.follower_id = $1::text and exists (select 1 from f) and (not $5::boolean or m.from_type <> 'system')
  order by m.created_at desc, m.seq desc
  offset $3::int limit $4::int
)
select (select row_to_json(f) from f) as follower,
  (select coalesce(json_agg(row_to_json(page) order by page.created_at desc, page.seq desc), '[]'::json)
    from page) as list,
  least(coalesce((select page_total from page limit 1), (select count(*) from (
    select 1 from messages m
    where m.follower_id = $1::text and exists (select 1 from f) and (not $5::boolean or m.from_type <> 'system')
    limit ${MESSAGE_COUNT_CAP}
  ) t)), ${MESSAGE_COUNT_CAP})::int as total`,
);

type Json = Record<string, unknown>;

export async function followerMessagesPage(
  ctx: AppContext,
  viewer: Viewer,
  followerId: string,
  options: { skip: number; limit?: number; hide?: boolean },
): Promise<{ follower: FollowerRow; list: WireMessage[]; total: number }> {
  const [row] = await ctx.database.run<{ follower: Json | null; list: Json[] | string; total: number }>(
    FOLLOWER_PAGE,
    [followerId, viewer.accountId, options.skip, options.limit ?? MESSAGE_PAGE_SIZE, options.hide ?? false],
  );
  const follower = seenFollower(viewer, row?.follower ? toFollowerRow(row.follower) : null);
  const list = typeof row.list === 'string' ? (JSON.parse(row.list) as Json[]) : row.list;
  return {
    follower,
    list: await messagesToWire(ctx.db, list.map(toMessageRow).reverse()),
    total: Number(row.total),
  };
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
