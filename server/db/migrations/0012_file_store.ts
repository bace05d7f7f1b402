import type { Migration } from './index';

export const m0012_file_store: Migration = {
  id: '0012_file_store',
  sql: /* sql */ `
-- Widget attachments and logos are kept in the media library (media_files) now; the widget keeps
-- only which visitor session uploaded which file.
drop table widget_files;
create table widget_uploads (
  file_id text primary key references media_files(id) on delete cascade,
  session_id text not null references widget_sessions(id) on delete cascade,
  channel_id text not null references channels(id) on delete cascade,
  created_at timestamptz not null default now()
);
create index widget_uploads_session on widget_uploads (session_id);
`,
};
