// core/template/wechat.ts: news or text fallback.
import { describe, expect, it } from 'vitest';
import { toWeChatMessages, WECHAT_TEXT_BYTES } from '../../../core/template/wechat';
import { form, IMAGE, validAction, validBlock } from './forms';

describe('WeChat fallback', () => {
  it('an item with a picture and a link is a one-article news message', () => {
    const result = toWeChatMessages(
      form([
        [
          validBlock('imageCover'),
          validBlock('textHeader', { text: 'Green tea' }),
          validBlock('textHeader', { text: 'Fresh' }),
          validBlock('button', { text: 'Buy', action: validAction('uri') }),
        ],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      message: [
        {
          msgtype: 'news',
          news: {
            articles: [
              {
                title: 'Green tea',
                description: 'Fresh',
                url: 'https://shop.example.com/item/1',
                picurl: IMAGE,
              },
            ],
          },
        },
      ],
    });
  });

  it('anything else is text, with links and numbers spelled out; one message per item', () => {
    const result = toWeChatMessages(
      form([
        [
          validBlock('textHeader', { text: 'Call us' }),
          validBlock('button', { text: 'Phone', action: validAction('tel') }),
        ],
        [
          validBlock('textColumn'),
          validBlock('button', { text: 'Help', action: validAction('talkToHuman') }),
        ],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      message: [
        { msgtype: 'text', text: { content: 'Call us\nPhone: 0812345678' } },
        { msgtype: 'text', text: { content: 'Text\nText\nHelp' } },
      ],
    });
  });

  it(`text over ${WECHAT_TEXT_BYTES} bytes is refused on its item`, () => {
    const thai = (n: number) => form([[validBlock('textHeader', { text: 'ก'.repeat(n) })]]);
    expect(toWeChatMessages(thai(682)).ok).toBe(true); // 3 bytes each: 2046
    expect(toWeChatMessages(thai(683))).toEqual({
      ok: false,
      errors: [{ field: 'items[0]', message: `WeChat allows at most ${WECHAT_TEXT_BYTES} bytes of text.` }],
    });
  });
});
