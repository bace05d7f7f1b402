// A test's stand-in for a platform (tests/server/chat/send.test.ts) is put back after it: test
// files share their worker's modules (vitest.config.ts), and a stand-in left behind would take the
// next file's messages instead of the platform's fake. Each test leaves the registry as it was.
import { describe, expect, it } from 'vitest';
import { adapterFor, type ChannelAdapter, registerChannelAdapter } from '../../../server/channels/adapters';

const adapter = (): ChannelAdapter => ({ deliver: async () => ({}) });
/** The adapter registered for `type` now, if any (another file's app may have registered one). */
const current = (type: 'wechat' | 'messenger') => {
  try {
    return adapterFor(type);
  } catch {
    return undefined;
  }
};

describe('a stand-in channel adapter', () => {
  it('puts back what was there before it', () => {
    const before = current('wechat');
    const standIn = adapter();
    const restore = registerChannelAdapter('wechat', standIn);
    expect(adapterFor('wechat')).toBe(standIn);
    restore();
    expect(current('wechat')).toBe(before);
  });

  it('stand-ins put back in the reverse order leave the first adapter', () => {
    const before = current('messenger');
    const outer = adapter();
    const restoreOuter = registerChannelAdapter('messenger', outer);
    const restoreInner = registerChannelAdapter('messenger', adapter());
    restoreInner();
    expect(adapterFor('messenger')).toBe(outer);
    restoreOuter();
    expect(current('messenger')).toBe(before);
  });
});
