// core/template/quickReply.ts: quick replies for LINE and Meta (line-limits.md).
import { describe, expect, it } from 'vitest';
import {
  META_QUICK_REPLY_MESSAGE,
  toLineQuickReply,
  toMetaQuickReplies,
} from '../../../core/template/quickReply';
import { validAction } from './forms';
import { validatorFor } from './lineSchema';

const item = (label = 'Yes', action = validAction('message')) => ({ label, action });

describe('quick replies', () => {
  it('LINE: 13 items with 20-grapheme labels pass the schema; 14 items or 21 graphemes are refused', () => {
    const thirteen = toLineQuickReply(Array.from({ length: 13 }, () => item('😀'.repeat(20))));
    if (!thirteen.ok) throw new Error(JSON.stringify(thirteen.errors));
    expect(validatorFor('Message')({ type: 'text', text: 'Pick', quickReply: thirteen.message })).toEqual([]);
    expect(thirteen.message.items[0]).toEqual({
      type: 'action',
      action: { type: 'message', label: '😀'.repeat(20), text: 'Hello' },
    });
    expect(toLineQuickReply(Array.from({ length: 14 }, () => item()))).toEqual({
      ok: false,
      errors: [{ field: 'items', message: 'At most 13 are allowed.' }],
    });
    expect(toLineQuickReply([item('a'.repeat(21))])).toEqual({
      ok: false,
      errors: [{ field: 'items[0].label', message: 'Please enter no more than 20 characters.' }],
    });
  });

  it('Meta: title 20, payload 1000, replies only', () => {
    expect(toMetaQuickReplies([item('Talk', validAction('talkToHuman'))])).toEqual({
      ok: true,
      message: [
        {
          content_type: 'text',
          title: 'Talk',
          payload: expect.stringMatching(/^action=talkToHuman&mode=message&key=h[0-9a-z]+$/),
        },
      ],
    });
    const data = (n: number) => item('x', validAction('postback', { data: 'd'.repeat(n) }));
    expect(toMetaQuickReplies([data(1000)]).ok).toBe(true);
    expect(toMetaQuickReplies([data(1001)])).toEqual({
      ok: false,
      errors: [{ field: 'items[0].action', message: 'Please enter no more than 1000 characters.' }],
    });
    expect(toMetaQuickReplies([item('Site', validAction('uri'))])).toEqual({
      ok: false,
      errors: [{ field: 'items[0].action.type', message: META_QUICK_REPLY_MESSAGE }],
    });
  });
});
