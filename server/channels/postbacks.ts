// Postback taps from LINE, Messenger and Instagram (buttons, quick replies, rich menus). Each is
// recorded once (channel_events, kind 'postback'); the actions runtime (issue 16) plugs in with
// onPostback() and runs the stored action. What the customer saw themselves "say" (LINE's
// displayText, the tapped Messenger button's title) goes into the conversation as their message,
// so agents read the chat as the customer does. For a tap on one of our actions (core/template
// postbackData) those words are marked (temp id `postback:…`) so the bot does not answer them as
// a typed question: the action answers. A message action's text is the runtime's to send.

import { postbackActionOf } from '../../core/template/action';
import { ACTION_ECHO_PREFIX } from '../automation/bot';
import { receiveCustomerMessage } from '../chat/inbound';
import type { AppContext } from '../context';
import { findFollower, type Profile, recordChannelEvent } from './followers';
import type { PlatformChannel } from './store';

export interface ChannelPostback {
  channel: PlatformChannel;
  /** The platform's event id; a redelivery carries the same one. */
  eventKey: string;
  /** The customer (or group/room) the tap came from. */
  externalId: string;
  followerId: string | null;
  data: string;
  /** LINE datetime picker answers and other extras. */
  params?: Record<string, unknown>;
  /** What the chat shows as the customer's own words, if the platform shows any. */
  displayText?: string;
  at: Date;
}

export type PostbackHandler = (ctx: AppContext, postback: ChannelPostback) => Promise<void>;

const handlers: PostbackHandler[] = [];

/** For the actions runtime: called once per new postback, after it is recorded. Returns its removal. */
export function onPostback(handler: PostbackHandler): () => void {
  handlers.push(handler);
  return () => {
    const at = handlers.indexOf(handler);
    if (at >= 0) handlers.splice(at, 1);
  };
}

/** Records the tap and runs the handlers; a redelivered event returns false and runs nothing. */
export async function receivePostback(
  ctx: AppContext,
  postback: Omit<ChannelPostback, 'followerId'>,
  profile?: Profile,
): Promise<boolean> {
  const { channel } = postback;
  let followerId = (await findFollower(ctx, channel, postback.externalId))?.id ?? null;
  const action = postbackActionOf(postback.data);
  if (postback.displayText?.trim() && action !== 'message') {
    const shown = await receiveCustomerMessage(ctx, {
      channel: { id: channel.id, accountId: channel.accountId, type: channel.type },
      externalId: postback.externalId,
      profile,
      items: [{ type: 'text', text: postback.displayText.trim() }],
      eventId: `postback:${postback.eventKey}`,
      ...(action ? { tempId: `${ACTION_ECHO_PREFIX}${postback.eventKey}` } : {}),
      at: postback.at,
    });
    followerId = shown?.follower._id ?? followerId;
  }
  const fresh = await recordChannelEvent(ctx, channel, {
    key: postback.eventKey,
    kind: 'postback',
    followerId,
    data: { data: postback.data, params: postback.params ?? null, displayText: postback.displayText ?? null },
  });
  if (!fresh) return false;
  for (const handler of handlers) {
    try {
      await handler(ctx, { ...postback, followerId });
    } catch (err) {
      ctx.log.error({ err, eventKey: postback.eventKey }, 'postback handler failed');
    }
  }
  return true;
}
