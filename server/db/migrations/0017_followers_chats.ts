import type { Migration } from './index';

// The inbox and 'all' list only followers that have had a live chat (core/chat/chatTypes.ts
// hasLiveChat): contacts added by hand or imported by the thousand have none. This index holds the
// chats alone, so the inbox pages and their capped count read the chats, not every contact.
export const m0017_followers_chats: Migration = {
  id: '0017_followers_chats',
  sql: /* sql */ `
create index followers_chats on followers (account_id, last_message_at desc nulls last, id desc)
  where livechat_id is not null;
`,
};
