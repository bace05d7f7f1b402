// The pre-chat form (spec 3 pre_chat_form_fields) with spec 5's messages.
import { describe, expect, it } from 'vitest';
import type { PreChatField } from '../../../core/models/widget';
import { cleanPreChat, validatePreChat, visitorNameFrom } from '../../../core/widget/preChat';

const fields: PreChatField[] = [
  { key: 'name', label: 'Name', type: 'text', required: true },
  { key: 'email', label: 'E-mail', type: 'email', required: false },
  { key: 'phone', label: 'Phone', type: 'tel', required: false },
];

describe('pre-chat form', () => {
  it.each([
    [{}, [{ field: 'form.name', message: 'This field is required.' }]],
    [{ name: '   ' }, [{ field: 'form.name', message: 'This field is required.' }]],
    [{ name: 'Ann', email: 'nope' }, [{ field: 'form.email', message: 'email is invalid format' }]],
    [{ name: 'Ann', phone: '12345678901' }, [{ field: 'form.phone', message: 'tel is invalid format' }]],
    [
      { name: 'ก'.repeat(301) },
      [{ field: 'form.name', message: 'Please enter no more than 300 characters.' }],
    ],
    [{ name: 'สมหญิง', email: 'a@b.co', phone: '0812345678' }, []],
  ])('%o', (values, expected) => {
    expect(validatePreChat(fields, values)).toEqual(expected);
  });

  it('keeps only the listed keys, trimmed, and names the visitor', () => {
    const values = cleanPreChat(fields, { name: ' Ann ', email: '', other: 'x', phone: 812 });
    expect(values).toEqual({ name: 'Ann', phone: '812' });
    expect(visitorNameFrom(fields, values)).toBe('Ann');
    expect(
      visitorNameFrom([{ key: 'nick', label: 'Nick', type: 'text', required: false }], { nick: 'Bo' }),
    ).toBe('Bo');
  });
});
