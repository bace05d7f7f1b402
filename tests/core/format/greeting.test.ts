import { describe, expect, it } from 'vitest';
import { fillGreeting } from '../../../core/format/greeting';

const now = new Date(2024, 4, 15, 9, 5);

describe('spec 9: widget greeting placeholders', () => {
  it('fills account name, date DD/MM/YYYY, time HH:mm, display name and form keys', () => {
    expect(
      fillGreeting('Hi {display_name}, welcome to {account_name} on {date} at {time}. Order {order_no}.', {
        accountName: 'Acme',
        displayName: 'Somchai',
        form: { order_no: 42 },
        now,
      }),
    ).toBe('Hi Somchai, welcome to Acme on 15/05/2024 at 09:05. Order 42.');
  });
  it('unknown placeholders stay visible; missing names are empty', () => {
    expect(fillGreeting('{nope} {display_name}!', { now })).toBe('{nope} !');
  });
  it('form objects are not stringified, and form keys cannot shadow the fixed ones', () => {
    expect(fillGreeting('{x}|{date}', { now, form: { x: { a: 1 }, date: 'evil' } })).toBe('|15/05/2024');
  });
  it('keeps HTML as plain text for the caller to escape', () => {
    expect(fillGreeting('<b>{display_name}</b>', { now, displayName: '<img>' })).toBe('<b><img></b>');
  });
  it.each([null, 5, undefined])('%j → empty', (template) => expect(fillGreeting(template, { now })).toBe(''));
});
