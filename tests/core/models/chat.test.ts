import { create, is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  ChatMasterData,
  ChatTag,
  Follower,
  LiveChat,
  Note,
  REPLY_MESSAGE_TYPES,
  ReplyMessageTemplate,
} from '../../../core/models/chat';

describe('spec 3: follower', () => {
  it('applies defaults and keeps wire names', () => {
    const f = create({ _id: 'f1', last_livechat: { livechat_id: 'l1' } }, Follower);
    expect(f).toMatchObject({
      _id: 'f1',
      line_name: '',
      mode: 'bot',
      is_block: false,
      is_spam: false,
      is_follow: false,
      follower_type: 'other',
      contact_detail: [],
      count_not_is_replied: 0,
    });
    expect(f.last_livechat).toMatchObject({
      livechat_id: 'l1',
      user_id: null,
      queue_id: null,
      is_accepted: false,
      is_missed: false,
      is_expired: false,
      is_done: false,
      is_business: false,
    });
  });
  it('keeps extra server fields (type() structs let them through)', () => {
    expect(create({ _id: 'f', extra: 1 }, Follower)).toMatchObject({ extra: 1 });
  });
  it.each([
    ['mode', 'human'],
    ['follower_type', 'channel'],
    ['count_not_is_replied', '3'],
    ['is_block', 'yes'],
    ['_id', 5],
  ])('refuses a bad %s', (field, value) => {
    expect(is(create({ _id: 'f' }, Follower), Follower)).toBe(true);
    expect(() => create({ _id: 'f', [field]: value }, Follower)).toThrow();
  });
  it('spec 3: room, group or other; bot or agent', () => {
    for (const follower_type of ['room', 'group', 'other'])
      expect(() => create({ _id: 'f', follower_type }, Follower)).not.toThrow();
    for (const mode of ['bot', 'agent']) expect(() => create({ _id: 'f', mode }, Follower)).not.toThrow();
  });
  it('live chat queue visibility', () => {
    expect(() =>
      create({ livechat_id: 'l', queue_info: { setting: { visibility: 'everyone' } } }, LiveChat),
    ).not.toThrow();
    expect(() =>
      create({ livechat_id: 'l', queue_info: { setting: { visibility: 'some' } } }, LiveChat),
    ).toThrow();
  });
});

describe('spec 3: other chat entities', () => {
  it('note: text, no, followerId', () => {
    expect(is({ text: 'x', no: 1, followerId: 'f' }, Note)).toBe(true);
    expect(is({ text: 'x', no: '1', followerId: 'f' }, Note)).toBe(false);
  });
  it('tag: label, value, is_verify', () =>
    expect(create({ label: 'VIP', value: 'vip' }, ChatTag).is_verify).toBe(false));
  it('reply message types are the spec list', () => {
    expect(REPLY_MESSAGE_TYPES).toEqual([
      'text',
      'file',
      'sticker',
      'location',
      'image',
      'imageMap',
      'button',
      'bubble',
      'carousel',
      'video',
      'custom',
      'template_message',
      'rich_video',
    ]);
    const t = create({ channel_type: 'line', temp_type: 'text' }, ReplyMessageTemplate);
    expect(t).toMatchObject({ messages_sent: [], messages_display: [] });
  });
  it('spec 7: master data defaults switch_mode_time to start 1, extend 2', () => {
    const m = create({ setting: {} }, ChatMasterData);
    expect(m.setting.switch_mode_time).toEqual({ start: 1, extend: 2 });
    expect(m.queue_permission).toEqual([]);
  });
});
