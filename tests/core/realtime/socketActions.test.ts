import { describe, expect, it } from 'vitest';
import { AGENT_SERVER_EVENTS, WIDGET_SERVER_EVENTS } from '../../../core/realtime/events';
import {
  bindAgentSocketActions,
  bindWidgetSocketActions,
  socketActionType,
} from '../../../core/realtime/socketActions';

function emitter() {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  return {
    on(event: string, l: (p: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(l);
    },
    off(event: string, l: (p: unknown) => void) {
      listeners.get(event)?.delete(l);
    },
    emit(event: string, payload: unknown) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

describe('spec 7: incoming events map to actions prefixed SOCKET_', () => {
  it('names', () => expect(socketActionType('CLOSE_CHAT')).toBe('SOCKET_CLOSE_CHAT'));
  it('every agent event is dispatched with its payload, and unbinding stops it', () => {
    const socket = emitter();
    const seen: unknown[] = [];
    const unbind = bindAgentSocketActions(socket, (a) => seen.push(a));
    expect(socket.count()).toBe(Object.keys(AGENT_SERVER_EVENTS).length);
    socket.emit('CLOSE_CHAT', { follower_id: 'f1', livechat_id: 'l1' });
    socket.emit('NOT_AN_EVENT', {});
    expect(seen).toEqual([{ type: 'SOCKET_CLOSE_CHAT', payload: { follower_id: 'f1', livechat_id: 'l1' } }]);
    unbind();
    expect(socket.count()).toBe(0);
    socket.emit('CLOSE_CHAT', {});
    expect(seen).toHaveLength(1);
  });
  it('widget events too', () => {
    const socket = emitter();
    const seen: { type: string }[] = [];
    bindWidgetSocketActions(socket, (a) => seen.push(a));
    for (const e of Object.values(WIDGET_SERVER_EVENTS)) socket.emit(e, {});
    expect(seen.map((a) => a.type)).toEqual(Object.keys(WIDGET_SERVER_EVENTS).map((e) => `SOCKET_${e}`));
    expect(seen[0].type).toBe('SOCKET_NEW_MESSAGE');
  });
});
