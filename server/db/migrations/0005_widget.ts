import type { Migration } from './index';

export const m0005_widget: Migration = {
  id: '0005_widget',
  sql: /* sql */ `
-- A widget visitor's session: the token is only kept as a SHA-256 hash.
create table widget_sessions (
  id text primary key,
  token_hash text not null unique,
  channel_id text not null references channels(id) on delete cascade,
  account_id text not null references accounts(id) on delete cascade,
  visitor_id text not null,
  profile jsonb not null default '{}'::jsonb,
  renewed_by_event text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index widget_sessions_visitor on widget_sessions (channel_id, visitor_id);

-- Files attached in the widget (and widget logos); the bytes live under DATA_DIR/widget-files.
create table widget_files (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  channel_id text not null references channels(id) on delete cascade,
  session_id text,
  name text not null,
  content_type text not null,
  category text not null check (category in ('image', 'video', 'file')),
  size bigint not null,
  width integer,
  height integer,
  created_at timestamptz not null default now()
);

-- Postback taps, recorded once per event for the actions runtime.
create table widget_postbacks (
  channel_id text not null references channels(id) on delete cascade,
  event_id text not null,
  session_id text not null,
  visitor_id text not null,
  data text not null,
  menu_id text,
  menu_button_id text,
  created_at timestamptz not null default now(),
  primary key (channel_id, event_id)
);
`,
};
