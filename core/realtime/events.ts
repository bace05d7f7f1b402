// Socket event names and payloads shared by the server and both UIs (spec 7 "Live channel events").
// docs/chat-api.md is the contract for the agent events; keep the two in step.
// Agents use namespace /agent and join one room per followed chat with JOIN_CHAT / LEAVE_CHAT;
// widget visitors use namespace /widget.
import type { Follower, Note } from '../models/chat';
import type { ContactDetail } from '../models/contact';
import type { Message } from '../models/message';
import type { WidgetMessage } from '../models/widget';

export const AGENT_NAMESPACE = '/agent';
export const WIDGET_NAMESPACE = '/widget';

/** Sent by an agent's console. */
export const AGENT_CLIENT_EVENTS = { JOIN_CHAT: 'JOIN_CHAT', LEAVE_CHAT: 'LEAVE_CHAT' } as const;

/** Sent by the server to agents (spec 7 received events, one name each). */
export const AGENT_SERVER_EVENTS = {
  /** A new chat or a new message on a chat not in the list yet. */
  ADD_CHAT: 'ADD_CHAT',
  /** A new message on a chat; carries the message and the updated follower. */
  GET_CHAT: 'GET_CHAT',
  /** The list changed in a way best fixed by reloading it. */
  FETCH_FOLLOWERS: 'FETCH_FOLLOWERS',
  /** The notes of a follower changed. */
  NOTES: 'NOTES',
  FOLLOWER_PROFILE_UPDATE: 'FOLLOWER_PROFILE_UPDATE',
  CLOSE_CHAT: 'CLOSE_CHAT',
  MISSED_CHAT: 'MISSED_CHAT',
  EXTEND_CHAT_TIME: 'EXTEND_CHAT_TIME',
  START_CHAT: 'START_CHAT',
  CONTACT_FIELD_UPDATE: 'CONTACT_FIELD_UPDATE',
  INTEGRATION_UPDATE: 'INTEGRATION_UPDATE',
  /** Delivery of an outgoing message changed (sent or failed). */
  MESSAGE_STATUS: 'MESSAGE_STATUS',
  /** An agent connected, disconnected or changed availability. */
  AGENT_PRESENCE: 'AGENT_PRESENCE',
} as const;
/** The name the server and docs/chat-api.md use. */
export const AGENT_EVENTS = AGENT_SERVER_EVENTS;
export type AgentEvent = (typeof AGENT_SERVER_EVENTS)[keyof typeof AGENT_SERVER_EVENTS];

/** Sent by the server to a widget visitor. */
export const WIDGET_SERVER_EVENTS = {
  /** An agent's or the bot's message for the visitor. */
  NEW_MESSAGE: 'NEW_MESSAGE',
  /** The agent closed the chat. */
  CHAT_CLOSED: 'CHAT_CLOSED',
  /** The visitor's session ended; the next message starts a new one (webhook sess_expired). */
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  /** Delivery state of a message in the visitor's conversation changed. */
  MESSAGE_STATUS: 'MESSAGE_STATUS',
  /** The widget's settings were saved in the console; open widgets apply them. */
  SETTINGS_UPDATED: 'SETTINGS_UPDATED',
} as const;
export const WIDGET_EVENTS = WIDGET_SERVER_EVENTS;
export type WidgetEvent = (typeof WIDGET_SERVER_EVENTS)[keyof typeof WIDGET_SERVER_EVENTS];

export interface FollowerRef {
  follower_id: string;
}

export interface AgentServerPayloads {
  ADD_CHAT: { follower: Follower; message?: Message };
  GET_CHAT: { follower: Follower; message: Message };
  FETCH_FOLLOWERS: Record<string, never>;
  NOTES: FollowerRef & { notes: Note[] };
  FOLLOWER_PROFILE_UPDATE: { follower: Follower };
  CLOSE_CHAT: { follower: Follower };
  MISSED_CHAT: { follower: Follower };
  EXTEND_CHAT_TIME: FollowerRef & { livechat_id: string; count_down_second: number };
  START_CHAT: { follower: Follower };
  CONTACT_FIELD_UPDATE: FollowerRef & { contact_detail: ContactDetail[] };
  INTEGRATION_UPDATE: FollowerRef & { integration: Record<string, unknown> | null };
  MESSAGE_STATUS: FollowerRef & { message: Message };
  AGENT_PRESENCE: { user_id: string; online: boolean; chat_status: 'available' | 'away' };
}

/** JOIN_CHAT and LEAVE_CHAT carry the follower id itself (spec 7). */
export interface AgentClientPayloads {
  JOIN_CHAT: string;
  LEAVE_CHAT: string;
}

export interface WidgetServerPayloads {
  NEW_MESSAGE: WidgetMessage;
  /** livechat_id names the chat that ended, so the widget's rating (POST /service/widget/rating) rates it. */
  CHAT_CLOSED: { timestamp: number; livechat_id?: string | null };
  SESSION_EXPIRED: { timestamp: number };
  MESSAGE_STATUS: { id: string; temp_id?: string | null; statusSendMessage: 'sent' | 'fail' };
  SETTINGS_UPDATED: Record<string, unknown>;
}

/** socket.io's typed-event maps, for `Socket<AgentServerToClient, AgentClientToServer>` on both ends. */
export type AgentServerToClient = {
  [E in keyof AgentServerPayloads]: (payload: AgentServerPayloads[E]) => void;
};
export type AgentClientToServer = {
  [E in keyof AgentClientPayloads]: (payload: AgentClientPayloads[E]) => void;
};
export type WidgetServerToClient = {
  [E in keyof WidgetServerPayloads]: (payload: WidgetServerPayloads[E]) => void;
};
// biome-ignore lint/complexity/noBannedTypes: the widget sends nothing over the socket (it posts to the webhook).
export type WidgetClientToServer = {};
