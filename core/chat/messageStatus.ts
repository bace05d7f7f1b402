// Delivery of an outgoing message changed after the server stored it (MESSAGE_STATUS, or the answer
// to a resend): the listed copy — found by _id, else by temp_id — takes the server's copy with its
// delivery state, so a channel failure shows as fail (resendable) and a later success clears it.
// A status for a message not listed is ignored: it is a change, not a new message.
import type { Message } from '../models/message';

type Delivered = Message & { delivery?: string | null };

/** Spec 4 send state from the server's delivery: failed → fail, anything else confirmed. */
export function sendStateOf(message: Delivered): Message['status_send_message'] {
  return message.delivery === 'failed' || message.status_send_message === 'fail' ? 'fail' : null;
}

/**
 * A copy still pending is older than a failure the server already reported for the same message:
 * a channel that refuses at once is told over the socket (MESSAGE_STATUS) before the send's own
 * answer, or the stored message's echo, arrives. A resend first puts the listed copy back on its
 * way (wait_socket), so the resend's answer is not older.
 */
export function isOlderThanListed(listed: Delivered | undefined, incoming: Delivered): boolean {
  return (
    listed?.status_send_message === 'fail' && listed.delivery === 'failed' && incoming.delivery === 'pending'
  );
}

export function applyMessageStatus<M extends Message>(messages: readonly M[], fromServer: M): M[] {
  const index = messages.findIndex(
    (m) =>
      (fromServer._id && m._id === fromServer._id) ||
      (fromServer.temp_id && m.temp_id === fromServer.temp_id),
  );
  if (index < 0) return messages as M[];
  const next = messages.slice();
  next[index] = { ...fromServer, status_send_message: sendStateOf(fromServer) };
  return next;
}
