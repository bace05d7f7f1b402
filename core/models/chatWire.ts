// What the live chat API answers (docs/chat-api.md): spec 3's Follower and Message as the server
// serialises them, plus the shapes of the chat calls' responses. The console and the endpoint
// functions of core/api/endpoints share these, so a response shape is written once.
import type { Follower, Note } from './chat';
import type { ContactDetail } from './contact';
import type { Message } from './message';

/** The wire follower carries a little more than spec 3's Follower. */
export type LiveFollower = Follower & {
  channel_type?: string;
  channel_type_info?: { _id: string; name: string; type?: string };
  last_message_text?: string;
  /** The channel's reply window after the customer's last message has closed (core/chat/contactWindow.ts). */
  contact_expired?: boolean;
  /** When it closes (seconds), or null when the channel has none. */
  contact_expires_at?: number | null;
  last_livechat?:
    | (NonNullable<Follower['last_livechat']> & {
        /** When the switch-mode countdown reaches 0 (seconds), or null when none runs. */
        countdown_until?: number | null;
      })
    | null;
};

export type LiveMessage = Message & {
  follower_id?: string;
  livechat_id?: string | null;
  delivery?: 'pending' | 'sent' | 'failed';
  delivery_error?: string | null;
  /** Brought in by a chat import (server/chatImport), with the sender's name the file gave. */
  imported?: boolean;
  imported_sender?: string | null;
};

export interface Option {
  label: string;
  value: string;
}

/** Unread counts of the chat state (spec 3): the caller's chats, not-replied chats, other agents'. */
export interface UnreadCounts {
  me: number;
  not_replied: number;
  other: number;
}

export interface MasterData {
  channel_types: Option[];
  chat_types: Option[];
  agents: (Option & { chat_status?: 'available' | 'away'; online?: boolean })[];
  queues: (Option & { visibility?: 'everyone' | 'selected' })[];
  setting: {
    switch_mode_time: { start: number; extend: number };
    bot_info?: { name?: string; image?: string | null };
  };
  queue_permission: string[];
  unread?: UnreadCounts;
}

export interface FollowersPage {
  chat_pin: { data: LiveFollower[] };
  chat: { data: LiveFollower[]; total_count: number };
}

export interface MediaEntry {
  message_id: string;
  type: string;
  url: string;
  preview?: string | null;
  name?: string | null;
  timestamp: number;
}

/** A send's answer: the stored message (the same one again for a repeated temp id). */
export interface SentMessage {
  message: LiveMessage;
  follower?: LiveFollower;
  /** send/file: one message per file. */
  messages?: LiveMessage[];
}

export interface FollowerAnswer {
  follower: LiveFollower;
}

export interface CountdownAnswer {
  count_down_second: number;
}

export interface AssignAgent {
  _id: string;
  display_name: string;
  online?: boolean;
  chat_status?: string;
}

export interface AssignQueue {
  _id: string;
  name: string;
  visibility?: string;
}

export interface FollowerContact {
  follower: LiveFollower;
  contact: {
    contact_detail: ContactDetail[];
    tags?: unknown[];
    verify?: { is_verify?: boolean };
  };
}

export type WireNote = Note & {
  _id?: string;
  created_by?: string | null;
  /** Seconds, as every timestamp on the chat wire. */
  created_at?: number;
  updated_at?: number;
};

export interface TagOption {
  label: string;
  value: string;
  is_verify?: boolean;
}

export interface ReplyGroup {
  _id: string;
  name: string;
  messages?: { _id: string; name: string }[];
}

/** /api/reply/group/list: the groups with their reply messages, and the replies in no group. */
export interface ReplyGroups {
  list: ReplyGroup[];
  ungrouped?: { _id: string; name: string }[];
}

export interface SearchNameAnswer {
  list: LiveFollower[];
  total_count: number;
}

export interface SearchMessageAnswer {
  list: { follower: LiveFollower | null; message: LiveMessage }[];
  total_count: number;
}
