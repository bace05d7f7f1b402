import { describe, expect, it } from 'vitest';
import { newReplyMessageItem } from '../../../core/models/chat';
import { validateOutsideHoursReply, validateReplyItems } from '../../../core/validation/replyMessage';

describe('spec 5: reply-message alerts', () => {
  it('file, image and video items need a file', () => {
    expect(
      validateReplyItems([
        { type: 'text' },
        { type: 'image' },
        { type: 'file', file_path: 'x.pdf' },
        { type: 'video', image: '' },
      ]),
    ).toEqual([
      { field: 'items.1', message: 'File is required.' },
      { field: 'items.3', message: 'File is required.' },
    ]);
  });
  it.each([null, 'x', [null, 3]])('odd items %j → no errors, no throw', (items) => {
    expect(validateReplyItems(items)).toEqual([]);
  });
  it('the outside-hours auto reply needs business hours', () => {
    expect(validateOutsideHoursReply(true, [])).toEqual([
      { field: 'business_hours', message: 'Please add business hours.' },
    ]);
    expect(validateOutsideHoursReply(true, null)).toHaveLength(1);
    expect(validateOutsideHoursReply(true, [{ day: 1, open: '09:00', close: '18:00' }])).toEqual([]);
    expect(validateOutsideHoursReply(false, [])).toEqual([]);
  });
  it('spec 5: a button message starts with 1 action', () => {
    const item = newReplyMessageItem('button');
    expect(item.numberActions).toBe(1);
    expect(item.actions).toHaveLength(1);
    expect(newReplyMessageItem('text')).toEqual({ type: 'text' });
  });
});
