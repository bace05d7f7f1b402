// The bot: after a customer's message is stored (server/chat/inbound.ts), answer it when the
// conversation is in bot mode and a keyword rule or an intent matches (core/automation), hand it
// over to people when a rule says so, and send the outside-business-hours reply once per
// conversation. Which rule answered is kept (bot_answers) and shown to agents as a system note.
import { and, eq, sql } from 'drizzle-orm';
import { botDecision } from '../../core/automation/handover';
import { matchIntent } from '../../core/automation/intents';
import { matchKeywordRules } from '../../core/automation/keywords';
import { fillGreeting } from '../../core/format/greeting';
import { AGENT_EVENTS } from '../../core/realtime/events';
import { newId } from '../accounts/ids';
import { accounts } from '../accounts/schema';
import { followerToWireOne } from '../chat/followerView';
import type { CustomerMessageEvent } from '../chat/inbound';
import { emitChat } from '../chat/notify';
import { sendMessage } from '../chat/outbound';
import { accountSettings, followers, livechats, messages, queues } from '../chat/schema';
import { messageToWire } from '../chat/serialize';
import { isBusinessTime, loadChatSettings } from '../chat/settings';
import type { AppContext } from '../context';
import { automationOnce, botAnswers, replyMessages } from './schema';
import { isBotChannel, sendReply } from './send';
import { activeIntents, activeKeywordRules, loadAutomationSettings } from './store';

type FollowerRow = typeof followers.$inferSelect;

export interface AnswerRecord {
  kind: 'keyword' | 'intent' | 'outside_hours' | 'greeting';
  ruleId: string | null;
  ruleName: string;
  matched: string;
  score?: number | null;
}

/** The note agents see under a bot answer; customers never get it (it is not delivered). */
export function answerNote(a: AnswerRecord, replyName: string | null): string {
  const to = replyName ? ` → ${replyName}` : '';
  switch (a.kind) {
    case 'keyword':
      return `🤖 Keyword “${a.matched}” (${a.ruleName})${to}`;
    case 'intent':
      return `🤖 Intent “${a.ruleName}” ${Math.round((a.score ?? 0) * 100)}%${to}`;
    case 'outside_hours':
      return `🤖 Outside business hours${to}`;
    case 'greeting':
      return `🤖 Greeting${to}`;
  }
}

async function recordAnswer(
  ctx: AppContext,
  follower: FollowerRow,
  messageId: string,
  questionId: string | null,
  answer: AnswerRecord,
  replyName: string | null,
) {
  await ctx.db
    .insert(botAnswers)
    .values({
      messageId,
      accountId: follower.accountId,
      followerId: follower.id,
      questionId,
      ruleKind: answer.kind,
      ruleId: answer.ruleId,
      ruleName: answer.ruleName,
      matched: answer.matched,
      score: answer.score ?? null,
    })
    .onConflictDoNothing();
  // The web widget shows every stored message to its visitor, so its chats keep the record only.
  if (follower.channelType === 'widget') return;
  const [note] = await ctx.db
    .insert(messages)
    .values({
      id: newId(),
      accountId: follower.accountId,
      followerId: follower.id,
      livechatId: follower.livechatId,
      type: 'reply',
      fromType: 'system',
      fromId: null,
      items: [{ type: 'text', text: answerNote(answer, replyName) }],
      text: '',
      delivery: 'sent',
    })
    .returning();
  await emitChat(
    ctx,
    { accountId: follower.accountId, queueId: follower.lcQueueId, followerId: follower.id },
    AGENT_EVENTS.GET_CHAT,
    { follower: await followerToWireOne(ctx.db, follower), message: messageToWire(note) },
  );
}

async function replyRow(ctx: AppContext, accountId: string, id: string | null) {
  if (!id) return null;
  const [row] = await ctx.db
    .select()
    .from(replyMessages)
    .where(
      and(eq(replyMessages.accountId, accountId), eq(replyMessages.id, id), eq(replyMessages.isActive, true)),
    )
    .limit(1);
  return row ?? null;
}

/** Sends a saved reply as the bot and records why; a reply the channel cannot take is logged. */
export async function botSendReply(
  ctx: AppContext,
  follower: FollowerRow,
  replyId: string | null,
  answer: AnswerRecord,
  question: { id: string | null; tempKey: string },
): Promise<boolean> {
  const reply = await replyRow(ctx, follower.accountId, replyId);
  if (!reply) return false;
  try {
    const sent = await sendReply(ctx, {
      accountId: follower.accountId,
      followerId: follower.id,
      reply,
      fromType: 'bot',
      userId: null,
      // One answer per question and kind, however often the hook runs.
      tempId: `bot:${answer.kind}:${question.tempKey}`,
    });
    if (sent.created) await recordAnswer(ctx, follower, sent.message._id, question.id, answer, reply.name);
    return true;
  } catch (err) {
    ctx.log.warn({ err, replyId, followerId: follower.id }, 'bot reply not sent');
    return false;
  }
}

/** Customer messages stored for an action tap carry a temp id with this prefix. */
export const ACTION_ECHO_PREFIX = 'postback:';

/** Bot or agent mode; moving to a queue leaves the chat unassigned there. Agents hear the change. */
export async function setMode(
  ctx: AppContext,
  follower: FollowerRow,
  mode: 'bot' | 'agent',
  queueId?: string | null,
) {
  const at = new Date();
  const moved = queueId && queueId !== follower.lcQueueId && follower.livechatId ? queueId : null;
  const updated = await ctx.db.transaction(async (tx) => {
    if (moved)
      await tx
        .update(livechats)
        .set({ queueId: moved, userId: null, isAccepted: false, waitingSince: at, countdownUntil: null })
        .where(eq(livechats.id, follower.livechatId as string));
    const [row] = await tx
      .update(followers)
      .set({
        mode,
        updatedAt: at,
        ...(moved ? { lcQueueId: moved, lcUserId: null, lcIsAccepted: false } : {}),
      })
      .where(eq(followers.id, follower.id))
      .returning();
    return row;
  });
  await emitChat(
    ctx,
    {
      accountId: updated.accountId,
      queueId: updated.lcQueueId,
      followerId: updated.id,
      previousQueueId: follower.lcQueueId,
    },
    AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE,
    { follower: await followerToWireOne(ctx.db, updated) },
  );
  return updated;
}

/** Whether the account answers automatically at all (any active keyword rule or intent). */
async function hasAutomaticAnswers(ctx: AppContext, accountId: string) {
  const result = await ctx.db.execute(
    sql`select exists(select 1 from keyword_rules where account_id = ${accountId} and is_active)
        or exists(select 1 from intents where account_id = ${accountId} and is_active) as yes`,
  );
  return Boolean((result as unknown as { rows: { yes: boolean }[] }).rows[0]?.yes);
}

function questionText(event: CustomerMessageEvent): string {
  return event.message.messages_sent
    .map((item) => (item.type === 'text' ? item.text : ''))
    .filter(Boolean)
    .join('\n')
    .trim();
}

export async function answerCustomerMessage(ctx: AppContext, event: CustomerMessageEvent): Promise<void> {
  if (!isBotChannel(event.channelType)) return;
  // The inbound path hands over the rows it has just written (no second read on every message).
  let [follower] = event.stored
    ? [event.stored.follower]
    : await ctx.db.select().from(followers).where(eq(followers.id, event.followerId)).limit(1);
  if (!follower || follower.isBlock) return;
  const accountId = follower.accountId;
  const question = { id: event.message._id, tempKey: event.message._id };

  // A new conversation starts with the bot when the account answers automatically.
  if (event.newChat && follower.mode !== 'bot' && (await hasAutomaticAnswers(ctx, accountId)))
    follower = await setMode(ctx, follower, 'bot');
  // The words of a tapped action button (server/channels/postbacks.ts): the action answers them.
  if (event.message.temp_id?.startsWith(ACTION_ECHO_PREFIX)) return;

  const [livechat] =
    event.stored && event.stored.follower === follower
      ? [event.stored.livechat]
      : follower.livechatId
        ? await ctx.db.select().from(livechats).where(eq(livechats.id, follower.livechatId)).limit(1)
        : [];
  const decision = botDecision(
    {
      mode: follower.mode,
      isAccepted: livechat?.isAccepted ?? false,
      userId: livechat?.userId ?? null,
      countdownUntil: livechat?.countdownUntil ?? null,
    },
    new Date(),
  );

  const text = questionText(event);
  if (decision.answer && text) {
    const settings = await loadAutomationSettings(ctx.db, accountId);
    const rules = await activeKeywordRules(ctx.db, accountId);
    const hit = matchKeywordRules(
      text,
      rules.map((r) => ({ ...r, _id: r.id, is_active: r.isActive })),
    );
    const intentHit = hit
      ? null
      : matchIntent(
          text,
          (await activeIntents(ctx.db, accountId)).map((i) => ({
            ...i,
            _id: i.id,
            is_active: i.isActive,
            training_phrases: i.trainingPhrases,
          })),
          settings.intent_threshold,
        );
    if (hit || intentHit) {
      if (decision.backToBot) follower = await setMode(ctx, follower, 'bot');
      if (hit) {
        const rule = hit.rule;
        const answer: AnswerRecord = {
          kind: 'keyword',
          ruleId: rule.id,
          ruleName: rule.name,
          matched: hit.keyword.text,
        };
        if (rule.action === 'reply') await botSendReply(ctx, follower, rule.replyMessageId, answer, question);
        else
          await handOver(
            ctx,
            follower,
            rule.action === 'queue' ? rule.queueId : null,
            rule.botText,
            answer,
            question,
          );
      } else if (intentHit) {
        await botSendReply(
          ctx,
          follower,
          intentHit.intent.replyMessageId,
          {
            kind: 'intent',
            ruleId: intentHit.intent.id,
            ruleName: intentHit.intent.name,
            matched: intentHit.phrase,
            score: intentHit.score,
          },
          question,
        );
      }
    }
  }
  await outsideHours(ctx, follower, event.at, question);
}

/** Talk to a human (spec 3 talkToHuman): the bot says so, the chat goes to agent mode (and a queue). */
async function handOver(
  ctx: AppContext,
  follower: FollowerRow,
  queueId: string | null,
  botText: string,
  answer: AnswerRecord,
  question: { id: string | null; tempKey: string },
) {
  let target: string | null = null;
  if (queueId) {
    const [queue] = await ctx.db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.id, queueId), eq(queues.accountId, follower.accountId)))
      .limit(1);
    target = queue?.id ?? null;
  }
  if (botText.trim()) {
    const sent = await sendMessage(ctx, {
      accountId: follower.accountId,
      followerId: follower.id,
      userId: null,
      fromType: 'bot',
      items: [{ type: 'text', text: botText.trim() }],
      tempId: `bot:${answer.kind}:${question.tempKey}`,
    });
    if (sent.created) await recordAnswer(ctx, follower, sent.message._id, question.id, answer, null);
  }
  await setMode(ctx, follower, 'agent', target);
}

/** Outside business hours the reply goes once per conversation (live chat), never per message. */
async function outsideHours(
  ctx: AppContext,
  follower: FollowerRow,
  at: Date,
  question: { id: string | null; tempKey: string },
) {
  if (!follower.livechatId) return;
  const { business_hours } = await loadChatSettings(ctx.db, follower.accountId);
  if (!business_hours || business_hours.days.length === 0 || isBusinessTime(business_hours, at)) return;
  const settings = await loadAutomationSettings(ctx.db, follower.accountId);
  if (!settings.outside_hours.enabled || !settings.outside_hours.reply_message_id) return;
  const first = await ctx.db
    .insert(automationOnce)
    .values({ livechatId: follower.livechatId, kind: 'outside_hours' })
    .onConflictDoNothing()
    .returning();
  if (first.length === 0) return;
  await botSendReply(
    ctx,
    follower,
    settings.outside_hours.reply_message_id,
    { kind: 'outside_hours', ruleId: null, ruleName: 'Outside business hours', matched: '' },
    { id: question.id, tempKey: follower.livechatId },
  );
}

/**
 * A new follower (LINE follow): the greeting reply message when it is switched on here, else the
 * general settings' greeting text (server/settings), with its placeholders filled.
 */
export async function greetFollower(ctx: AppContext, followerId: string, eventKey: string): Promise<void> {
  const [follower] = await ctx.db.select().from(followers).where(eq(followers.id, followerId)).limit(1);
  if (!follower || follower.isBlock || !isBotChannel(follower.channelType)) return;
  const settings = await loadAutomationSettings(ctx.db, follower.accountId);
  const answer: AnswerRecord = { kind: 'greeting', ruleId: null, ruleName: 'Greeting', matched: '' };
  if (settings.greeting.enabled) {
    await botSendReply(ctx, follower, settings.greeting.reply_message_id, answer, {
      id: null,
      tempKey: eventKey,
    });
    return;
  }
  const [row] = await ctx.db
    .select({ settings: accountSettings.settings, name: accounts.name })
    .from(accounts)
    .leftJoin(accountSettings, eq(accountSettings.accountId, accounts.id))
    .where(eq(accounts.id, follower.accountId))
    .limit(1);
  const template = (row?.settings as { greeting_message?: unknown } | null)?.greeting_message;
  const text = fillGreeting(template, {
    accountName: row?.name ?? '',
    displayName: follower.lineName,
    now: new Date(),
  }).trim();
  if (!text) return;
  const sent = await sendMessage(ctx, {
    accountId: follower.accountId,
    followerId: follower.id,
    userId: null,
    fromType: 'bot',
    items: [{ type: 'text', text: text.slice(0, 5000) }],
    tempId: `bot:greeting:${eventKey}`,
  });
  if (sent.created) await recordAnswer(ctx, follower, sent.message._id, null, answer, null);
}
