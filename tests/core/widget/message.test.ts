// A chat message as the widget shows it (spec 3 widget message), for every item type.
import { describe, expect, it } from 'vitest';
import { stickerUrl, summarizeItems, toWidgetMessage } from '../../../core/widget/message';

describe('widget messages', () => {
  it('tells the visitor apart from agents and the bot', () => {
    const base = { timestamp: 10, temp_id: null, messages_sent: [{ type: 'text' as const, text: 'hi' }] };
    expect(toWidgetMessage({ ...base, _id: 'a', type: 'question', from_type: 'customer' })).toMatchObject({
      id: 'a',
      from: 'visitor',
      bot: false,
    });
    expect(
      toWidgetMessage({
        ...base,
        _id: 'b',
        type: 'reply',
        from_type: 'agent',
        user_info: { display_name: 'Nok' },
      }),
    ).toMatchObject({ from: 'agent', name: 'Nok', type: 'text', message: 'hi' });
    expect(toWidgetMessage({ ...base, _id: 'c', type: 'reply', from_type: 'bot' })).toMatchObject({
      from: 'bot',
      bot: true,
    });
  });

  it.each([
    [
      [{ type: 'image', originalContentUrl: 'https://x/i.png' }],
      { type: 'image', message: 'https://x/i.png' },
    ],
    [
      [{ type: 'video', originalContentUrl: 'https://x/v.mp4' }],
      { type: 'video', message: 'https://x/v.mp4' },
    ],
    [
      [{ type: 'file', fileName: 'a.pdf', originalContentUrl: 'https://x/a.pdf' }],
      { type: 'file', message: 'https://x/a.pdf' },
    ],
    [[{ type: 'sticker', packageId: '1', stickerId: '2' }], { type: 'image', message: stickerUrl('2') }],
    [[{ type: 'flex', altText: 'Menu card', contents: {} }], { type: 'text', message: 'Menu card' }],
    [[], { type: 'text', message: '' }],
  ])('%j', (items, expected) => {
    expect(summarizeItems(items as never)).toEqual(expected);
  });
});
