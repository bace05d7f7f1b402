// The widget's socket on socket.io-client's Manager. Its options are spec 7's: the widget
// namespace, the 'client-widget' marker, websocket only, reconnect every 500 ms without limit, no
// auto connect. A Manager of its own rather than io(): a widget never shares its connection, and
// io()'s address parser and shared-manager cache stay out of the widget's bundle (build.ts).
import { Manager, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { WIDGET_NAMESPACE, type WidgetClientToServer, type WidgetServerToClient } from './events';

/** Spec 9: socket reconnect 500 ms. */
export const SOCKET_RECONNECT_MS = 500;
export const WIDGET_CLIENT_MARKER = 'client-widget';

export type SocketClientOptions = Partial<ManagerOptions & SocketOptions>;

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function widgetSocketOptions(auth: {
  widget_id: string;
  session_id?: string | null;
}): SocketClientOptions {
  return {
    // Browsers cannot set headers on a websocket; the marker rides in auth too.
    extraHeaders: { from: WIDGET_CLIENT_MARKER },
    auth: { from: WIDGET_CLIENT_MARKER, ...auth },
    transports: ['websocket'],
    reconnection: true,
    reconnectionDelay: SOCKET_RECONNECT_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_MS,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    autoConnect: false,
  };
}

type Opener = Pick<Manager, 'open' | 'engine' | '_readyState'>;
const retrying = new WeakSet<Opener>();

/**
 * While it opens, socket.io's manager listens for the engine's 'open' and 'error' only. A
 * connection closed before the engine.io handshake (a process going away, a balancer dropping
 * it) raises a close and no error, so the manager would wait for its open timeout (20 s) before
 * trying again, and a visitor would miss replies that long. Such a close becomes the error the
 * manager retries on, after its reconnect delay (500 ms).
 */
export function retryEarlyClose(manager: Opener) {
  if (retrying.has(manager)) return;
  retrying.add(manager);
  const open = manager.open.bind(manager);
  manager.open = (fn) => {
    const before = manager.engine;
    open(fn);
    const engine = manager.engine;
    if (engine !== before && manager._readyState === 'opening')
      engine.once('close', (reason: string) => {
        if (manager._readyState !== 'opening') return;
        (engine as unknown as { emitReserved(event: 'error', err: Error): void }).emitReserved(
          'error',
          new Error(`closed before the handshake (${reason})`),
        );
      });
    return manager as Manager;
  };
}

/** `baseUrl` is the server origin ('' for same origin); the socket's namespace is /widget. */
export function createWidgetSocket(
  baseUrl: string,
  auth: { widget_id: string; session_id?: string | null },
): Socket<WidgetServerToClient, WidgetClientToServer> {
  const options = widgetSocketOptions(auth);
  const manager = new Manager<WidgetServerToClient, WidgetClientToServer>(
    trimSlash(baseUrl) || undefined,
    options,
  );
  retryEarlyClose(manager);
  return manager.socket(WIDGET_NAMESPACE, options);
}
