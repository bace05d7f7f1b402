// talkToHuman (spec 3): the chat goes to agent mode — into the chosen queue for 'queue' — with
// the bot's displayTextBot as the answer; agents see it in the inbox at once. A customer with no
// open chat gets one (their words: textUser). The queue's own assignment rule (manual, round
// robin, least busy) then decides who takes it.
import { and, eq } from 'drizzle-orm';
import { ACTION_ECHO_PREFIX, setMode } from '../../automation/bot';
import { receiveCustomerMessage } from '../../chat/inbound';
import { followers, queues } from '../../chat/schema';
import { autoAssignNewChat } from '../../settings/assignment';
import { customerWords, sayText } from '../reply';
import type { ActionRun } from '../run';

async function queueOf(run: ActionRun): Promise<string | null> {
  const wanted = (run.action.queueId || run.params.queue || '').trim();
  if (run.action.talkToHumanAction !== 'queue' && !run.params.queue) return null;
  if (!wanted) return null;
  const [queue] = await run.ctx.db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.id, wanted), eq(queues.accountId, run.accountId)))
    .limit(1);
  if (!queue)
    run.ctx.log.warn({ queueId: wanted }, 'talk-to-human queue does not exist; the chat stays in its queue');
  return queue?.id ?? null;
}

export async function runTalkToHuman(run: ActionRun): Promise<void> {
  const ctx = run.ctx;
  let follower = run.follower;
  if (!follower.livechatId || follower.lcIsDone || follower.lcIsExpired) {
    await receiveCustomerMessage(ctx, {
      channel: { id: run.channelId, accountId: run.accountId, type: run.channelType },
      externalId: follower.externalId,
      items: [{ type: 'text', text: run.action.textUser?.trim() || customerWords(run, 'talkToHumanAsked') }],
      tempId: `${ACTION_ECHO_PREFIX}open:${run.eventKey}`,
      eventId: `action-open:${run.eventKey}`,
      at: run.at,
    });
    [follower] = await ctx.db.select().from(followers).where(eq(followers.id, follower.id)).limit(1);
  }
  await sayText(run, run.action.displayTextBot?.trim() || customerWords(run, 'talkToHumanBot'));
  const queueId = await queueOf(run);
  const moved = await setMode(ctx, follower, 'agent', queueId);
  if (queueId && moved.lcQueueId === queueId && !moved.lcUserId)
    await autoAssignNewChat(ctx, moved).catch((err) => ctx.log.error({ err }, 'automatic assignment failed'));
}
