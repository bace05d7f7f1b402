// Socket factories on socket.io-client: the agent's here, the widget's in ./widgetSocket (its
// bundle must not carry io()).
import { io, type Socket } from 'socket.io-client';
import { AGENT_NAMESPACE, type AgentClientToServer, type AgentServerToClient } from './events';
import { retryEarlyClose, SOCKET_RECONNECT_MS, type SocketClientOptions, trimSlash } from './widgetSocket';

export function agentSocketOptions(auth: { token: string; channel_id: string }): SocketClientOptions {
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
  const socket = io(`${trimSlash(baseUrl)}${AGENT_NAMESPACE}`, agentSocketOptions(auth));
  retryEarlyClose(socket.io);
  return socket;
}
