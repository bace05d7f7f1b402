// total_count of the followers list is cached for a few seconds (followerQuery.ts, off the hot
// path), but a page that ends the list knows its count exactly: a chat taken or closed a moment ago
// must not come back as the cached count, which the console would show until its next refresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTotal } from '../../../server/chat/followerQuery';
import { type Harness, type Session, startChatHarness, testDatabases } from './chatHarness';

describe('pageTotal', () => {
  it('is what a last page reaches, and at least that on a page with more after it', () => {
    expect(pageTotal({ skip: 0, limit: 20 }, 3, 7)).toBe(3);
    expect(pageTotal({ skip: 40, limit: 20 }, 5, 90)).toBe(45);
    expect(pageTotal({ skip: 0, limit: 20 }, 0, 2)).toBe(0);
    expect(pageTotal({ skip: 0, limit: 20 }, 20, 250)).toBe(250);
    expect(pageTotal({ skip: 20, limit: 20 }, 20, 30)).toBe(40);
  });
});

describe.each(await testDatabases())('followers total_count on %s', (_name, postgres) => {
  let h: Harness;
  let agent: Session;
  const followerIds: string[] = [];

  beforeAll(async () => {
    h = await startChatHarness({ postgres });
    agent = await h.addAgent(4, 'Count Agent');
    for (const [visitor, name] of [
      ['v-count-1', 'Kanya'],
      ['v-count-2', 'Lek'],
      ['v-count-3', 'Malee'],
    ]) {
      const said = await h.customerSays(`hello from ${name}`, { visitor, name });
      followerIds.push(said!.follower._id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(() => h?.close());

  const inbox = async (limit: number) => {
    const { status, body } = await h.api('GET', '/api/chat/followers', { limit: String(limit) }, agent);
    expect(status).toBe(200);
    return { pinned: body.chat_pin.data.length, rows: body.chat.data.length, total: body.chat.total_count };
  };

  it('answers at once with the chats left after a take, within the count cache time', async () => {
    expect(await inbox(20)).toEqual({ pinned: 0, rows: 3, total: 3 });
    // A page of one has more after it: the count is the counted one.
    expect(await inbox(1)).toEqual({ pinned: 0, rows: 1, total: 3 });

    expect((await h.api('POST', '/api/chat/take', { followerId: followerIds[0] }, agent)).status).toBe(200);
    // Pinned for the agent now; no waiting for the cached count of 3 to expire.
    expect(await inbox(20)).toEqual({ pinned: 1, rows: 2, total: 2 });
    expect((await h.api('POST', '/api/chat/take', { followerId: followerIds[1] }, agent)).status).toBe(200);
    expect((await h.api('POST', '/api/chat/take', { followerId: followerIds[2] }, agent)).status).toBe(200);
    expect(await inbox(20)).toEqual({ pinned: 3, rows: 0, total: 0 });
  });
});
