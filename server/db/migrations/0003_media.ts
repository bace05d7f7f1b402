import type { Migration } from './index';

export const m0003_media: Migration = {
  id: '0003_media',
  sql: /* sql */ `
-- Media library folders; a folder may sit inside another. One default folder per account.
create table media_folders (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  parent_id text references media_folders(id) on delete cascade,
  name text not null,
  is_default boolean not null default false,
  created_by text,
  created_at timestamptz not null default now()
);
create index media_folders_account on media_folders (account_id, parent_id);
create unique index media_folders_one_default on media_folders (account_id) where is_default;
create unique index media_folders_sibling_name on media_folders (account_id, coalesce(parent_id, ''), lower(name));

-- Media files. The bytes live in the media store under storage_key (never the file's name).
-- folder_id has no cascade: removing a folder with files must go through the code that keeps
-- media_usage exact.
create table media_files (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  folder_id text not null references media_folders(id),
  name text not null,
  storage_key text not null,
  content_type text not null,
  extension text not null,
  category text not null check (category in ('image', 'video', 'file')),
  size bigint not null check (size >= 0),
  width integer,
  height integer,
  thumbnail_key text,
  created_by text,
  expires_at timestamptz,
  created_at timestamptz not null default now()
);
create index media_files_folder on media_files (account_id, folder_id, created_at desc);
create index media_files_expiry on media_files (expires_at) where expires_at is not null;

-- Bytes stored per account, kept exact by the transactions that insert and delete files.
create table media_usage (
  account_id text primary key references accounts(id) on delete cascade,
  used bigint not null default 0 check (used >= 0),
  limit_bytes bigint not null
);
`,
};
