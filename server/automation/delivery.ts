// What a rule's answer would really bring the customer, for the console's "try it": the bot
// sends nothing when the reply message is deleted or switched off, or when nothing in it can go,
// and leaves out the items whose location or template is gone or that the channel cannot show (an
// image map or LINE-only custom message outside LINE, a sticker on WeChat) (core/automation/replyConvert.ts). Also who uses a
// reply message or a location, for the console's warnings before deleting or switching off.
import { and, eq } from 'drizzle-orm';
import { BOT_CHANNELS, type BotChannel, toChannelItems } from '../../core/automation/replyConvert';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AppContext } from '../context';
import { automationSettings, intents, keywordRules, replyMessages } from './schema';
import { findReply, lookupsFor } from './store';

export interface DeliveryGap {
  /** Why (a server or converter message, English; the console says it in the user's language). */
  message: string;
  field: string;
  /** The channels it happens on (all five when it is everywhere). */
  channels: BotChannel[];
  /** True: nothing at all is sent; false: some items are left out and the rest goes. */
  nothing: boolean;
}

const everywhere = (message: string, field: string): DeliveryGap[] => [
  { message, field, channels: [...BOT_CHANNELS], nothing: true },
];

/** The gaps between a reply message and what the bot would send with it, per channel. */
export async function replyGaps(ctx: AppContext, accountId: string, replyId: string | null) {
  const reply = replyId ? await findReply(ctx.db, accountId, replyId) : null;
  if (!reply) return everywhere(SERVER_MESSAGES.ruleReplyDeleted, 'reply_message_id');
  if (!reply.isActive) return everywhere(SERVER_MESSAGES.ruleReplyOff, 'reply_message_id');
  const lookups = await lookupsFor(ctx.db, accountId, reply.items);
  const gaps: DeliveryGap[] = [];
  for (const channel of BOT_CHANNELS) {
    const result = toChannelItems(
      { name: reply.name, items: reply.items, quick_replies: reply.quickReplies },
      channel,
      lookups,
      { leaveOutUnavailable: true },
    );
    // Every reason once per channel: a reply may leave out an image map on Messenger and a
    // switched-off location everywhere.
    const nothing = !result.ok;
    const reasons = result.ok ? (result.left ?? []) : result.errors;
    const told = new Set<string>();
    for (const found of reasons) {
      if (told.has(found.message)) continue;
      told.add(found.message);
      const same = gaps.find((g) => g.message === found.message && g.nothing === nothing);
      if (same) same.channels.push(channel);
      else gaps.push({ message: found.message, field: found.field, channels: [channel], nothing });
    }
  }
  return gaps;
}

export interface ReplyUsage {
  keywords: { _id: string; name: string }[];
  intents: { _id: string; name: string }[];
  /** 'greeting' and 'outside_hours' when switched on with this reply. */
  settings: ('greeting' | 'outside_hours')[];
}

export async function replyUsage(ctx: AppContext, accountId: string, replyId: string): Promise<ReplyUsage> {
  const rules = await ctx.db
    .select({ _id: keywordRules.id, name: keywordRules.name })
    .from(keywordRules)
    .where(
      and(
        eq(keywordRules.accountId, accountId),
        eq(keywordRules.action, 'reply'),
        eq(keywordRules.replyMessageId, replyId),
      ),
    );
  const used = await ctx.db
    .select({ _id: intents.id, name: intents.name })
    .from(intents)
    .where(and(eq(intents.accountId, accountId), eq(intents.replyMessageId, replyId)));
  const [s] = await ctx.db
    .select()
    .from(automationSettings)
    .where(eq(automationSettings.accountId, accountId))
    .limit(1);
  const settings: ReplyUsage['settings'] = [];
  if (s?.greetingEnabled && s.greetingReplyId === replyId) settings.push('greeting');
  if (s?.outsideHoursEnabled && s.outsideHoursReplyId === replyId) settings.push('outside_hours');
  return { keywords: rules, intents: used, settings };
}

/** The reply messages that send a location. */
export async function locationUsage(ctx: AppContext, accountId: string, locationId: string) {
  const rows = await ctx.db
    .select({ _id: replyMessages.id, name: replyMessages.name, items: replyMessages.items })
    .from(replyMessages)
    .where(eq(replyMessages.accountId, accountId));
  return rows
    .filter((r) => r.items.some((i) => i.type === 'location' && i.locationId === locationId))
    .map(({ _id, name }) => ({ _id, name }));
}
