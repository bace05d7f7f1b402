// Leave a LINE group or room (spec 7 /api/chat/leave/group, /leave/room; issue 4): the bot leaves
// through LINE's own call (the paths of messaging-api.yml, against the fake LINE), the open chat is
// closed and the conversation is marked left; LINE's refusal leaves everything as it was.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  type ChannelHarness,
  connectLine,
  conversation,
  eventually,
  lineEvent,
  postLineWebhook,
  startChannelHarness,
} from '../channels/channelHarness';

const spec = parse(
  fs.readFileSync(new URL('../../fixtures/line-openapi/messaging-api.yml', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, { operationId: string }>> };

let h: ChannelHarness;
let channelId: string;

async function sayIn(source: Record<string, string>, text: string) {
  await postLineWebhook(h, channelId, [
    lineEvent(source, {
      type: 'message',
      message: { id: randomUUID(), type: 'text', text, quoteToken: 'q' },
    }),
  ]);
  const externalId = source.groupId ?? source.roomId ?? source.userId;
  return eventually(async () => {
    const c = await conversation(h, channelId, externalId);
    expect(c.messages.length).toBeGreaterThan(0);
    return c.follower!;
  });
}

beforeAll(async () => {
  h = await startChannelHarness();
  channelId = await connectLine(h, '1650000001');
});
afterAll(() => h?.close());

describe('leave group and room', () => {
  it('the bot leaves the LINE group, the chat closes and the group shows as left', async () => {
    const group = await sayIn({ type: 'group', groupId: 'C-leave-1', userId: 'U-m1' }, 'hello group');
    const left = await h.api('POST', '/api/chat/leave/group', { follower_id: group.id });
    expect(left.status).toBe(200);
    expect(left.body.follower).toMatchObject({ is_block: true, last_livechat: { is_done: true } });
    const [call] = h.line.received(/\/leave$/);
    expect(call).toMatchObject({ method: 'POST', path: '/v2/bot/group/C-leave-1/leave', problems: [] });
    expect(call.headers.authorization).toBe(`Bearer ${h.line.token}`);
    expect(spec.paths['/v2/bot/group/{groupId}/leave'].post.operationId).toBe('leaveGroup');
    expect(h.line.left.has('group:C-leave-1')).toBe(true);
    // Already gone at LINE (404): leaving again still succeeds.
    expect((await h.api('POST', '/api/chat/leave/group', { follower_id: group.id })).status).toBe(200);
  });

  it('rooms use the room call; a chat of the other kind is refused naming follower_id', async () => {
    const room = await sayIn({ type: 'room', roomId: 'R-leave-1', userId: 'U-m2' }, 'hello room');
    const wrong = await h.api('POST', '/api/chat/leave/group', { follower_id: room.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('follower_id');
    const left = await h.api('POST', '/api/chat/leave/room', { follower_id: room.id });
    expect(left.status).toBe(200);
    expect(h.line.received(/\/v2\/bot\/room\/R-leave-1\/leave$/)).toHaveLength(1);
    expect(spec.paths['/v2/bot/room/{roomId}/leave'].post.operationId).toBe('leaveRoom');
    const missing = await h.api('POST', '/api/chat/leave/room', {});
    expect([missing.status, missing.body.field]).toEqual([400, 'follower_id']);
  });

  it("LINE's refusal is reported and nothing changes", async () => {
    const group = await sayIn({ type: 'group', groupId: 'C-leave-2', userId: 'U-m3' }, 'still here');
    h.line.failNext(/\/v2\/bot\/group\/C-leave-2\/leave$/, { status: 400, json: { message: 'Bad Request' } });
    const res = await h.api('POST', '/api/chat/leave/group', { follower_id: group.id });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'platform' });
    expect(res.body.message).toContain('Bad Request');
    const after = await conversation(h, channelId, 'C-leave-2');
    expect(after.follower?.isBlock).toBe(false);
    expect(after.follower?.lcIsDone).toBe(false);
  });
});
