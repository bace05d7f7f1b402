import type { Migration } from './index';

export const m0001_accounts: Migration = {
  id: '0001_accounts',
  sql: /* sql */ `
create table workspaces (
  id text primary key,
  name text not null,
  created_at timestamptz not null default now()
);

-- An official messaging account: what the account selector picks and what channel_id names.
create table accounts (
  id text primary key,
  workspace_id text not null references workspaces(id) on delete cascade,
  name text not null,
  picture text,
  created_at timestamptz not null default now()
);
create index accounts_workspace on accounts (workspace_id);

-- A channel of an account: web widget, LINE, Messenger, Instagram or WeChat.
create table channels (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  type text not null check (type in ('widget', 'line', 'messenger', 'instagram', 'wechat')),
  name text not null,
  config jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index channels_account on channels (account_id, type);

create table roles (
  id text primary key,
  workspace_id text not null references workspaces(id) on delete cascade,
  name text not null,
  level integer not null check (level >= 1),
  unique (workspace_id, name)
);

create table users (
  id text primary key,
  email text not null,
  password_hash text not null,
  display_name text not null,
  first_name text not null default '',
  last_name text not null default '',
  phone text not null default '',
  email_verified boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index users_email on users (lower(email));

create table memberships (
  user_id text not null references users(id) on delete cascade,
  account_id text not null references accounts(id) on delete cascade,
  role_id text not null references roles(id),
  created_at timestamptz not null default now(),
  primary key (user_id, account_id)
);
create index memberships_account on memberships (account_id);

-- Sign-in sessions; only a hash of the token is kept.
create table sessions (
  token_hash text primary key,
  user_id text not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index sessions_user on sessions (user_id);

-- Failed sign-ins, per e-mail and per address, for slowing down guessing (works across processes).
create table login_failures (
  key text not null,
  at timestamptz not null default now()
);
create index login_failures_key on login_failures (key, at);
`,
};
