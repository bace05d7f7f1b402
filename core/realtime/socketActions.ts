// Incoming socket events become actions named SOCKET_{EVENT} (spec 7), so a UI's state code
// handles them like any other action and never talks to the socket itself.
import type { AgentServerPayloads, WidgetServerPayloads } from './events';
import { AGENT_SERVER_EVENTS, WIDGET_SERVER_EVENTS } from './events';

export type SocketAction<P extends object> = {
  [E in keyof P & string]: { type: `SOCKET_${E}`; payload: P[E] };
}[keyof P & string];

export type AgentSocketAction = SocketAction<AgentServerPayloads>;
export type WidgetSocketAction = SocketAction<WidgetServerPayloads>;

export function socketActionType<E extends string>(event: E): `SOCKET_${E}` {
  return `SOCKET_${event}`;
}

/** The minimal socket surface used here; socket.io-client's Socket fits it. */
export interface EventSource {
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

function bind<A>(socket: EventSource, events: readonly string[], dispatch: (action: A) => void): () => void {
  const listeners = events.map((event) => {
    const listener = (payload: unknown) => dispatch({ type: socketActionType(event), payload } as A);
    socket.on(event, listener);
    return [event, listener] as const;
  });
  return () => {
    for (const [event, listener] of listeners) socket.off(event, listener);
  };
}

/** Dispatches every agent server event; returns the unbind function. */
export function bindAgentSocketActions(
  socket: EventSource,
  dispatch: (action: AgentSocketAction) => void,
): () => void {
  return bind(socket, Object.values(AGENT_SERVER_EVENTS), dispatch);
}

export function bindWidgetSocketActions(
  socket: EventSource,
  dispatch: (action: WidgetSocketAction) => void,
): () => void {
  return bind(socket, Object.values(WIDGET_SERVER_EVENTS), dispatch);
}
