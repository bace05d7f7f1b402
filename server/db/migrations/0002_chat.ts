import type { Migration } from './index';

export const m0002_chat: Migration = {
  id: '0002_chat',
  sql: /* sql */ `
-- Chat settings of an account (times in seconds, business hours, bot info): one JSON document.
create table account_settings (
  account_id text primary key references accounts(id) on delete cascade,
  settings jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);

-- An agent's availability on an account (spec 4: available or away).
alter table memberships add column chat_status text not null default 'available'
  check (chat_status in ('available', 'away'));

-- Chat groups (spec 3 "Queue").
create table queues (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  assign_type text not null default 'manual',
  visibility text not null default 'everyone' check (visibility in ('everyone', 'selected')),
  chats_per_agent integer,
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create index queues_account on queues (account_id);
-- One default queue per account: new chats open in it.
create unique index queues_one_default on queues (account_id) where is_default;

create table queue_members (
  queue_id text not null references queues(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  primary key (queue_id, user_id)
);
create index queue_members_user on queue_members (user_id);

-- A conversation with one customer on one channel (spec 3 "Follower"). The state of its
-- current live chat is copied here (lc_*) so that the inbox filters read one table.
create table followers (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  channel_id text not null references channels(id) on delete cascade,
  channel_type text not null,
  external_id text not null,
  follower_type text not null default 'other' check (follower_type in ('room', 'group', 'other')),
  line_name text not null default '',
  line_nickname text,
  line_image text,
  mode text not null default 'agent' check (mode in ('bot', 'agent')),
  is_block boolean not null default false,
  is_spam boolean not null default false,
  -- Marked by an agent to appear under the 'following' filter (one flag shared by the team).
  is_follow boolean not null default false,
  integration jsonb,
  profile jsonb not null default '{}'::jsonb,
  count_not_is_replied integer not null default 0,
  last_message_at timestamptz,
  last_message_text text not null default '',
  livechat_id text,
  lc_user_id text,
  lc_queue_id text,
  lc_is_accepted boolean not null default false,
  lc_is_missed boolean not null default false,
  lc_is_expired boolean not null default false,
  lc_is_done boolean not null default false,
  lc_is_business boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (channel_id, external_id)
);
create index followers_recent on followers (account_id, last_message_at desc nulls last, id desc);
create index followers_assignee on followers (account_id, lc_user_id, last_message_at desc nulls last);
create index followers_queue on followers (account_id, lc_queue_id, last_message_at desc nulls last);
-- Pinned chats: assigned and still active (spec 4).
create index followers_active_assignee on followers (account_id, lc_user_id, last_message_at desc nulls last)
  where lc_user_id is not null and not (lc_is_missed or lc_is_expired or lc_is_done);
-- The rarer chat_type filters read their own small partial indexes instead of walking the inbox.
create index followers_missed on followers (account_id, last_message_at desc nulls last, id desc) where lc_is_missed;
create index followers_expired on followers (account_id, last_message_at desc nulls last, id desc) where lc_is_expired;
create index followers_done on followers (account_id, last_message_at desc nulls last, id desc) where lc_is_done;
create index followers_following on followers (account_id, last_message_at desc nulls last, id desc) where is_follow;
create index followers_group_room on followers (account_id, last_message_at desc nulls last, id desc) where follower_type <> 'other';
create index followers_blocked on followers (account_id, last_message_at desc nulls last, id desc) where is_block;
create index followers_spam on followers (account_id, last_message_at desc nulls last, id desc) where is_spam;

-- One session of a conversation: opened by a customer message, taken, accepted, closed (spec 4).
create table livechats (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  follower_id text not null references followers(id) on delete cascade,
  queue_id text,
  user_id text,
  is_accepted boolean not null default false,
  is_missed boolean not null default false,
  is_expired boolean not null default false,
  is_done boolean not null default false,
  is_business boolean not null default false,
  started_at timestamptz not null default now(),
  taken_at timestamptz,
  accepted_at timestamptz,
  first_response_at timestamptz,
  last_customer_at timestamptz,
  last_agent_at timestamptz,
  closed_at timestamptz,
  -- Since when the chat waits for an agent to accept it (opened, or assigned to someone new).
  waiting_since timestamptz,
  countdown_until timestamptz
);
create index livechats_follower on livechats (follower_id, started_at desc);
create index livechats_open on livechats (account_id, started_at) where not (is_done or is_missed or is_expired);
-- The lifecycle sweeps (server/chat/sweeps.ts): waiting to be accepted, and idle since.
create index livechats_waiting on livechats (waiting_since) where not (is_accepted or is_done or is_missed or is_expired);
create index livechats_idle on livechats
  ((greatest(started_at, coalesce(last_customer_at, started_at), coalesce(last_agent_at, started_at))))
  where not (is_done or is_missed or is_expired);

-- Messages in and out. seq orders them; temp_id makes an agent's retry the same message;
-- external_id (the platform's id) makes a redelivered webhook the same message.
create table messages (
  id text primary key,
  seq bigint generated always as identity,
  account_id text not null references accounts(id) on delete cascade,
  follower_id text not null references followers(id) on delete cascade,
  livechat_id text,
  type text not null check (type in ('question', 'reply')),
  from_type text not null check (from_type in ('customer', 'agent', 'bot', 'system')),
  from_id text,
  temp_id text,
  external_id text,
  items jsonb not null,
  text text not null default '',
  is_replied boolean not null default false,
  new_chat boolean not null default false,
  delivery text not null default 'sent' check (delivery in ('pending', 'sent', 'failed')),
  delivery_error text,
  delivery_attempts integer not null default 0,
  delivery_claimed_until timestamptz,
  created_at timestamptz not null default now()
);
create index messages_page on messages (follower_id, seq desc);
create unique index messages_temp on messages (follower_id, temp_id) where temp_id is not null;
create unique index messages_external on messages (follower_id, external_id) where external_id is not null;
create index messages_pending on messages (created_at) where delivery = 'pending';
create index messages_account on messages (account_id, seq desc);

-- Webhook events already taken in, so redeliveries change nothing.
create table inbound_events (
  channel_id text not null,
  event_id text not null,
  created_at timestamptz not null default now(),
  primary key (channel_id, event_id)
);

create table notes (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  follower_id text not null references followers(id) on delete cascade,
  no integer not null,
  text text not null,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (follower_id, no)
);

create table tags (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  is_active boolean not null default true,
  is_verify boolean not null default false,
  verify_tag_api boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index tags_name on tags (account_id, lower(name));

create table follower_tags (
  follower_id text not null references followers(id) on delete cascade,
  tag_id text not null references tags(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, tag_id)
);
create index follower_tags_tag on follower_tags (tag_id);
`,
};
