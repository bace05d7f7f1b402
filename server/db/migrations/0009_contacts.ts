import type { Migration } from './index';

// Issue 9: contacts (typed fields with per-role permissions, verification), tag permissions,
// per-area role permissions, deactivated members, invitations, queue round-robin, and the
// indexes the contact list pages through at 100,000 contacts.
export const m0009_contacts: Migration = {
  id: '0009_contacts',
  sql: /* sql */ `
-- Per-area access of a role (core/access/areas.ts); null means the defaults of its level.
alter table roles add column permissions jsonb;

-- A deactivated member keeps their history but can no longer use the account.
alter table memberships add column deactivated_at timestamptz;

-- Who sees a tag (spec 4, 6): entries per role, kept apart for verified and default contacts.
alter table tags add column permission jsonb not null default '{"verify":[],"default":[]}'::jsonb;
-- Tags made before permissions existed stay visible to every role (view and change).
update tags t set permission = coalesce((
  select jsonb_build_object('verify', jsonb_agg(e), 'default', jsonb_agg(e))
  from (
    select jsonb_build_object('role_id', r.id, 'action_type', 1) as e
    from roles r join accounts a on a.workspace_id = r.workspace_id
    where a.id = t.account_id
  ) entries
), t.permission);

-- An invitation to join an account with a role; only a hash of its one-time token is kept.
create table invitations (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  email text not null,
  role_id text not null references roles(id) on delete cascade,
  token_hash text not null unique,
  invited_by text references users(id) on delete set null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index invitations_pending on invitations (account_id, lower(email)) where accepted_at is null;

-- The custom fields of an account's contacts (spec 3 contact_detail), with who may see them.
create table contact_fields (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  key text not null,
  label text not null,
  type text not null check (type in ('date', 'date_time', 'array', 'other')),
  permission jsonb not null default '{"verify":[],"default":[]}'::jsonb,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create unique index contact_fields_key on contact_fields (account_id, lower(key));

create table contact_field_values (
  follower_id text not null references followers(id) on delete cascade,
  field_id text not null references contact_fields(id) on delete cascade,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (follower_id, field_id)
);
create index contact_field_values_field on contact_field_values (field_id);

-- A verified customer (spec 3 verify): one row per verified contact.
create table contact_verifications (
  follower_id text primary key references followers(id) on delete cascade,
  account_id text not null references accounts(id) on delete cascade,
  verify_type text not null default 'manual',
  system_tags jsonb not null default '[]'::jsonb,
  customer_id text,
  customer_type text,
  verified_at timestamptz not null default now(),
  verified_by text
);
create index contact_verifications_account on contact_verifications (account_id, verified_at);

-- When each member of a queue was last given a chat automatically (round robin).
create table queue_assignments (
  queue_id text not null references queues(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  last_assigned_at timestamptz not null default now(),
  primary key (queue_id, user_id)
);

-- Contact list sorts and filters (the default sort, last activity, uses followers_recent).
create index followers_contact_name on followers
  (account_id, lower(coalesce(nullif(line_nickname, ''), line_name)), id);
create index followers_contact_created on followers (account_id, created_at desc, id desc);
create index followers_contact_channel on followers
  (account_id, channel_type, last_message_at desc nulls last, id desc);
`,
};
