import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../core/api/client';
import {
  getWidgetMenu,
  getWidgetMessages,
  sendWidgetEvents,
  verifyWidget,
} from '../../../../core/api/endpoints/widget';
import { fakeFetch } from '../fakeFetch';

const client = () => {
  const net = fakeFetch([{ status: 200, body: {} }]);
  return { net, api: createApiClient({ baseURL: 'http://h', channelId: () => null, fetch: net.fetch }) };
};

describe('spec 7: widget calls', () => {
  it('GET /service/widget/menu (widget_id)', async () => {
    const { net, api } = client();
    await getWidgetMenu(api, 'w1');
    expect(net.calls[0].url.pathname).toBe('/service/widget/menu');
    expect(net.calls[0].url.searchParams.get('widget_id')).toBe('w1');
  });
  it('POST /service/widget/verify', async () => {
    const { net, api } = client();
    await verifyWidget(api, { token: 'x' });
    expect([net.calls[0].method, net.calls[0].url.pathname]).toEqual(['POST', '/service/widget/verify']);
  });
  it('GET /service/widget/messages (skip, limit)', async () => {
    const { net, api } = client();
    await getWidgetMessages(api, { skip: 0, limit: 20 });
    expect(Object.fromEntries(net.calls[0].url.searchParams)).toEqual({ skip: '0', limit: '20' });
  });
  it('POST /service/webhook/widget/{widgetId} with events', async () => {
    const { net, api } = client();
    const event = {
      id: 'e1',
      source: { type: 'widget' as const, userId: 'v1' },
      timestamp: 1,
      sess_expired: false,
      type: 'message' as const,
      message: { type: 'text' as const, text: 'hi' },
    };
    await sendWidgetEvents(api, 'w 1', [event]);
    expect(net.calls[0].url.pathname).toBe('/service/webhook/widget/w%201');
    expect(net.calls[0].body).toEqual({ events: [event] });
  });
});
