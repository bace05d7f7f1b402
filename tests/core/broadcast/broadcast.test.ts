// core/broadcast: the composer's rules (spec 5 texts) and the report's columns by message type
// (spec 3 "Broadcast report columns by type").
import { describe, expect, it } from 'vitest';
import { type BroadcastBody, validateBroadcastBody } from '../../../core/broadcast/compose';
import { progressPercent } from '../../../core/broadcast/events';
import {
  type BroadcastReport,
  broadcastReportTables,
  columnsFor,
  rate,
} from '../../../core/broadcast/report';

const now = new Date('2025-04-13T09:00:00Z');
const body = (patch: Partial<BroadcastBody> = {}): BroadcastBody => ({
  name: 'Songkran',
  messages: [{ type: 'text', text: 'Hello' }],
  broadcast_time: '2025-04-13T12:00:00Z',
  recipients: 'all',
  messages_target: [],
  excluded_target: [],
  target_estimate: null,
  ...patch,
});
const fields = (errors: { field: string; message: string }[]) =>
  Object.fromEntries(errors.map((e) => [e.field, e.message]));

describe('validateBroadcastBody (spec 5 "Broadcast")', () => {
  it.each([
    ['a draft needs only its name', body({ messages: [], broadcast_time: null }), 'draft', {}],
    ['a draft without a name', body({ name: '  ' }), 'draft', { name: 'Name is required.' }],
    [
      'a sixth bubble, even in a draft',
      body({ messages: Array.from({ length: 6 }, () => ({ type: 'text' as const, text: 'x' })) }),
      'draft',
      { messages: 'Can you send Message templates only 5 Bubble.' },
    ],
    ['a complete schedule', body(), 'schedule', {}],
    [
      'a past time',
      body({ broadcast_time: '2025-04-13T08:59:00Z' }),
      'schedule',
      { broadcast_time: 'Please select the correct date and time.' },
    ],
    [
      'more than a year ahead',
      body({ broadcast_time: '2026-04-14T09:00:00Z' }),
      'schedule',
      { broadcast_time: 'Please select the correct date and time.' },
    ],
    ['send now needs no time', body({ broadcast_time: null }), 'send_now', {}],
    ['no bubble', body({ messages: [] }), 'send_now', { messages: 'Please select a message template.' }],
    [
      'a targeting without a tag',
      body({ recipients: 'targeting' }),
      'send_now',
      { messages_target: 'Please select a tag name.' },
    ],
    [
      'an empty text bubble is named by its place',
      body({
        messages: [
          { type: 'text', text: 'ok' },
          { type: 'text', text: ' ' },
        ],
      }),
      'send_now',
      { 'messages[1].text': 'This field is required.' },
    ],
    [
      'an image without its file',
      body({ messages: [{ type: 'image' }] }),
      'send_now',
      { 'messages[0]': 'File is required.' },
    ],
    [
      'an unknown filter',
      body({ recipients: 'targeting', messages_target: [{ type: 'age', option: ['30'] }] }),
      'draft',
      { 'messages_target[0].type': 'This filter is not supported.' },
    ],
  ] as const)('%s', (_name, value, action, expected) => {
    expect(fields(validateBroadcastBody(value as BroadcastBody, action, now))).toEqual(expected);
  });

  it.each([
    [99, { target_estimate: 'target reach number must be 100 or more' }],
    [100, {}],
    [null, { target_estimate: 'target reach number must be 100 or more' }],
  ])('a filter reaching %s', (reach, expected) => {
    const value = body({ recipients: 'targeting', messages_target: [{ type: 'tag', option: ['t1'] }] });
    expect(fields(validateBroadcastBody(value, 'schedule', now, reach))).toEqual(expected);
  });
});

describe('report columns by type (spec 3)', () => {
  const keys = (type: string, cards = false) => columnsFor(type, cards).map((c) => c.key);
  it.each([
    ['text', false, ['link_url', 'click', 'click_rate', 'user_click']],
    ['template_message', false, ['button', 'action', 'click', 'click_rate', 'user_click']],
    ['template_message', true, ['card', 'button', 'action', 'click', 'click_rate', 'user_click']],
    ['carousel', false, ['card', 'button', 'action', 'click', 'click_rate', 'user_click']],
    ['location', false, ['card', 'button', 'action', 'click', 'click_rate', 'user_click']],
    ['video', false, ['duration', 'view', 'view_rate', 'user_view']],
    ['sticker', false, ['sent']],
  ])('%s (cards: %s)', (type, cards, expected) => {
    expect(keys(type, cards)).toEqual(expected);
  });

  it('rates are of the delivered, in percent; tables total per message', () => {
    expect(rate(2, 120)).toBe(1.67);
    expect(rate(5, 0)).toBe(0);
    const report: BroadcastReport = {
      broadcast: {
        _id: 'b',
        name: 'B',
        status: 'Sent',
        broadcast_time: null,
        started_at: null,
        finished_at: null,
      },
      total: 200,
      delivered: 200,
      failed: 0,
      messages: [
        {
          index: 0,
          type: 'carousel',
          users: 5,
          video: null,
          links: [
            {
              part: 'm0.c0.a0',
              card: 0,
              place: 'button',
              label: 'Buy',
              url: 'https://a',
              click: 4,
              users: 3,
            },
            {
              part: 'm0.c1.a0',
              card: 1,
              place: 'button',
              label: 'More',
              url: 'https://b',
              click: 3,
              users: 3,
            },
          ],
        },
        { index: 1, type: 'video', users: 0, links: [], video: { duration: 30, view: 10, users: 8 } },
      ],
      totals: { click: 7, users: 5, view: 10, view_users: 8 },
      timeline: { unit: 'hour', buckets: [], clicks: [], views: [] },
    };
    const [cards, video] = broadcastReportTables(report, (m) => `${m.index + 1}`);
    expect(cards.rows.map((r) => r.cells)).toEqual([
      {
        link_url: 'https://a',
        card: '1',
        button: 'Buy',
        action: 'https://a',
        click: 4,
        click_rate: 1.5,
        user_click: 3,
      },
      {
        link_url: 'https://b',
        card: '2',
        button: 'More',
        action: 'https://b',
        click: 3,
        click_rate: 1.5,
        user_click: 3,
      },
    ]);
    expect(cards.total).toEqual({ click: 7, user_click: 5, click_rate: 2.5 });
    expect(video.rows[0].cells).toEqual({ duration: 30, view: 10, view_rate: 4, user_view: 8 });
    expect(progressPercent({ total: 1200, sent: 600, failed: 0 })).toBe(50);
  });
});
