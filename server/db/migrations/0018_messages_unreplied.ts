import type { Migration } from './index';

// Every reply marks the questions before it as replied (server/chat/outboundStore.ts). Without this
// index that update read all of the conversation's messages to find the few unreplied ones: a
// customer of some years has thousands, scattered over the table, so each answer to them read
// thousands of pages. This index holds only the questions not yet answered, a handful per chat.
export const m0018_messages_unreplied: Migration = {
  id: '0018_messages_unreplied',
  sql: /* sql */ `
create index messages_unreplied on messages (follower_id) where type = 'question' and not is_replied;
`,
};
