import type { Migration } from './index';

// Issue 10: broadcasts (who, what, when; the batches and recipients of a send) and tracked links
// with their clicks.
export const m0013_broadcasts: Migration = {
  id: '0013_broadcasts',
  sql: /* sql */ `
create table tracked_links (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  url text not null,
  source_kind text not null check (source_kind in ('broadcast', 'template', 'action')),
  source_id text not null,
  source_part text not null default '',
  follower_id text not null default '',
  created_at timestamptz not null default now()
);
create unique index tracked_links_once
  on tracked_links (account_id, source_kind, source_id, source_part, follower_id, md5(url));
create index tracked_links_source on tracked_links (account_id, source_kind, source_id);

create table link_clicks (
  id bigint generated always as identity primary key,
  link_id text not null references tracked_links(id) on delete cascade,
  account_id text not null references accounts(id) on delete cascade,
  follower_id text,
  visitor text not null,
  clicked_at timestamptz not null default now()
);
create index link_clicks_link on link_clicks (link_id, clicked_at);

create table broadcasts (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  messages jsonb not null default '[]'::jsonb,
  recipients text not null default 'all' check (recipients in ('all', 'targeting')),
  messages_target jsonb not null default '[]'::jsonb,
  excluded_target jsonb not null default '[]'::jsonb,
  target_estimate integer,
  status text not null default 'Drafts'
    check (status in ('Drafts', 'Scheduled', 'Sending', 'Sent', 'Failed', 'Expired')),
  broadcast_time timestamptz,
  origin text,
  total_count integer not null default 0,
  sent_count integer not null default 0,
  failed_count integer not null default 0,
  error text,
  link_parts jsonb not null default '[]'::jsonb,
  lease_owner text,
  lease_until timestamptz,
  prepared_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  created_by text references users(id) on delete set null,
  updated_by text references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index broadcasts_account on broadcasts (account_id, status, updated_at desc);
create index broadcasts_due on broadcasts (broadcast_time) where status in ('Scheduled', 'Sending');

create table broadcast_batches (
  broadcast_id text not null references broadcasts(id) on delete cascade,
  channel_id text not null,
  batch_no integer not null,
  size integer not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  not_before timestamptz,
  claimed_until timestamptz,
  error text,
  sent_at timestamptz,
  primary key (broadcast_id, channel_id, batch_no)
);

create table broadcast_recipients (
  broadcast_id text not null references broadcasts(id) on delete cascade,
  follower_id text not null,
  channel_id text not null,
  channel_type text not null,
  external_id text not null,
  batch_no integer not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  error text,
  sent_at timestamptz,
  primary key (broadcast_id, follower_id)
);
create index broadcast_recipients_batch on broadcast_recipients (broadcast_id, channel_id, batch_no);
create index broadcast_recipients_failed on broadcast_recipients (broadcast_id) where status = 'failed';
`,
};
