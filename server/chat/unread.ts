// Unread counts of the chat state (spec 3: me, not_replied, other): customer messages not yet
// answered in the open chats the viewer may see — in their own chats, in chats nobody has, and in
// other agents' chats. One aggregate, off the message path: it reads only followers with a message
// inside the expiry window (an open chat idle longer has been expired by the sweeper), through the
// followers_recent index, so its cost follows a day's traffic, not the number of followers.
import { and, gt, not, or, type SQL, sql } from 'drizzle-orm';
import type { UnreadCounts } from '../../core/models/chatWire';
import type { Db } from '../db/client';
import { inboxWhere, visibilityWhere } from './followerQuery';
import { followers } from './schema';
import { loadChatSettings } from './settings';
import type { Viewer } from './viewer';

const f = followers;
/** The sweeper runs every few seconds; this slack keeps a chat it has not reached yet counted. */
const SWEEP_SLACK_S = 3600;

export async function unreadCounts(db: Db, viewer: Viewer, now = new Date()): Promise<UnreadCounts> {
  const settings = await loadChatSettings(db, viewer.accountId);
  const since = new Date(now.getTime() - (settings.expire_after_seconds + SWEEP_SLACK_S) * 1000);
  const open = not(or(f.lcIsMissed, f.lcIsExpired, f.lcIsDone) as SQL);
  const result = await db
    .select({
      me: sql<string>`coalesce(sum(${f.countNotIsReplied}) filter (where ${f.lcUserId} = ${viewer.userId}), 0)`,
      notReplied: sql<string>`coalesce(sum(${f.countNotIsReplied}) filter (where ${f.lcUserId} is null), 0)`,
      other: sql<string>`coalesce(sum(${f.countNotIsReplied}) filter (where ${f.lcUserId} <> ${viewer.userId}), 0)`,
    })
    .from(f)
    .where(
      and(
        sql`${f.accountId} = ${viewer.accountId}`,
        gt(f.lastMessageAt, since),
        gt(f.countNotIsReplied, 0),
        open,
        inboxWhere(),
        visibilityWhere(viewer),
      ),
    );
  const row = result[0];
  return {
    me: Number(row?.me ?? 0),
    not_replied: Number(row?.notReplied ?? 0),
    other: Number(row?.other ?? 0),
  };
}
