// Optimistic sending (spec 4): a message shows at once as wait_socket, then the server's copy
// replaces it (matched by temp_id), or it is marked fail and can be resent with the same temp_id,
// which the server treats as the same message (design: idempotent sends).
import type { Message, MessageItem, SendState, UserInfo } from '../models/message';

/** A random id for temp_id; crypto.randomUUID exists in browsers and Node 20. */
export function newTempId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `t-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function pendingMessage(input: {
  temp_id: string;
  items: MessageItem[];
  now: Date;
  user?: UserInfo | null;
}): Message {
  return {
    temp_id: input.temp_id,
    timestamp: Math.floor(input.now.getTime() / 1000),
    type: 'reply',
    from_type: 'agent',
    from_id: input.user?._id ?? null,
    user_info: input.user ?? null,
    is_replied: true,
    new_chat: false,
    status_send_message: 'wait_socket',
    messages_sent: input.items,
  };
}

/**
 * The server's message arrived (HTTP answer or socket event): it replaces the pending one with the
 * same temp_id, or is appended; a copy already listed by _id is not added twice.
 */
export function confirmMessage(messages: readonly Message[], fromServer: Message): Message[] {
  const confirmed = { ...fromServer, status_send_message: null };
  const byTemp = fromServer.temp_id ? messages.findIndex((m) => m.temp_id === fromServer.temp_id) : -1;
  if (byTemp >= 0) {
    const next = messages.filter((m, i) => i === byTemp || !fromServer._id || m._id !== fromServer._id);
    return next.map((m) => (m.temp_id === fromServer.temp_id ? confirmed : m));
  }
  if (fromServer._id && messages.some((m) => m._id === fromServer._id)) return [...messages];
  return [...messages, confirmed];
}

function setState(messages: readonly Message[], tempId: string, state: SendState): Message[] {
  return messages.map((m) =>
    m.temp_id === tempId && m.status_send_message ? { ...m, status_send_message: state } : m,
  );
}

/** A send that failed: only a still-pending message can fail (a confirmed one stays confirmed). */
export function failMessage(messages: readonly Message[], tempId: string): Message[] {
  return setState(messages, tempId, 'fail');
}

/** Resending puts a failed message back to wait_socket; the caller sends it again with the same temp_id. */
export function resendMessage(messages: readonly Message[], tempId: string): Message[] {
  return messages.map((m) =>
    m.temp_id === tempId && m.status_send_message === 'fail'
      ? { ...m, status_send_message: 'wait_socket' }
      : m,
  );
}

export function isResendable(message: Pick<Message, 'status_send_message'>): boolean {
  return message.status_send_message === 'fail';
}
