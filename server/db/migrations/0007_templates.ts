import type { Migration } from './index';

export const m0007_templates: Migration = {
  id: '0007_templates',
  sql: /* sql */ `
-- Card-message templates built in the editor (issue 6). form is the editor's form as saved
-- (a TemplateForm for bubble and carousel, an ImagemapForm for imagemap); line_message is what
-- the server converted it to on save, so senders need not convert again.
create table message_templates (
  id text primary key,
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('bubble', 'carousel', 'imagemap')),
  form jsonb not null,
  line_message jsonb not null,
  created_by text references users(id) on delete set null,
  updated_by text references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index message_templates_recent on message_templates (account_id, updated_at desc, id);
`,
};
