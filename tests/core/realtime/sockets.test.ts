import { describe, expect, it } from 'vitest';
import { agentSocketOptions, createAgentSocket } from '../../../core/realtime/sockets';
import {
  createWidgetSocket,
  SOCKET_RECONNECT_MS,
  widgetSocketOptions,
} from '../../../core/realtime/widgetSocket';

describe('spec 7, 9: the widget socket', () => {
  it('options: client-widget marker, websocket only, 500 ms reconnect without limit, no auto connect', () => {
    expect(SOCKET_RECONNECT_MS).toBe(500);
    expect(widgetSocketOptions({ widget_id: 'w1', session_id: 's1' })).toEqual({
      extraHeaders: { from: 'client-widget' },
      auth: { from: 'client-widget', widget_id: 'w1', session_id: 's1' },
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 500,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      autoConnect: false,
    });
  });
  it('connects to an address ending with the widget namespace and does not connect by itself', () => {
    const socket = createWidgetSocket('https://chat.example/', { widget_id: 'w1' });
    try {
      expect((socket as unknown as { nsp: string }).nsp).toBe('/widget');
      expect(socket.connected).toBe(false);
      expect(socket.io.opts.transports).toEqual(['websocket']);
      expect(socket.io.reconnectionDelay()).toBe(500);
      expect(socket.io.reconnectionDelayMax()).toBe(500);
      expect(socket.io.reconnectionAttempts()).toBe(Number.POSITIVE_INFINITY);
      expect(socket.io.opts.autoConnect).toBe(false);
    } finally {
      socket.close();
    }
  });
});

describe('the agent socket', () => {
  it('uses /agent with token and channel_id', () => {
    expect(agentSocketOptions({ token: 't', channel_id: 'c' }).auth).toEqual({ token: 't', channel_id: 'c' });
    const socket = createAgentSocket('https://chat.example', { token: 't', channel_id: 'c' });
    try {
      expect((socket as unknown as { nsp: string }).nsp).toBe('/agent');
      expect(socket.connected).toBe(false);
    } finally {
      socket.close();
    }
  });
});
