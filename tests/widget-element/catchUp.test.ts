// After a reconnect the widget asks what arrived while its socket was down. When that request
// fails even after its own retries (the server busy, the network down for a while) it asks again
// while the connection lasts: the socket is up, so nothing else would bring the replies it missed
// before the next drop.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Controller } from '../../widget-element/box/controller';
import { fakeHost as host } from './fakeHost';

/** The sockets the controller opened, each firing its handlers when the test says. */
const sockets: { fire(event: 'connect' | 'disconnect'): void }[] = [];
vi.mock('../../widget-element/box/socket', () => ({
  createWidgetSocket: () => {
    const handlers: Record<string, () => void> = {};
    let connections = 0;
    const socket = {
      connected: false,
      id: undefined as string | undefined,
      on(event: string, handler: () => void) {
        handlers[event] = handler;
      },
      connect() {},
      disconnect() {},
      // As socket.io's: connected, with a new id for each connection, until it drops.
      fire(event: 'connect' | 'disconnect') {
        socket.connected = event === 'connect';
        socket.id = event === 'connect' ? `connection-${++connections}` : undefined;
        handlers[event]?.();
      },
    };
    sockets.push(socket);
    return socket;
  },
  bindWidgetSocketActions: () => () => {},
}));

const message = (id: string, from: 'visitor' | 'agent', text: string, timestamp: number) => ({
  id,
  temp_id: null,
  from,
  type: 'text',
  message: text,
  items: [{ type: 'text', text }],
  timestamp,
  bot: false,
  greeting: false,
});

/** Catch-up requests (`after=`) answered with 503 while `failing` is above 0. */
const catchUps: string[] = [];
let failing = 0;
vi.stubGlobal(
  'fetch',
  vi.fn(async (url: string) => {
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (url.includes('/service/widget/verify'))
      return json(200, {
        status: 'ok',
        data: { session_id: 's1', visitor_id: 'v1', profile: { name: '', form: {}, form_done: false } },
      });
    if (url.includes('/service/widget/messages')) {
      const after = new URL(url).searchParams.get('after');
      if (!after) return json(200, { chat: [message('m1', 'visitor', 'Hello?', 1)], total_count: 1 });
      catchUps.push(after);
      if (failing > 0) {
        failing--;
        return json(503, { message: 'Busy' });
      }
      return json(200, { chat: [message('m2', 'agent', 'Missed reply', 2)], total_count: 1 });
    }
    return json(200, {});
  }),
);

const texts = (c: Controller) => c.state.messages.map((m) => m.message);

/** A controller with its history loaded and its socket created (not yet connected). */
async function opened() {
  localStorage.setItem('chat-widget:w1:session', 's1');
  const c = new Controller(host());
  await c.opened();
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  vi.useFakeTimers();
  return { c, socket: sockets[0] };
}

beforeEach(() => {
  sockets.length = 0;
  catchUps.length = 0;
  failing = 0;
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

// Each request is itself tried 4 times, 3 s apart, on a 5xx (spec 7, core/http/retry.ts): a
// catch-up fails as a whole after 9 s of failures.
describe('widget catch-up after a reconnect', () => {
  it('asks again when the catch-up fails, until it gets the replies it missed', async () => {
    const { c, socket } = await opened();
    expect(texts(c)).toEqual(['Hello?']);
    failing = 4;
    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(9_000);
    expect(catchUps).toEqual(['m1', 'm1', 'm1', 'm1']);
    expect(texts(c)).toEqual(['Hello?']);
    // Asked again 1 s after the failed catch-up, from the same place.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(catchUps).toHaveLength(5);
    expect(catchUps.at(-1)).toBe('m1');
    expect(texts(c)).toEqual(['Hello?', 'Missed reply']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(catchUps).toHaveLength(5);
  });

  it('stops asking when the connection drops; the next connect asks from where it was', async () => {
    const { c, socket } = await opened();
    failing = 4;
    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(9_000);
    socket.fire('disconnect');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(catchUps).toHaveLength(4);
    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(0);
    expect(catchUps).toHaveLength(5);
    expect(texts(c)).toEqual(['Hello?', 'Missed reply']);
  });
});
