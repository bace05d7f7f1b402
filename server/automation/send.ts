// Sending a reply message into a conversation: converted for the conversation's channel
// (core/automation/replyConvert.ts), then through the chat's own send path (stored, announced,
// delivered; idempotent by temp id). A reply the channel cannot take is refused by field.
import { and, eq } from 'drizzle-orm';
import { BOT_CHANNELS, type BotChannel, toChannelItems } from '../../core/automation/replyConvert';
import type { MessageItem } from '../../core/models/message';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { FieldError } from '../../core/validation/rules';
import { formForCustomer, usesApi } from '../apiConnections/templateValues';
import { sendMessage } from '../chat/outbound';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { HttpError, NotFound } from '../http/errors';
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
 * of templates with an API source are filled from a call made now (server/apiConnections).
 */
export async function itemsForChannel(
  ctx: AppContext,
  accountId: string,
  reply: ReplySource,
  channel: string,
  followerId?: string,
): Promise<MessageItem[]> {
  if (!isBotChannel(channel))
    throw new InvalidReply([{ field: 'channel', message: 'This type is not supported.' }]);
  const lookups = await lookupsFor(ctx.db, accountId, reply.items);
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
  );
  if (!result.ok) throw new InvalidReply(result.errors);
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
