import type { Migration } from './index';

// Issue 11: reply messages and their groups, keyword mapping, intents, greeting and
// outside-business-hours replies, which rule answered a bot message, rich menus, locations.
export const m0011_automation: Migration = {
  id: '0011_automation',
  sql: /* sql */ `
create table reply_groups (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index reply_groups_account on reply_groups (account_id, position, created_at);

create table reply_messages (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  group_id text references reply_groups(id) on delete set null,
  name text not null,
  items jsonb not null,
  quick_replies jsonb not null default '[]'::jsonb,
  is_active boolean not null default true,
  position integer not null default 0,
  created_by text references users(id) on delete set null,
  updated_by text references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reply_messages_account on reply_messages (account_id, group_id, position, created_at);

create table keyword_rules (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  keywords jsonb not null,
  action text not null check (action in ('reply', 'talkToHuman', 'queue')),
  reply_message_id text references reply_messages(id) on delete set null,
  queue_id text,
  bot_text text not null default '',
  priority integer not null default 1,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index keyword_rules_account on keyword_rules (account_id, priority, created_at);

create table intents (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  is_active boolean not null default true,
  training_phrases jsonb not null,
  reply_message_id text references reply_messages(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index intents_account on intents (account_id, created_at);

create table automation_settings (
  account_id text primary key references accounts(id) on delete cascade,
  greeting_enabled boolean not null default false,
  greeting_reply_id text references reply_messages(id) on delete set null,
  outside_hours_enabled boolean not null default false,
  outside_hours_reply_id text references reply_messages(id) on delete set null,
  intent_threshold real,
  updated_at timestamptz not null default now()
);

-- A reply that goes once per conversation: the first insert wins, under any concurrency.
create table automation_once (
  livechat_id text not null,
  kind text not null,
  created_at timestamptz not null default now(),
  primary key (livechat_id, kind)
);

create table bot_answers (
  message_id text primary key references messages(id) on delete cascade,
  account_id text not null,
  follower_id text not null,
  question_id text,
  rule_kind text not null,
  rule_id text,
  rule_name text not null,
  matched text not null default '',
  score real,
  created_at timestamptz not null default now()
);
create index bot_answers_follower on bot_answers (follower_id, created_at);

create table rich_menus (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  channel_id text,
  kind text not null check (kind in ('general', 'personal')),
  name text not null,
  menu_bar_label text not null,
  default_behavior text not null,
  template text not null,
  image_file_id text,
  areas jsonb not null,
  target text not null default 'verified',
  follower_ids jsonb not null default '[]'::jsonb,
  status text not null default 'draft',
  line_rich_menu_id text,
  linked jsonb,
  publish_error text,
  published_at timestamptz,
  created_by text references users(id) on delete set null,
  updated_by text references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index rich_menus_account on rich_menus (account_id, kind, status, updated_at desc);

create table locations (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  open_time text not null default '',
  close_time text not null default '',
  telephone text not null default '',
  mobile text not null default '',
  address text not null default '',
  province text not null default '',
  district text not null default '',
  sub_district text not null default '',
  postcode text not null default '',
  nearby_place text not null default '',
  latitude text not null,
  longitude text not null,
  image text,
  is_active text not null default 'Active' check (is_active in ('Active', 'Disactive')),
  created_by text references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index locations_account on locations (account_id, created_at desc);
`,
};
