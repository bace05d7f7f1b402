// A client that goes away mid-body (a cancelled upload) resets its own connection: that is not the
// database being unavailable, which would log a false alarm and answer 503 with Retry-After.
import { describe, expect, it } from 'vitest';
import { isClientGone } from '../../../server/http/errorHandler';
import { isDatabaseUnavailable } from '../../../server/http/unavailable';

describe('a request cut short by its client', () => {
  it('is told apart from the database going away', () => {
    const reset = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(isDatabaseUnavailable(reset)).toBe(true);
    expect(isClientGone({ complete: false }, reset)).toBe(true);
    expect(isClientGone({ complete: false }, new Error('aborted'))).toBe(true);
    // A whole request whose database connection was reset is the database's.
    expect(isClientGone({ complete: true }, reset)).toBe(false);
    expect(isClientGone({ complete: false }, new Error('boom'))).toBe(false);
  });
});
