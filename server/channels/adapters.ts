// How an outgoing message leaves the server, per channel type. Each channel feature registers
// its adapter; the chat core only calls deliver() and records the outcome.
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
}

export class ChannelNotConnected extends Error {}

const adapters = new Map<ChannelType, ChannelAdapter>();

export function registerChannelAdapter(type: ChannelType, adapter: ChannelAdapter) {
  adapters.set(type, adapter);
}

export function adapterFor(type: string): ChannelAdapter {
  const adapter = adapters.get(type as ChannelType);
  if (!adapter) throw new ChannelNotConnected(`Sending to ${type} is not available on this server.`);
  return adapter;
}
