// Socket event names shared by the server and both clients (spec 7 "Live channel events").
// The server and the clients import these; never type an event name as a string elsewhere.

/** Namespaces: agents in the console, visitors in the widget. */
export const AGENT_NAMESPACE = '/agent';
export const WIDGET_NAMESPACE = '/widget';

/** Sent by an agent's console. */
export const AGENT_CLIENT_EVENTS = {
  /** Open a follower's chat: its messages start arriving (payload: follower id). */
  JOIN_CHAT: 'JOIN_CHAT',
  /** Close it again (payload: follower id). */
  LEAVE_CHAT: 'LEAVE_CHAT',
} as const;

/** Received by agents' consoles. */
export const AGENT_EVENTS = {
  /** A new chat (a new follower, or a new live chat of a known one): `{ follower }`. */
  ADD_CHAT: 'ADD_CHAT',
  /** A new message in a chat: `{ follower, message }` (to the list and to the open chat). */
  GET_CHAT: 'GET_CHAT',
  /** Lists are stale; fetch the followers again. */
  FETCH_FOLLOWERS: 'FETCH_FOLLOWERS',
  /** A follower's notes changed: `{ follower_id, notes }`. */
  NOTES: 'NOTES',
  /** Name, nickname, picture, flags or live-chat state changed: `{ follower }`. */
  FOLLOWER_PROFILE_UPDATE: 'FOLLOWER_PROFILE_UPDATE',
  /** A chat was closed (done): `{ follower }`. */
  CLOSE_CHAT: 'CLOSE_CHAT',
  /** A chat waited too long and is missed: `{ follower }`. */
  MISSED_CHAT: 'MISSED_CHAT',
  /** The switch-mode countdown was extended: `{ follower_id, livechat_id, count_down_second }`. */
  EXTEND_CHAT_TIME: 'EXTEND_CHAT_TIME',
  /** A chat was taken or accepted by an agent: `{ follower }`. */
  START_CHAT: 'START_CHAT',
  /** A contact's fields changed: `{ follower_id, contact_detail }`. */
  CONTACT_FIELD_UPDATE: 'CONTACT_FIELD_UPDATE',
  /** A follower's integration data changed: `{ follower_id, integration }`. */
  INTEGRATION_UPDATE: 'INTEGRATION_UPDATE',
  /** Delivery of an outgoing message changed: `{ follower_id, message }`. */
  MESSAGE_STATUS: 'MESSAGE_STATUS',
  /** An agent went online, offline, available or away: `{ user_id, online, chat_status }`. */
  AGENT_PRESENCE: 'AGENT_PRESENCE',
} as const;
export type AgentEvent = (typeof AGENT_EVENTS)[keyof typeof AGENT_EVENTS];

/** Received by the widget (a visitor's conversation). */
export const WIDGET_EVENTS = {
  /** A message from the team, or the visitor's own message sent from another tab: widget message. */
  MESSAGE: 'MESSAGE',
  /** Delivery state of the visitor's message changed. */
  MESSAGE_STATUS: 'MESSAGE_STATUS',
  /** The session ended (closed by the team or expired); the next message starts a new one. */
  SESSION_END: 'SESSION_END',
} as const;
export type WidgetEvent = (typeof WIDGET_EVENTS)[keyof typeof WIDGET_EVENTS];
