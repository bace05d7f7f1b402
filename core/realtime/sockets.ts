// Socket factories on socket.io-client. The widget's options are spec 7's: its namespace, the
// 'client-widget' marker, websocket only, reconnect every 500 ms without limit, no auto connect.
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  AGENT_NAMESPACE,
  type AgentClientToServer,
  type AgentServerToClient,
  WIDGET_NAMESPACE,
  type WidgetClientToServer,
  type WidgetServerToClient,
} from './events';

/** Spec 9: socket reconnect 500 ms. */
export const SOCKET_RECONNECT_MS = 500;
export const WIDGET_CLIENT_MARKER = 'client-widget';

type Options = Partial<ManagerOptions & SocketOptions>;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function widgetSocketOptions(auth: { widget_id: string; session_id?: string | null }): Options {
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

/** `baseUrl` is the server origin ('' for same origin); the socket address ends with /widget. */
export function createWidgetSocket(
  baseUrl: string,
  auth: { widget_id: string; session_id?: string | null },
): Socket<WidgetServerToClient, WidgetClientToServer> {
  return io(`${trimSlash(baseUrl)}${WIDGET_NAMESPACE}`, widgetSocketOptions(auth));
}

export function agentSocketOptions(auth: { token: string; channel_id: string }): Options {
  return {
    auth,
    transports: ['websocket'],
    reconnectionDelay: SOCKET_RECONNECT_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_MS,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    autoConnect: false,
  };
}

export function createAgentSocket(
  baseUrl: string,
  auth: { token: string; channel_id: string },
): Socket<AgentServerToClient, AgentClientToServer> {
  return io(`${trimSlash(baseUrl)}${AGENT_NAMESPACE}`, agentSocketOptions(auth));
}
