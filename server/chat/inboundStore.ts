// Stores a customer's message in one SQL statement (one round trip, atomic on its own): the
// follower is created or updated with the message's preview and unread count, a new live chat is
// opened when there is none or the last one is done or expired, the open one notes the customer's
// time, and the message is inserted. A repeat (same temp id or platform id) hits the unique index
// on messages, which rolls the whole statement back; the stored message is then read and returned.
// A redelivered webhook event (inbound_events) changes nothing.
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { newId } from '../accounts/ids';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { ensureDefaultQueue } from './queues';
import { toFollowerRow, toMessageRow } from './rows';
import type { followers, messages } from './schema';
import { TtlCache } from './ttlCache';

type FollowerRow = typeof followers.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** The live chat a message went to, when it was already open (a new one has no countdown). */
export interface OpenLivechat {
  countdownUntil: Date | null;
  isAccepted: boolean;
  userId: string | null;
}

export interface StoredInbound {
  followerRow: FollowerRow;
  messageRow: MessageRow;
  created: boolean;
  newChat: boolean;
  /** Null for a new chat, a repeat, or (rarely) a live chat opened by a concurrent message. */
  livechat: OpenLivechat | null;
}

export interface InboundValues {
  accountId: string;
  channelId: string;
  channelType: string;
  externalId: string;
  followerType: 'room' | 'group' | 'other';
  name: string;
  /** undefined keeps the stored image. */
  image: string | null | undefined;
  isBusiness: boolean;
  at: Date;
  items: unknown;
  text: string;
  tempId: string | null;
  externalMessageId: string | null;
  eventId: string | null;
  /** Stored only while this widget session still belongs to `externalId` (a session read from a cache). */
  widgetSessionId: string | null;
}

/** The widget session given as `widgetSessionId` no longer belongs to the visitor: nothing was stored. */
export class WidgetSessionMoved extends Error {}

/** A live chat opens when there is none, or the last one is done or expired. */
const OPENS = '(f.livechat_id is null or f.lc_is_done or f.lc_is_expired)';

const STORE = statement(
  'chat_inbound_store',
  /* sql */ `
with ev as (
  insert into inbound_events (channel_id, event_id)
  select $3::text, $20::text where $20::text is not null
  on conflict do nothing
  returning 1
),
up as (
  insert into followers as f (id, account_id, channel_id, channel_type, external_id, follower_type, line_name,
    line_image, livechat_id, lc_queue_id, lc_is_business, last_message_at, last_message_text,
    count_not_is_replied, updated_at)
  select $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $10::text, $11::text,
    $12::boolean, $13::timestamptz, $14::text, 1, $13::timestamptz
  where ($20::text is null or exists (select 1 from ev))
    and ($21::text is null or exists (select 1 from widget_sessions ws where ws.id = $21::text and ws.visitor_id = $5::text))
  on conflict (channel_id, external_id) do update set
    line_name = case when excluded.line_name <> '' then excluded.line_name else f.line_name end,
    line_image = case when $9::boolean then excluded.line_image else f.line_image end,
    livechat_id = case when ${OPENS} then excluded.livechat_id else f.livechat_id end,
    lc_user_id = case when ${OPENS} then null else f.lc_user_id end,
    lc_queue_id = case when ${OPENS} then excluded.lc_queue_id else f.lc_queue_id end,
    lc_is_accepted = f.lc_is_accepted and not ${OPENS},
    lc_is_missed = f.lc_is_missed and not ${OPENS},
    lc_is_expired = f.lc_is_expired and not ${OPENS},
    lc_is_done = f.lc_is_done and not ${OPENS},
    lc_is_business = case when ${OPENS} then excluded.lc_is_business else f.lc_is_business end,
    last_message_at = excluded.last_message_at,
    last_message_text = excluded.last_message_text,
    count_not_is_replied = f.count_not_is_replied + 1,
    updated_at = excluded.updated_at
  returning *
),
opened as (
  insert into livechats (id, account_id, follower_id, queue_id, is_business, started_at, waiting_since,
    last_customer_at)
  select up.livechat_id, up.account_id, up.id, up.lc_queue_id, up.lc_is_business, $13::timestamptz,
    $13::timestamptz, $13::timestamptz
  from up where up.livechat_id = $10::text
),
touched as (
  update livechats l set last_customer_at = $13::timestamptz
  from up where l.id = up.livechat_id and up.livechat_id <> $10::text
  returning l.countdown_until, l.is_accepted, l.user_id
),
m as (
  insert into messages (id, account_id, follower_id, livechat_id, type, from_type, from_id, temp_id, external_id,
    items, text, new_chat, delivery, created_at)
  select $15::text, up.account_id, up.id, up.livechat_id, 'question', 'customer', up.id, $16::text, $17::text,
    $18::jsonb, $19::text, up.livechat_id = $10::text, 'sent', $13::timestamptz
  from up
  returning *
)
select (select row_to_json(up) from up) as follower, (select row_to_json(m) from m) as message,
  (select row_to_json(touched) from touched) as livechat,
  ($21::text is null or exists (select 1 from widget_sessions ws where ws.id = $21::text and ws.visitor_id = $5::text))
    as allowed`,
);

/** The message a repeat stands for: by the platform's id when there is one, else by temp id. */
const STORED = statement(
  'chat_inbound_stored',
  /* sql */ `
select row_to_json(f) as follower, row_to_json(m) as message
from followers f join messages m on m.follower_id = f.id
where f.channel_id = $1 and f.external_id = $2
  and case when $4::text is not null then m.external_id = $4::text else m.temp_id = $3::text end
limit 1`,
);

const EVENT = statement(
  'chat_inbound_event',
  'insert into inbound_events (channel_id, event_id) values ($1, $2) on conflict do nothing returning 1',
);

type Json = Record<string, unknown>;

/** Default queues are made once and never deleted (settings/queues.ts): remembered a long while. */
const defaultQueues = new TtlCache<string>(10 * 60_000);

async function defaultQueueId(ctx: AppContext, accountId: string): Promise<string> {
  return defaultQueues.load(accountId, () => ensureDefaultQueue(ctx.db, accountId));
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

export async function storeInbound(ctx: AppContext, v: InboundValues): Promise<StoredInbound | null> {
  const livechatId = newId();
  const queueId = await defaultQueueId(ctx, v.accountId);
  let rows: { follower: Json | null; message: Json | null; livechat: Json | null; allowed: boolean }[];
  try {
    rows = await ctx.database.run(STORE, [
      newId(),
      v.accountId,
      v.channelId,
      v.channelType,
      v.externalId,
      v.followerType,
      v.name,
      v.image ?? null,
      v.image !== undefined,
      livechatId,
      queueId,
      v.isBusiness,
      v.at,
      v.text.slice(0, 200),
      newId(),
      v.tempId,
      v.externalMessageId,
      JSON.stringify(v.items),
      v.text,
      v.eventId,
      v.widgetSessionId,
    ]);
  } catch (err) {
    if (!isUniqueViolation(err) || (!v.tempId && !v.externalMessageId)) throw err;
    return storedRepeat(ctx, v, err);
  }
  const [row] = rows;
  if (row && !row.allowed) throw new WidgetSessionMoved(SERVER_MESSAGES.sessionMoved);
  if (!row?.message || !row.follower) return null;
  const followerRow = toFollowerRow(row.follower);
  const newChat = followerRow.livechatId === livechatId;
  const lc = row.livechat;
  return {
    followerRow,
    messageRow: toMessageRow(row.message),
    created: true,
    newChat,
    livechat: lc
      ? {
          countdownUntil: lc.countdown_until ? new Date(lc.countdown_until as string) : null,
          isAccepted: lc.is_accepted === true,
          userId: (lc.user_id as string | null) ?? null,
        }
      : null,
  };
}

async function storedRepeat(ctx: AppContext, v: InboundValues, err: unknown): Promise<StoredInbound | null> {
  if (v.eventId) {
    const fresh = await ctx.database.run(EVENT, [v.channelId, v.eventId]);
    if (fresh.length === 0) return null;
  }
  const [row] = await ctx.database.run<{ follower: Json; message: Json }>(STORED, [
    v.channelId,
    v.externalId,
    v.tempId,
    v.externalMessageId,
  ]);
  if (!row) throw err;
  return {
    followerRow: toFollowerRow(row.follower),
    messageRow: toMessageRow(row.message),
    created: false,
    newChat: false,
    livechat: null,
  };
}
