import type { Migration } from './index';

export const m0008_channels: Migration = {
  id: '0008_channels',
  sql: /* sql */ `
-- Webhook events from LINE, Meta and WeChat, stored as received before the platform gets its 200,
-- then processed; a crash between the two loses nothing (the sweeper picks the row up again).
-- (channel_id, event_key) makes a redelivered event land on the row it already has.
create table channel_inbound (
  id text primary key,
  channel_id text not null references channels(id) on delete cascade,
  account_id text not null references accounts(id) on delete cascade,
  platform text not null check (platform in ('line', 'meta', 'wechat')),
  event_key text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
  attempts integer not null default 0,
  claimed_until timestamptz,
  last_error text,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  unique (channel_id, event_key)
);
create index channel_inbound_pending on channel_inbound (received_at) where status = 'pending';
create index channel_inbound_processed on channel_inbound (processed_at) where status <> 'pending';

-- Events that are not customer messages (follow, unfollow, join, leave, postback, read,
-- delivery), once each; postbacks wait here for the actions runtime.
create table channel_events (
  channel_id text not null references channels(id) on delete cascade,
  event_key text not null,
  account_id text not null references accounts(id) on delete cascade,
  follower_id text references followers(id) on delete set null,
  kind text not null,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  primary key (channel_id, event_key)
);
create index channel_events_follower on channel_events (follower_id, created_at desc);

-- The newest LINE reply token of a conversation; used at most once (used_by = our message id).
create table channel_reply_tokens (
  follower_id text primary key references followers(id) on delete cascade,
  token text not null,
  received_at timestamptz not null,
  used_by text
);

-- Platform access tokens fetched with the channel's secret (WeChat), shared by every process.
create table channel_access_tokens (
  channel_id text primary key references channels(id) on delete cascade,
  token text not null,
  expires_at timestamptz not null
);

-- Server-wide keys (the key that signs media addresses handed to the platforms).
create table channel_keys (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
`,
};
