// Spec 5 before sending: a broadcast's bubbles are checked for every kind of channel it reaches,
// not only LINE. A LINE sticker going to WeChat contacts is refused at once with the bubble's
// field (before, it was accepted and then failed for every WeChat contact); the same sticker to
// LINE contacts alone goes out, and a draft is never refused for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERT_MESSAGES } from '../../../core/automation/replyConvert';
import type { ReplyItem } from '../../../core/automation/replyMessage';
import { LIMIT_MESSAGES } from '../../../core/template/limits';
import { channels } from '../../../server/accounts/schema';
import { convertProblems } from '../../../server/broadcasts/routes';
import { followers } from '../../../server/chat/schema';
import { type BroadcastHarness, seedLineFriends, startBroadcastHarness } from './harness';

let h: BroadcastHarness;
const WECHAT = 'wechatchannel0001';
const sticker = { type: 'sticker', packageId: '11537', stickerId: '52002734' };

beforeAll(async () => {
  h = await startBroadcastHarness();
  const db = h.server.app.ctx.db;
  await seedLineFriends(db, h.session.accountId, h.channelId, 120, 'checks');
  await db
    .insert(channels)
    .values({ id: WECHAT, accountId: h.session.accountId, type: 'wechat', name: 'WeChat' });
  await db.insert(followers).values(
    ['wx-1', 'wx-2'].map((externalId) => ({
      id: `w${externalId.replace('-', '')}`,
      accountId: h.session.accountId,
      channelId: WECHAT,
      channelType: 'wechat' as const,
      externalId,
      lineName: `WeChat ${externalId}`,
    })),
  );
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('broadcast bubbles are checked per channel before sending', () => {
  it('a LINE sticker to WeChat contacts is refused naming the bubble; to LINE alone it is taken', async () => {
    const everyone = await h.api('POST', '/api/broadcast', {
      action: 'send_now',
      name: 'Sticker to all',
      messages: [{ type: 'text', text: 'Hello' }, sticker],
    });
    expect(everyone.status).toBe(400);
    expect(everyone.body.field).toBe('messages[1]');
    expect(everyone.body.message).toBe(CONVERT_MESSAGES.stickerWeChat);
    expect(h.line.multicasts).toHaveLength(0);

    const scheduled = await h.api('POST', '/api/broadcast', {
      action: 'schedule',
      name: 'Sticker later',
      messages: [sticker],
      broadcast_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(scheduled.status).toBe(400);
    expect(scheduled.body.field).toBe('messages[0]');

    const draft = await h.api('POST', '/api/broadcast', {
      action: 'draft',
      name: 'Sticker draft',
      messages: [sticker],
    });
    expect(draft.status).toBe(200);

    const lineOnly = await h.api('POST', '/api/broadcast', {
      action: 'schedule',
      name: 'Sticker to LINE',
      recipients: 'targeting',
      messages_target: [{ type: 'channel', option: [h.channelId] }],
      messages: [sticker],
      broadcast_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(lineOnly.status).toBe(200);
    expect(lineOnly.body.broadcast.target_estimate).toBe(120);
  });
});

describe('LINE messages per broadcast', () => {
  // Two custom bubbles of three messages each: 2 bubbles, 6 LINE messages. (Today's composer
  // bubbles each make one LINE message; the check counts what the converter makes, whatever it is.)
  const three = {
    type: 'custom',
    json: JSON.stringify(['one', 'two', 'three'].map((text) => ({ type: 'text', text }))),
  };
  const lookups = { templates: new Map(), locations: new Map() };
  const body = (messages: unknown[]) => ({ name: 'LINE count', messages: messages as ReplyItem[] });

  it('more than 5 LINE messages over all bubbles is refused on the field messages, as the converter counts them', () => {
    expect(convertProblems(body([three, three]), new Set(['line'] as const), lookups)).toEqual([
      { field: 'messages', message: LIMIT_MESSAGES.messagesPerRequest },
    ]);
    // Five go; not reaching LINE, six go too.
    const five = body([three, { type: 'text', text: 'four' }, { type: 'text', text: 'five' }]);
    expect(convertProblems(five, new Set(['line'] as const), lookups)).toEqual([]);
    expect(convertProblems(body([three, three]), new Set(['messenger'] as const), lookups)).toEqual([]);
  });
});
