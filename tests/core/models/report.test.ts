import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { CHAT_LOG_TITLES, ReportRow } from '../../../core/models/report';

describe('spec 3: report row', () => {
  it('counts default to 0', () => {
    expect(create({ date: '2024-05-15' }, ReportRow)).toMatchObject({
      count_bot: 0,
      count_incoming: 0,
      count_outgoing: 0,
      count_missed: 0,
      count_expired: 0,
      chat_utilization: 0,
      away_duration: 0,
      avg_first_resp_time: 0,
      avg_chat_duration: 0,
    });
    expect(() => create({ count_bot: '1' }, ReportRow)).toThrow();
  });
  it('spec 9: chat-log modal titles', () => {
    expect(CHAT_LOG_TITLES).toEqual({
      bot: 'Bot chats log',
      incoming: 'Incoming chats log',
      outgoing: 'Outgoing chats log',
      missed: 'Missed chats log',
      expired: 'Expired chats log',
      all: 'Total (Incoming + Outgoing) chats log',
    });
  });
});
