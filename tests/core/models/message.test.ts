import { create, is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { MESSAGE_PAGE_SIZE, Message, MessageItem } from '../../../core/models/message';

describe('spec 3: message', () => {
  it('defaults and wire names', () => {
    const m = create({ timestamp: 1715760000, type: 'question' }, Message);
    expect(m).toMatchObject({
      timestamp: 1715760000,
      type: 'question',
      is_replied: false,
      new_chat: false,
      messages_sent: [],
    });
  });
  it.each([
    [{ type: 'text', text: 'hi' }, true],
    [{ type: 'image', originalContentUrl: 'https://x/a.png', previewImageUrl: 'https://x/p.png' }, true],
    [{ type: 'video', originalContentUrl: 'https://x/v.mp4' }, true],
    [{ type: 'sticker', packageId: '1', stickerId: '2' }, true],
    [{ type: 'sticker', packageId: '1' }, false],
    [{ type: 'quickreply', items: [] }, true],
    [{ type: 'file', file_path: '/f.pdf', fileName: 'f.pdf', fileSize: 10 }, true],
    [{ type: 'text' }, false],
    [{ type: 'audio' }, false],
  ])('item %j valid: %s', (item, ok) => expect(is(item, MessageItem)).toBe(ok));
  it('spec 4: send states are wait_socket and fail', () => {
    expect(() =>
      create({ timestamp: 1, type: 'reply', status_send_message: 'wait_socket' }, Message),
    ).not.toThrow();
    expect(() => create({ timestamp: 1, type: 'reply', status_send_message: 'fail' }, Message)).not.toThrow();
    expect(() => create({ timestamp: 1, type: 'reply', status_send_message: 'sending' }, Message)).toThrow();
  });
  it('refuses a non-number timestamp and an unknown type', () => {
    expect(() => create({ timestamp: '1', type: 'reply' }, Message)).toThrow();
    expect(() => create({ timestamp: 1, type: 'note' }, Message)).toThrow();
  });
  it('spec 9 constants', () => {
    expect(MESSAGE_PAGE_SIZE).toBe(20);
  });
});
