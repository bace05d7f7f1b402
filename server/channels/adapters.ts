// How an outgoing message leaves the server, per channel type. Each channel feature registers
// its adapter; the chat core only calls deliver() and records the outcome.
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { ChannelType } from '../accounts/schema';
import type { WireFollower, WireMessage } from '../chat/serialize';
import type { AppContext } from '../context';

export interface DeliveryTarget {
  follower: WireFollower & { external_id: string; channel_id: string };
  message: WireMessage;
}

export interface ChannelAdapter {
  /** Sends the message; resolves with the platform's message id if it gives one, throws on failure. */
  deliver(ctx: AppContext, target: DeliveryTarget): Promise<{ externalId?: string } | undefined>;
  /** Tells the customer's side that the team closed the chat, where the channel can show it. */
  chatClosed?(ctx: AppContext, follower: WireFollower): Promise<void> | void;
}

/** Runs the channel's chat-closed hook; a channel without one, or a failing one, changes nothing. */
export async function announceChatClosed(ctx: AppContext, follower: WireFollower): Promise<void> {
  const adapter = adapters.get(follower.channel_type as ChannelType);
  try {
    await adapter?.chatClosed?.(ctx, follower);
  } catch (err) {
    ctx.log.warn({ err, followerId: follower._id }, 'chat-closed notice failed');
  }
}

export class ChannelNotConnected extends Error {}

/** The platform refused this message for good (a 4xx, a shape it cannot take): failed, resendable. */
export class PermanentDeliveryError extends Error {}

/** A failure worth retrying (429, 5xx, network), with the wait the platform asked for, if any. */
export class TemporaryDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * What a failed delivery tells the staff, on a chat message or a broadcast recipient's row: a
 * delivery error's text (our frame from core/text/serverMessages.ts around the platform's own
 * words, so the console can translate it), or for anything else (a bug, the database) the system
 * error, never a bug's own text; the error itself goes to the log.
 */
export function failureReason(err: unknown): string {
  if (
    err instanceof PermanentDeliveryError ||
    err instanceof TemporaryDeliveryError ||
    err instanceof ChannelNotConnected
  )
    return err.message;
  return SERVER_MESSAGES.systemError;
}

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** How long to wait before attempt `attempts + 1`: the platform's Retry-After, else doubling from 2 s. */
export function retryDelayMs(attempts: number, err: unknown): number {
  const asked = err instanceof TemporaryDeliveryError ? err.retryAfterMs : undefined;
  const backoff = BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);
  return Math.min(BACKOFF_MAX_MS, Math.max(asked ?? 0, backoff));
}

const adapters = new Map<ChannelType, ChannelAdapter>();

/** Returns what puts back the adapter it replaced (a test's stand-in is removed after the test). */
export function registerChannelAdapter(type: ChannelType, adapter: ChannelAdapter): () => void {
  const before = adapters.get(type);
  adapters.set(type, adapter);
  return () => {
    if (adapters.get(type) !== adapter) return;
    if (before) adapters.set(type, before);
    else adapters.delete(type);
  };
}

/** Registers unless an adapter for the type is there already (a test's stand-in for the platform). */
export function registerDefaultChannelAdapter(type: ChannelType, adapter: ChannelAdapter) {
  if (!adapters.has(type)) adapters.set(type, adapter);
}

export function adapterFor(type: string): ChannelAdapter {
  const adapter = adapters.get(type as ChannelType);
  if (!adapter) throw new ChannelNotConnected(SERVER_MESSAGES.channelUnavailable(type));
  return adapter;
}
