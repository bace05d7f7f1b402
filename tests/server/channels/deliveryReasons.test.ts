// Why a delivery failed, as a recipient's row stores it: our frame comes from
// core/text/serverMessages.ts (so the console can say it in the user's language) around the
// platform's own words; anything that is not a delivery error is the system error, not its text.
import { describe, expect, it } from 'vitest';
import { messageKey } from '../../../core/text/messageKeys';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import { reasonIn } from '../../../server/broadcasts/export';
import {
  ChannelNotConnected,
  failureReason,
  TemporaryDeliveryError,
} from '../../../server/channels/adapters';
import { graphFailure } from '../../../server/channels/meta/client';
import { describeErrors } from '../../../server/channels/outgoingItems';
import {
  networkFailure,
  pictureNetworkFailure,
  platformFailure,
} from '../../../server/channels/platformErrors';

const timeout = () => Object.assign(new Error('no answer in time'), { name: 'TimeoutError' });

describe('delivery failure reasons', () => {
  it('are made of server messages the console knows, with the platform words as values', () => {
    const refused = platformFailure('LINE', 400, 'Invalid reply token');
    expect(refused.message).toBe(SERVER_MESSAGES.platformAnswered('LINE', 400, 'Invalid reply token'));
    expect(messageKey(refused.message)).toEqual({
      key: 'messages.server.platformAnswered',
      params: { platform: 'LINE', status: '400', detail: 'Invalid reply token' },
    });
    const cases: [string, string][] = [
      [platformFailure('LINE', 500, '').message, 'messages.server.platformAnsweredBare'],
      [networkFailure('LINE', timeout()).message, 'messages.server.platformNoAnswer'],
      [networkFailure('WeChat', new Error('fetch failed')).message, 'messages.server.platformUnreachable'],
      [networkFailure('LINE', 'odd').message, 'messages.server.platformUnreachableBare'],
      [pictureNetworkFailure(timeout()).message, 'messages.server.pictureNoAnswer'],
      [pictureNetworkFailure(new Error('fetch failed')).message, 'messages.server.pictureUnreachable'],
      [
        graphFailure('Messenger', 400, { message: 'Invalid OAuth token', code: 190 }, null).message,
        'messages.server.platformAnswered',
      ],
      [graphFailure('Instagram', 403, undefined, null).message, 'messages.server.platformAnsweredBare'],
      [describeErrors('LINE', [{ field: 'messages', message: 'x' }]), 'messages.server.cannotTakeMessage'],
      [SERVER_MESSAGES.platformNotJson('WeChat'), 'messages.server.platformNotJson'],
    ];
    for (const [text, key] of cases) expect(messageKey(text)?.key, text).toBe(key);
  });

  it("keeps delivery errors' own text, and never stores a bug's text", () => {
    expect(failureReason(new TemporaryDeliveryError(SERVER_MESSAGES.platformNoAnswer('LINE')))).toBe(
      SERVER_MESSAGES.platformNoAnswer('LINE'),
    );
    expect(failureReason(new ChannelNotConnected(SERVER_MESSAGES.channelOff('Shop')))).toBe(
      SERVER_MESSAGES.channelOff('Shop'),
    );
    expect(failureReason(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      SERVER_MESSAGES.systemError,
    );
  });

  it("are in the export's language, the platform's words as written, an old unknown text as stored", () => {
    const th = reasonIn('th');
    expect(th(SERVER_MESSAGES.platformAnswered('LINE', 400, 'Invalid reply token'))).toBe(
      'LINE ตอบกลับด้วยรหัส 400: Invalid reply token',
    );
    expect(th(SERVER_MESSAGES.broadcastExpired(24))).toBe('ไม่ได้ส่งภายใน 24 ชั่วโมงจากเวลาที่กำหนด');
    expect(th('An old reason in English')).toBe('An old reason in English');
    expect(th(null)).toBe('');
    expect(reasonIn('en')(SERVER_MESSAGES.platformNoAnswer('LINE'))).toBe(
      SERVER_MESSAGES.platformNoAnswer('LINE'),
    );
  });
});
