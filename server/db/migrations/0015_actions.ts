import type { Migration } from './index';

// Issue 16: actions that run (taps on buttons, menus and quick replies), external API
// connections, and customer verification.
export const m0015_actions: Migration = {
  id: '0015_actions',
  sql: /* sql */ `
-- An external API the account calls (settings "API"): actions, templates and verification use it.
-- Header and body values flagged secret never leave the server.
create table api_connections (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  slug text not null,
  method text not null default 'GET',
  url text not null,
  headers jsonb not null default '[]'::jsonb,
  body_type text not null default 'fields' check (body_type in ('fields', 'json')),
  body jsonb not null default '[]'::jsonb,
  body_json text not null default '',
  status boolean not null default true,
  variables_option jsonb not null default '[]'::jsonb,
  sample_values jsonb not null default '{}'::jsonb,
  answers jsonb not null default '{"conditions":[],"fallback":""}'::jsonb,
  created_by text references users(id) on delete set null,
  updated_by text references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index api_connections_slug on api_connections (account_id, lower(slug));

-- Every tap the runtime handled, once per platform event (a redelivery finds its row).
create table action_runs (
  channel_id text not null,
  event_key text not null,
  account_id text not null references accounts(id) on delete cascade,
  follower_id text references followers(id) on delete cascade,
  data text not null,
  action_type text not null default '',
  status text not null default 'running',
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (channel_id, event_key)
);
create index action_runs_follower on action_runs (follower_id, created_at);

-- The last run of the same tap by the same customer: a double tap within seconds runs once.
create table action_taps (
  follower_id text not null references followers(id) on delete cascade,
  data_hash text not null,
  last_at timestamptz not null,
  primary key (follower_id, data_hash)
);

-- Stored actions by their key (core/template actionKeyOf): content-addressed, so never stale.
create table action_refs (
  account_id text not null references accounts(id) on delete cascade,
  key text not null,
  action jsonb not null,
  source_kind text not null,
  source_id text not null,
  created_at timestamptz not null default now(),
  primary key (account_id, key)
);

-- How customers verify (spec 3 verify): the form's fields, an API or an agent, the bot's words.
create table verification_settings (
  account_id text primary key references accounts(id) on delete cascade,
  mode text not null default 'agent' check (mode in ('agent', 'api')),
  api_connection_id text references api_connections(id) on delete set null,
  fields jsonb not null default '[]'::jsonb,
  texts jsonb not null default '{}'::jsonb,
  language text not null default 'en',
  updated_by text references users(id) on delete set null,
  updated_at timestamptz not null default now()
);

-- One verification a customer started with a verify action; only a hash of its link token is kept.
create table verification_requests (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  follower_id text not null references followers(id) on delete cascade,
  token_hash text not null unique,
  status text not null default 'open'
    check (status in ('open', 'pending', 'verified', 'rejected', 'failed', 'expired', 'cancelled')),
  values jsonb not null default '{}'::jsonb,
  attempts integer not null default 0,
  result jsonb,
  error text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  submitted_at timestamptz,
  decided_at timestamptz,
  decided_by text references users(id) on delete set null
);
create index verification_requests_account on verification_requests (account_id, status, submitted_at);
create index verification_requests_follower on verification_requests (follower_id, created_at);
`,
};
