// The visitor's message list as pure functions (spec 4 outgoing messages): a send shows at once as
// wait_socket, the server's copy replaces it (matched by temp_id) whichever of the HTTP answer or
// the socket event comes first, a failed send is marked fail and can be resent with the same temp
// id, and a message already listed (by id) is never added twice.
import {
  type QuickReplyChoice,
  sentQuickReplyChoices,
  type WidgetChatMessage,
} from '../../core/widget/message';

export type ChatMessage = WidgetChatMessage;

const key = (m: ChatMessage) => m.temp_id || m.id;

/** Oldest first; equal times keep their order, and unconfirmed sends stay after confirmed ones. */
function ordered(list: ChatMessage[]): ChatMessage[] {
  return list
    .map((m, i) => ({ m, i }))
    .sort((a, b) => {
      const pa = a.m.statusSendMessage ? 1 : 0;
      const pb = b.m.statusSendMessage ? 1 : 0;
      return pa - pb || a.m.timestamp - b.m.timestamp || a.i - b.i;
    })
    .map(({ m }) => m);
}

const indexOf = (list: readonly ChatMessage[], message: ChatMessage) =>
  list.findIndex(
    (m) => (message.id && m.id === message.id) || (message.temp_id && m.temp_id === message.temp_id),
  );

/**
 * Adds or replaces messages from the server (history pages, socket events, send answers). A batch
 * comes in the server's order: a message new to the list goes before the batch's next message the
 * list already has (a catch-up's missed reply before the visitor's send answered meanwhile, when
 * both carry the same second).
 */
export function mergeMessages(list: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const next = [...list];
  incoming.forEach((message, j) => {
    const confirmed = { ...message, statusSendMessage: null };
    const at = indexOf(next, message);
    if (at >= 0) {
      next[at] = confirmed;
      return;
    }
    const later = incoming
      .slice(j + 1)
      .map((m) => indexOf(next, m))
      .find((i) => i >= 0);
    if (later === undefined) next.push(confirmed);
    else next.splice(later, 0, confirmed);
  });
  return ordered(next);
}

/** The visitor's own message before the server has it. */
export function pendingMessage(
  tempId: string,
  content: Pick<ChatMessage, 'type' | 'message' | 'items'>,
  now: Date,
): ChatMessage {
  return {
    id: tempId,
    temp_id: tempId,
    from: 'visitor',
    ...content,
    timestamp: Math.floor(now.getTime() / 1000),
    bot: false,
    greeting: false,
    statusSendMessage: 'wait_socket',
  };
}

export function addPending(list: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  return [...list.filter((m) => key(m) !== key(message)), message];
}

function setState(list: readonly ChatMessage[], tempId: string, from: string, to: 'fail' | 'wait_socket') {
  return list.map((m) =>
    m.temp_id === tempId && m.statusSendMessage === from ? { ...m, statusSendMessage: to } : m,
  );
}

/** Only a message still waiting can fail; a confirmed one stays confirmed. */
export const failMessage = (list: readonly ChatMessage[], tempId: string) =>
  setState(list, tempId, 'wait_socket', 'fail');
export const retryMessage = (list: readonly ChatMessage[], tempId: string) =>
  setState(list, tempId, 'fail', 'wait_socket');

/** The newest message the server has confirmed: where a reconnect catches up from. */
export function lastConfirmedId(list: readonly ChatMessage[]): string | null {
  for (let i = list.length - 1; i >= 0; i--) if (!list[i].statusSendMessage) return list[i].id;
  return null;
}

/** Sends not yet confirmed, kept in localStorage so a reload or a drop loses nothing typed. */
export const unconfirmed = (list: readonly ChatMessage[]) => list.filter((m) => m.statusSendMessage);

/** Messages from our side after the last one the visitor has seen. */
export function unreadCount(list: readonly ChatMessage[], lastReadId: string | null): number {
  const start = lastReadId ? list.findIndex((m) => m.id === lastReadId) : -1;
  return list.slice(start + 1).filter((m) => m.from !== 'visitor' && !m.statusSendMessage).length;
}

/** Quick replies belong to the newest message only, and only when it came from our side. */
export function currentQuickReplies(list: readonly ChatMessage[]): QuickReplyChoice[] {
  const last = list[list.length - 1];
  // The server resolved editor actions (toWidgetMessage), so plain LINE-style actions remain.
  return last && last.from !== 'visitor' ? sentQuickReplyChoices(last.items) : [];
}
