// What the actions and verification tests share: the fake LINE and Meta platforms and the fake
// external API on loopback, a real server pointed at them (loopback calls allowed for the fake
// API), LINE and Messenger channels, the widget, and senders for a tap on each channel: a signed
// LINE postback webhook, a signed Messenger postback, a widget postback event.
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { followers, messages } from '../../../server/chat/schema';
import { type FakeApi, startFakeApi } from '../../helpers/fakeApi';
import {
  type ChannelHarness,
  LINE_SECRET,
  lineSignature,
  META_VERIFY,
  metaSignature,
  type Payload,
  postRaw,
  startChannelHarness,
} from '../channels/channelHarness';

export type Channel = 'line' | 'messenger' | 'widget';
export const CHANNELS: Channel[] = ['line', 'messenger', 'widget'];
export const MESSENGER_PAGE = '1000001';

export interface ActionsHarness extends ChannelHarness {
  api3: FakeApi;
  lineId: string;
  messengerId: string;
  widgetId: string;
  /** A customer on a channel: its external id, and the widget visitor's session token. */
  customer(channel: Channel): Promise<Customer>;
  /** Taps postback data as the customer; returns the event to send again (a redelivery). */
  /** `later`: the tap happens this many ms from now (a second tap that is no double tap). */
  tap(
    customer: Customer,
    data: string,
    extra?: { title?: string; later?: number },
  ): Promise<() => Promise<void>>;
  /** LINE's text message (what a LINE message action sends). */
  say(customer: Customer, text: string): Promise<void>;
  conversation(customer: Customer): Promise<{ follower: typeof followers.$inferSelect | null; rows: Row[] }>;
}

export type Row = typeof messages.$inferSelect;

export interface Customer {
  channel: Channel;
  channelId: string;
  externalId: string;
  session?: string;
}

export async function startActionsHarness(env: Record<string, string> = {}): Promise<ActionsHarness> {
  const api3 = await startFakeApi();
  const h = await startChannelHarness({
    PUBLIC_URL: 'https://chat.example.test',
    API_ALLOW_PRIVATE: 'true',
    ...env,
  });
  const line = await h.connect('line', {
    channel_id: '1650000000',
    channel_secret: LINE_SECRET,
    access_token: h.line.token,
  });
  const messenger = await h.connect('messenger', {
    page_id: MESSENGER_PAGE,
    app_secret: h.meta.appSecret,
    page_token: h.meta.pageToken,
    verify_token: META_VERIFY,
  });
  const widgetId = h.owner.widgetId;
  const url = h.server.url;

  const lineWebhook = async (events: unknown[]) => {
    const body = JSON.stringify({ destination: 'Ubot0000000000000000000000000000', events });
    const res = await postRaw(`${url}/webhook/line/${line._id}`, body, {
      'content-type': 'application/json; charset=utf-8',
      'x-line-signature': lineSignature(LINE_SECRET, body),
    });
    expect(res.status).toBe(200);
  };
  const metaWebhook = async (messaging: unknown[]) => {
    const raw = JSON.stringify({
      object: 'page',
      entry: [{ id: MESSENGER_PAGE, time: Date.now(), messaging }],
    });
    const res = await postRaw(`${url}/webhook/meta/${messenger._id}`, raw, {
      'content-type': 'application/json',
      'x-hub-signature-256': metaSignature(h.meta.appSecret, raw),
    });
    expect(res.status).toBe(200);
  };
  const widgetEvents = async (session: string, events: unknown[]) => {
    const res = await fetch(`${url}/service/webhook/widget/${widgetId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-widget-session': session },
      body: JSON.stringify({ events }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Payload;
  };
  const lineEvent = (userId: string, extra: Record<string, unknown>, redelivery = false) => {
    const replyToken = randomUUID().replace(/-/g, '');
    h.line.replyTokens.add(replyToken);
    return {
      webhookEventId: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
      deliveryContext: { isRedelivery: redelivery },
      timestamp: Date.now(),
      source: { type: 'user', userId },
      replyToken,
      mode: 'active',
      ...extra,
    };
  };

  let n = 0;
  return {
    ...h,
    api3,
    lineId: line._id,
    messengerId: messenger._id,
    widgetId,
    async close() {
      await h.close();
      await api3.close();
    },
    async customer(channel) {
      n += 1;
      if (channel === 'line')
        return { channel, channelId: line._id, externalId: `U${randomUUID().replace(/-/g, '')}` };
      if (channel === 'messenger')
        return { channel, channelId: messenger._id, externalId: `PSID-${n}-${Date.now()}` };
      const res = await fetch(`${url}/service/widget/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ widget_id: widgetId }),
      });
      const body = (await res.json()) as Payload;
      return {
        channel,
        channelId: widgetId,
        externalId: body.data.visitor_id,
        session: body.data.session_id,
      };
    },
    async tap(c, data, extra = {}) {
      if (c.channel === 'line') {
        const event = {
          ...lineEvent(c.externalId, { type: 'postback', postback: { data } }),
          timestamp: Date.now() + (extra.later ?? 0),
        };
        await lineWebhook([event]);
        return () => lineWebhook([{ ...event, deliveryContext: { isRedelivery: true } }]);
      }
      if (c.channel === 'messenger') {
        const event = {
          sender: { id: c.externalId },
          recipient: { id: MESSENGER_PAGE },
          timestamp: Date.now(),
          postback: { mid: `m_pb_${randomUUID()}`, title: extra.title ?? 'Button', payload: data },
        };
        await metaWebhook([event]);
        return () => metaWebhook([event]);
      }
      const event = {
        id: `pb-${randomUUID()}`,
        source: { type: 'widget', userId: c.externalId },
        timestamp: Date.now(),
        type: 'postback',
        postback: { data },
      };
      const first = await widgetEvents(c.session as string, [event]);
      expect(first.results[0].postback).toBe('recorded');
      return async () => {
        const again = await widgetEvents(c.session as string, [event]);
        expect(again.results[0].postback).toBe('duplicate');
      };
    },
    async say(c, text) {
      if (c.channel === 'line')
        return lineWebhook([
          lineEvent(c.externalId, {
            type: 'message',
            message: { id: randomUUID(), type: 'text', text, quoteToken: 'q' },
          }),
        ]);
      if (c.channel === 'messenger')
        return metaWebhook([
          {
            sender: { id: c.externalId },
            recipient: { id: MESSENGER_PAGE },
            timestamp: Date.now(),
            message: { mid: `m_${randomUUID()}`, text },
          },
        ]);
      await widgetEvents(c.session as string, [
        {
          id: `t-${randomUUID()}`,
          source: { type: 'widget', userId: c.externalId },
          timestamp: Date.now(),
          type: 'message',
          message: { type: 'text', text },
        },
      ]);
    },
    async conversation(c) {
      const db = h.server.app.ctx.db;
      const [follower] = await db
        .select()
        .from(followers)
        .where(and(eq(followers.channelId, c.channelId), eq(followers.externalId, c.externalId)));
      if (!follower) return { follower: null, rows: [] };
      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.followerId, follower.id))
        .orderBy(messages.seq);
      return { follower, rows };
    },
  };
}

/** The bot's messages of a conversation, as their items. */
export const botItems = (rows: Row[]) => rows.filter((r) => r.fromType === 'bot').map((r) => r.items);

export async function latestBot(h: ActionsHarness, c: Customer) {
  const db = h.server.app.ctx.db;
  const { follower } = await h.conversation(c);
  if (!follower) return null;
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.followerId, follower.id), eq(messages.fromType, 'bot')))
    .orderBy(desc(messages.seq))
    .limit(1);
  return row ?? null;
}

/** Every postback data in a LINE message (the button taps it offers), by label. */
export function postbacksIn(node: unknown, out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(node)) for (const child of node) postbacksIn(child, out);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.type === 'postback' && typeof o.data === 'string') out.set(String(o.label ?? o.data), o.data);
    for (const v of Object.values(o)) postbacksIn(v, out);
  }
  return out;
}
