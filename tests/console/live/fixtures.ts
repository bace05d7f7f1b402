// Followers and messages shaped as the server sends them (docs/chat-api.md).
import type { LiveFollower, LiveMessage } from '../../../console/live/calls';
import { profile } from '../../../console/session/state';

let n = 0;

export function follower(
  patch: Partial<LiveFollower> & { lc?: Partial<NonNullable<LiveFollower['last_livechat']>> } = {},
): LiveFollower {
  n += 1;
  const { lc, ...rest } = patch;
  return {
    _id: `f${n}`,
    line_name: `Customer ${n}`,
    line_nickname: null,
    line_image: null,
    channel_type_info: { _id: 'w1', name: 'Website chat', type: 'widget' },
    channel_type: 'widget',
    user_info: null,
    mode: 'agent',
    is_block: false,
    is_spam: false,
    is_follow: false,
    follower_type: 'other',
    contact_detail: [],
    integration: null,
    count_not_is_replied: 1,
    last_message_text: 'hello',
    last_livechat: {
      livechat_id: `lc${n}`,
      user_id: null,
      queue_id: null,
      queue_info: null,
      is_accepted: false,
      is_missed: false,
      is_expired: false,
      is_done: false,
      is_business: false,
      last_chat_message: { timestamp: 1_700_000_000 + n },
      ...lc,
    },
    ...rest,
  };
}

export function message(patch: Partial<LiveMessage> = {}): LiveMessage {
  n += 1;
  return {
    _id: `m${n}`,
    timestamp: 1_700_000_000 + n,
    type: 'question',
    from_type: 'customer',
    from_id: 'f1',
    temp_id: null,
    is_replied: false,
    new_chat: false,
    status_send_message: null,
    messages_sent: [{ type: 'text', text: `text ${n}` }],
    ...patch,
  };
}

/** The signed-in agent the inbox's filters and pinned chats are about (`user_id` of their chats). */
export function signInAs(userId: string) {
  profile.value = {
    _id: userId,
    email: 'me@example.com',
    display_name: 'Me',
    first_name: 'Me',
    last_name: '',
    email_verified: true,
    accounts: [],
  };
}
