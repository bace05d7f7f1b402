// Stores an agent's (or the bot's) message in one SQL statement (one round trip, atomic on its
// own): the conversation is updated under its row lock, where the sender's queue visibility is
// checked on the row as it is then; the message goes in already claimed for delivery by this
// process (delivery.ts), the questions before it count as replied, and the live chat notes the
// agent's answer. A repeat of a temp id hits the unique index on messages, which rolls the
// whole statement back; the stored message is then read and returned.
//
// Every reply marks all the questions before it, so the unanswered ones come after the chat's
// last answered question: the update reads the chat's newest messages back to that one (the page
// index, seq descending) instead of every message the customer ever sent. Bounding by the last
// answered question rather than the last reply also catches a question stored while an earlier
// reply waited for the conversation's lock (which that reply's snapshot could not see), and the
// bot's notes, which are replies that mark nothing. No index names is_replied, so marking stays a
// heap-only (HOT) update.
import type { QueueScope } from '../../core/access/queues';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { CLAIM_MS } from './delivery';
import { toFollowerRow, toMessageRow } from './rows';
import type { followers, messages } from './schema';
import type { LivechatTimes } from './serialize';

type FollowerRow = typeof followers.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

export interface StoredOutbound {
  followerRow: FollowerRow;
  messageRow: MessageRow;
  created: boolean;
  /** The current live chat's times, read in the same statement (null when it has none). */
  livechat: LivechatTimes | null;
}

export interface OutboundValues {
  accountId: string;
  followerId: string;
  messageId: string;
  tempId: string | null;
  at: Date;
  fromType: 'agent' | 'bot' | 'system';
  userId: string | null;
  items: unknown;
  text: string;
  scope: QueueScope;
}

const STORE = statement(
  'chat_outbound_store',
  /* sql */ `
with fu as (
  update followers f set last_message_at = $5::timestamptz, last_message_text = $6::text,
    count_not_is_replied = 0, updated_at = $5::timestamptz
  where f.id = $1::text and f.account_id = $2::text
    and ($11::boolean or (f.lc_queue_id is null and $12::boolean) or f.lc_queue_id = any($13::text[]))
  returning f.*
),
m as (
  insert into messages (id, account_id, follower_id, livechat_id, type, from_type, from_id, temp_id, items, text,
    delivery, delivery_claimed_until, created_at)
  select $3::text, fu.account_id, fu.id, fu.livechat_id, 'reply', $7::text, $8::text, $4::text, $9::jsonb,
    $10::text, 'pending', $14::timestamptz, $5::timestamptz
  from fu
  returning *
),
replied as (
  update messages set is_replied = true
  where follower_id = $1::text and type = 'question' and not is_replied and exists (select 1 from fu)
    and (select count_not_is_replied from followers where id = $1::text) > 0
    and seq > coalesce((select q.seq from messages q
      where q.follower_id = $1::text and q.type = 'question' and q.is_replied
      order by q.seq desc limit 1), 0)
),
answered as (
  update livechats l set last_agent_at = $5::timestamptz,
    first_response_at = coalesce(l.first_response_at, $5::timestamptz)
  from fu where l.id = fu.livechat_id and $7::text = 'agent'
  returning l.countdown_until, l.last_customer_at
)
select row_to_json(fu) as follower, (select row_to_json(m) from m) as message,
  coalesce((select row_to_json(answered) from answered),
    (select row_to_json(t) from (select l.countdown_until, l.last_customer_at from livechats l
      where l.id = fu.livechat_id) t)) as livechat
from fu`,
);

/** The message a retried temp id stands for, with its conversation (when the sender may see it). */
const STORED = statement(
  'chat_outbound_stored',
  /* sql */ `
select row_to_json(f) as follower, row_to_json(m) as message,
  (select row_to_json(t) from (select l.countdown_until, l.last_customer_at from livechats l
    where l.id = f.livechat_id) t) as livechat
from followers f join messages m on m.follower_id = f.id and m.temp_id = $3
where f.id = $1 and f.account_id = $2
  and ($4::boolean or (f.lc_queue_id is null and $5::boolean) or f.lc_queue_id = any($6::text[]))
limit 1`,
);

type Json = Record<string, unknown>;
type Row = { follower: Json; message: Json | null; livechat: Json | null };

const scopeParams = (scope: QueueScope) =>
  scope.all ? [true, false, []] : [false, scope.noQueue, scope.queueIds];

function timesOf(json: Json | null): LivechatTimes | null {
  if (!json) return null;
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  return { countdownUntil: date(json.countdown_until), lastCustomerAt: date(json.last_customer_at) };
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/** Null when the conversation is not there or not in the sender's queues. */
export async function storeOutbound(ctx: AppContext, v: OutboundValues): Promise<StoredOutbound | null> {
  let rows: Row[];
  try {
    rows = await ctx.database.run<Row>(STORE, [
      v.followerId,
      v.accountId,
      v.messageId,
      v.tempId,
      v.at,
      v.text.slice(0, 200),
      v.fromType,
      v.userId,
      JSON.stringify(v.items),
      v.text,
      ...scopeParams(v.scope),
      new Date(v.at.getTime() + CLAIM_MS),
    ]);
  } catch (err) {
    if (!isUniqueViolation(err) || !v.tempId) throw err;
    const [stored] = await ctx.database.run<Row>(STORED, [
      v.followerId,
      v.accountId,
      v.tempId,
      ...scopeParams(v.scope),
    ]);
    // Not there (or no longer in the sender's queues): a 404 like any other send to it.
    if (!stored?.message) return null;
    return { ...toRows(stored), created: false };
  }
  const [row] = rows;
  if (!row?.message) return null;
  return { ...toRows(row), created: true };
}

function toRows(row: Row) {
  return {
    followerRow: toFollowerRow(row.follower),
    messageRow: toMessageRow(row.message as Json),
    livechat: timesOf(row.livechat),
  };
}
