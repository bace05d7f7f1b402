// Sending a reply message into a conversation: converted for the conversation's channel
// (core/automation/replyConvert.ts), then through the chat's own send path (stored, announced,
// delivered; idempotent by temp id). A reply the channel cannot take is refused by field.
import { and, eq } from 'drizzle-orm';
import { BOT_CHANNELS, type BotChannel, toChannelItems } from '../../core/automation/replyConvert';
import type { MessageItem } from '../../core/models/message';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { FieldError } from '../../core/validation/rules';
import { locationCardLabels } from '../actions/texts';
import { formForCustomer, usesApi } from '../apiConnections/templateValues';
import { sendMessage } from '../chat/outbound';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { HttpError, NotFound } from '../http/errors';
import { customerLanguage } from './customerLanguage';
import { lookupsFor, type ReplyRow } from './store';

/** A 400 naming the first bad field and listing all of them (`errors`). */
export class InvalidReply extends HttpError {
  constructor(readonly errors: FieldError[]) {
    super(400, errors[0]?.message ?? 'This field is required.', 'invalid', errors[0]?.field || 'items');
  }

  override toJSON() {
    return { ...super.toJSON(), errors: this.errors };
  }
}

export function isBotChannel(type: string): type is BotChannel {
  return (BOT_CHANNELS as readonly string[]).includes(type);
}

export type ReplySource = Pick<ReplyRow, 'name' | 'items' | 'quickReplies'>;

/**
 * The items of a reply for one channel, or an InvalidReply. For a customer (`followerId`), cards
 * of templates with an API source are filled from a call made now (server/apiConnections) and
 * location cards speak the customer's language. The bot (`fromBot`) leaves out items whose
 * location or template is gone or switched off, or that the channel cannot show (an image map or
 * LINE-only custom message outside LINE, a sticker on WeChat), and sends the rest (docs/api.md);
 * an agent is refused by field instead.
 */
export async function itemsForChannel(
  ctx: AppContext,
  accountId: string,
  reply: ReplySource,
  channel: string,
  followerId?: string,
  fromBot = false,
): Promise<MessageItem[]> {
  if (!isBotChannel(channel))
    throw new InvalidReply([{ field: 'channel', message: 'This type is not supported.' }]);
  const lookups = await lookupsFor(ctx.db, accountId, reply.items);
  if (followerId) lookups.labels = locationCardLabels(await customerLanguage(ctx, followerId));
  if (followerId)
    for (const [id, ref] of lookups.templates)
      if (usesApi(ref.form))
        (lookups.templates as Map<string, typeof ref>).set(id, {
          ...ref,
          form: await formForCustomer(ctx, accountId, ref.form, followerId),
        });
  const result = toChannelItems(
    { name: reply.name, items: reply.items, quick_replies: reply.quickReplies },
    channel,
    lookups,
    { leaveOutUnavailable: fromBot },
  );
  if (!result.ok) throw new InvalidReply(result.errors);
  if (result.left?.length)
    ctx.log.warn({ left: result.left, reply: reply.name, followerId }, 'bot reply sent without some items');
  // Location and image map items reach only LINE conversations; its adapter sends them as they are.
  return result.message as MessageItem[];
}

export async function sendReply(
  ctx: AppContext,
  input: {
    accountId: string;
    followerId: string;
    reply: ReplySource;
    fromType: 'agent' | 'bot';
    userId: string | null;
    tempId?: string | null;
    canSeeQueue?: (queueId: string | null) => boolean;
  },
) {
  const [follower] = await ctx.db
    .select({ channelType: followers.channelType, queueId: followers.lcQueueId })
    .from(followers)
    .where(and(eq(followers.id, input.followerId), eq(followers.accountId, input.accountId)))
    .limit(1);
  if (!follower || (input.canSeeQueue && !input.canSeeQueue(follower.queueId)))
    throw new NotFound(SERVER_MESSAGES.chatMissing);
  const items = await itemsForChannel(
    ctx,
    input.accountId,
    input.reply,
    follower.channelType,
    input.followerId,
    input.fromType === 'bot',
  );
  return sendMessage(ctx, {
    accountId: input.accountId,
    followerId: input.followerId,
    userId: input.userId,
    fromType: input.fromType,
    items,
    tempId: input.tempId ?? null,
    canSeeQueue: input.canSeeQueue,
  });
}
