// The send path's session cache (server/widget/sessions.ts findSessionForSend): a visitor who pauses
// between messages, as visitors do, is not read again on every message, and last_seen_at is still
// written as often as a read would write it, without holding the send.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../../server/context';
import type { Statement } from '../../../server/db/client';
import { findSessionForSend, forgetSession, hashToken } from '../../../server/widget/sessions';

const TOKEN = 'a-visitor-session-token-0123456789';
const CHANNEL = 'widgetchan01';

function fakeContext() {
  const calls: { name: string; params: unknown[] }[] = [];
  let lastSeen = new Date();
  const row = () => ({
    id: 'session-1',
    channel_id: CHANNEL,
    token_hash: hashToken(TOKEN),
    visitor_id: 'v-1',
    profile: {},
    renewed_by_event: null,
    created_at: new Date(0).toISOString(),
    last_seen_at: lastSeen.toISOString(),
  });
  const ctx = {
    database: {
      run: async (st: Statement, params: unknown[]) => {
        calls.push({ name: st.name, params });
        if (st.name === 'widget_session_touch') lastSeen = params[1] as Date;
        return st.name === 'widget_session_find' ? [row()] : [];
      },
    },
    log: { warn: vi.fn(), error: vi.fn() },
  } as unknown as AppContext;
  return { ctx, calls };
}

describe('the send path keeps a visitor session between messages', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    forgetSession({ tokenHash: hashToken(TOKEN) });
    vi.useRealTimers();
  });

  it('reads the session once for messages minutes apart', async () => {
    const { ctx, calls } = fakeContext();
    const first = await findSessionForSend(ctx, CHANNEL, TOKEN);
    expect(first).toMatchObject({ cached: false, session: { id: 'session-1' } });
    // A visitor writing again after 45 s, then after 3 more minutes.
    for (const pause of [45_000, 180_000]) {
      vi.setSystemTime(Date.now() + pause);
      expect(await findSessionForSend(ctx, CHANNEL, TOKEN)).toMatchObject({ cached: true });
    }
    expect(calls.map((c) => c.name)).toEqual(['widget_session_find']);
  });

  it('still writes last_seen_at every few minutes while the visitor writes, in the background', async () => {
    const { ctx, calls } = fakeContext();
    await findSessionForSend(ctx, CHANNEL, TOKEN);
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const again = await findSessionForSend(ctx, CHANNEL, TOKEN);
    expect(again?.cached).toBe(true);
    expect(calls.map((c) => c.name)).toEqual(['widget_session_find', 'widget_session_touch']);
    expect(again?.session.lastSeenAt.getTime()).toBe(Date.now());
    // Noted once: the next message a moment later writes nothing.
    vi.setSystemTime(Date.now() + 10_000);
    await findSessionForSend(ctx, CHANNEL, TOKEN);
    expect(calls).toHaveLength(2);
  });

  it('reads the session again once it was changed (forgotten) or the cache time ran out', async () => {
    const { ctx, calls } = fakeContext();
    await findSessionForSend(ctx, CHANNEL, TOKEN);
    forgetSession({ tokenHash: hashToken(TOKEN) });
    expect((await findSessionForSend(ctx, CHANNEL, TOKEN))?.cached).toBe(false);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await findSessionForSend(ctx, CHANNEL, TOKEN))?.cached).toBe(false);
    expect(calls.filter((c) => c.name === 'widget_session_find')).toHaveLength(3);
  });
});
