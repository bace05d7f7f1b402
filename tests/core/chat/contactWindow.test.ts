// Spec 4 'contact expired': the reply window after the customer's last message, per channel.
import { describe, expect, it } from 'vitest';
import { canWriteFirst, contactExpiresAt, isContactExpired } from '../../../core/chat/contactWindow';

describe('contact window', () => {
  const wrote = 1_700_000_000;
  it.each([
    ['messenger', wrote + 24 * 3600],
    ['instagram', wrote + 24 * 3600],
    ['wechat', wrote + 48 * 3600],
    ['line', null],
    ['widget', null],
    [null, null],
  ])('%s closes at %s', (channel, at) => expect(contactExpiresAt(channel, wrote)).toBe(at));
  it('no customer message, no window', () => expect(contactExpiresAt('messenger', null)).toBeNull());
  it('expired exactly at the end, not a second before', () => {
    const end = wrote + 24 * 3600;
    expect(isContactExpired(end, end - 1)).toBe(false);
    expect(isContactExpired(end, end)).toBe(true);
    expect(isContactExpired(null, end)).toBe(false);
  });
  it.each([
    ['line', true, true],
    ['widget', true, true],
    ['messenger', true, false],
    ['instagram', true, false],
    ['wechat', true, false],
    ['line', false, false],
    [null, true, false],
  ])('an agent may write first on %s (social id %s): %s', (channel, hasId, may) =>
    expect(canWriteFirst(channel, hasId)).toBe(may),
  );
});
