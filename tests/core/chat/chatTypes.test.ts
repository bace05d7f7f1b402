import { describe, expect, it } from 'vitest';
import {
  CHAT_TYPE_GROUPS,
  DEFAULT_CHAT_TYPE,
  hasLiveChat,
  isInInbox,
  matchesChatType,
} from '../../../core/chat/chatTypes';
import { follower, viewer } from './followerFixture';

describe('spec 4: chat-type filters', () => {
  it('groups and default', () => {
    expect(CHAT_TYPE_GROUPS).toEqual([
      ['all', 'inbox', 'missed', 'expired', 'done'],
      ['following', 'group_room', 'blocked', 'spam'],
    ]);
    expect(DEFAULT_CHAT_TYPE).toBe('inbox');
  });
});

describe('spec 4: the inbox definition', () => {
  it.each([
    ['open agent chat', { mode: 'agent' }, {}, true],
    ['open bot chat', { mode: 'bot' }, {}, true],
    ['done agent chat', { mode: 'agent' }, { is_done: true }, false],
    ['done and missed', { mode: 'agent' }, { is_done: true, is_missed: true }, true],
    ['done, business', { mode: 'agent' }, { is_done: true, is_business: true }, true],
    [
      'bot, done, not missed or expired, even if business',
      { mode: 'bot' },
      { is_done: true, is_business: true },
      false,
    ],
    ['bot, done and missed', { mode: 'bot' }, { is_done: true, is_missed: true }, true],
    ['bot, done and expired but not business', { mode: 'bot' }, { is_done: true, is_expired: true }, false],
    [
      'bot, done, expired and business',
      { mode: 'bot' },
      { is_done: true, is_expired: true, is_business: true },
      true,
    ],
    ['expired, not done', { mode: 'agent' }, { is_expired: true }, true],
    ['blocked', { is_block: true }, {}, false],
    ['spam', { is_spam: true }, {}, false],
    ['spam even if missed', { is_spam: true }, { is_done: true, is_missed: true }, false],
  ])('%s → %s', (_n, fields, livechat, inInbox) => {
    expect(isInInbox(follower('f', fields, livechat))).toBe(inInbox);
  });
  it('a follower that never had a live chat (a contact added by hand or imported) is not in it', () => {
    expect(isInInbox(follower('f', {}, null))).toBe(false);
    expect(isInInbox(follower('f', { mode: 'agent', is_follow: true }, null))).toBe(false);
    expect(hasLiveChat(follower('f', {}, null))).toBe(false);
    expect(hasLiveChat(follower('f', {}, {}))).toBe(true);
  });
});

describe('spec 4: matchesChatType', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>, string[]][] = [
    ['plain open chat', {}, {}, ['all', 'inbox']],
    ['missed', {}, { is_missed: true }, ['all', 'inbox', 'missed']],
    ['expired', {}, { is_expired: true }, ['all', 'inbox', 'expired']],
    ['done', { mode: 'agent' }, { is_done: true }, ['all', 'done']],
    ['following', { is_follow: true }, {}, ['all', 'inbox', 'following']],
    ['group', { follower_type: 'group' }, {}, ['all', 'inbox', 'group_room']],
    ['room', { follower_type: 'room' }, {}, ['all', 'inbox', 'group_room']],
    ['blocked', { is_block: true }, {}, ['all', 'blocked']],
    ['spam', { is_spam: true }, {}, ['all', 'spam']],
  ];
  // Never had a live chat: out of every group 1 filter; group 2 is about the follower itself.
  const noChat: [string, Record<string, unknown>, string[]][] = [
    ['contact without a chat', {}, []],
    ['following, no chat', { is_follow: true }, ['following']],
    ['group, no chat', { follower_type: 'group' }, ['group_room']],
    ['blocked, no chat', { is_block: true }, ['blocked']],
    ['spam, no chat', { is_spam: true }, ['spam']],
  ];
  const types = [
    'all',
    'inbox',
    'missed',
    'expired',
    'done',
    'following',
    'group_room',
    'blocked',
    'spam',
  ] as const;
  it.each(cases)('%s matches %j', (_n, fields, livechat, expected) => {
    const f = follower('f', fields, livechat);
    expect(types.filter((t) => matchesChatType(f, t, viewer))).toEqual(expected);
  });

  it.each(noChat)('%s matches %j', (_n, fields, expected) => {
    const f = follower('f', fields, null);
    expect(types.filter((t) => matchesChatType(f, t, viewer))).toEqual(expected);
    // The wire may leave last_livechat out altogether.
    const { last_livechat: _, ...bare } = f;
    expect(types.filter((t) => matchesChatType(bare, t, viewer))).toEqual(expected);
  });

  it('spec 4: a queue not visible to the viewer hides the chat under every filter', () => {
    const hidden = follower(
      'f',
      {},
      { queue_id: 'q-other', queue_info: { setting: { visibility: 'selected' } } },
    );
    const everyone = follower(
      'g',
      {},
      { queue_id: 'q-other', queue_info: { setting: { visibility: 'everyone' } } },
    );
    const allowed = follower(
      'h',
      {},
      { queue_id: 'q-allowed', queue_info: { setting: { visibility: 'selected' } } },
    );
    expect(types.some((t) => matchesChatType(hidden, t, viewer))).toBe(false);
    expect(
      [hidden, everyone, allowed].filter((f) => matchesChatType(f, 'inbox', viewer)).map((f) => f._id),
    ).toEqual(['g', 'h']);
  });
  it('an unknown filter falls back to inbox; a missing follower matches nothing', () => {
    const done = follower('f', { mode: 'agent' }, { is_done: true });
    expect(matchesChatType(done, 'bogus' as never, viewer)).toBe(false);
    expect(matchesChatType(null, 'all', viewer)).toBe(false);
  });
});
