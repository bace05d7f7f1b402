import type { Migration } from './index';

export const m0014_chat_import: Migration = {
  id: '0014_chat_import',
  sql: /* sql */ `
-- Chat history files brought in from the settings' chat import (issue 17): one row per file.
create table chat_imports (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  file_name text not null,
  file_hash text not null,
  format text not null check (format in ('oam', 'export', 'template')),
  status text not null default 'importing' check (status in ('importing', 'done', 'failed')),
  total_rows integer not null default 0,
  processed_rows integer not null default 0,
  conversations integer not null default 0,
  messages_added integer not null default 0,
  messages_merged integer not null default 0,
  error text,
  created_by text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index chat_imports_account on chat_imports (account_id, created_at desc);
-- The same file imported twice adds nothing: a finished import of its bytes is found first.
create index chat_imports_hash on chat_imports (account_id, file_hash) where status = 'done';

-- Imported conversations (spec 2 "unknown-chat import and merge list"): until an agent merges one
-- into a follower (or the file named the follower), it waits in the unknown-chat list.
create table unknown_chats (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  -- Which conversation of which source this is; importing it again finds it.
  source_key text not null,
  import_id text,
  format text not null,
  name text not null default '',
  channel_type text,
  social_id text,
  message_count integer not null default 0,
  first_at timestamptz,
  last_at timestamptz,
  last_text text not null default '',
  merged_follower_id text references followers(id) on delete set null,
  merged_by text,
  merged_at timestamptz,
  created_at timestamptz not null default now(),
  unique (account_id, source_key)
);
create index unknown_chats_list on unknown_chats (account_id, last_at desc nulls last, id desc);
create index unknown_chats_follower on unknown_chats (merged_follower_id) where merged_follower_id is not null;

create table unknown_chat_messages (
  seq bigint generated always as identity primary key,
  account_id text not null references accounts(id) on delete cascade,
  unknown_chat_id text not null references unknown_chats(id) on delete cascade,
  -- Content key (time, sender, text, repeat): a row already imported is not added again.
  msg_key text not null,
  at timestamptz not null,
  line integer not null default 0,
  sender_type text not null check (sender_type in ('customer', 'agent', 'bot', 'system')),
  sender_name text not null default '',
  items jsonb not null,
  text text not null default '',
  unique (unknown_chat_id, msg_key)
);
create index unknown_chat_messages_time on unknown_chat_messages (unknown_chat_id, at, seq);

-- Messages merged in from an unknown chat: which one, and the sender's name the file gave. A
-- conversation's history is read in time order, so imported messages fall where they belong.
alter table messages add column imported_chat_id text;
alter table messages add column imported_sender text;
create index messages_imported on messages (imported_chat_id) where imported_chat_id is not null;
create index messages_time on messages (follower_id, created_at desc, seq desc);
`,
};
