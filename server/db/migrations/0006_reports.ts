import type { Migration } from './index';

export const m0006_reports: Migration = {
  id: '0006_reports',
  sql: /* sql */ `
-- An agent's availability over time (reports: away duration, chat utilization). One row per
-- change of state: 'available' or 'away' (the agent's chat status while a console is open) and
-- 'offline' (the agent's last console on the account closed). A state lasts until the next row.
create table agent_status_events (
  id bigint generated always as identity primary key,
  account_id text not null references accounts(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  status text not null check (status in ('available', 'away', 'offline')),
  at timestamptz not null default now()
);
create index agent_status_events_user on agent_status_events (account_id, user_id, at);
create index agent_status_events_at on agent_status_events (account_id, at);

-- A customer's post-chat rating (1 to 5 stars) from the widget; one per live chat, a second
-- rating of the same chat replaces the first.
create table chat_ratings (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  channel_id text not null references channels(id) on delete cascade,
  follower_id text not null references followers(id) on delete cascade,
  livechat_id text not null references livechats(id) on delete cascade,
  session_id text,
  score smallint not null check (score between 1 and 5),
  comment text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (livechat_id)
);
create index chat_ratings_account on chat_ratings (account_id, created_at);

-- Reports read live chats and contacts by period, and the bot's replies.
create index report_livechats_started on livechats (account_id, started_at);
create index report_followers_created on followers (account_id, created_at) include (follower_type, is_block, channel_type);
create index report_messages_bot on messages (account_id, created_at) include (livechat_id) where from_type = 'bot';
`,
};
