// flow (spec 3 flowId, flowMessage): a small, named conversation — the reply group (server/
// automation) named by flowId (its id or its name): the bot says flowMessage when given, then
// sends the group's active reply messages in their order.
import { and, asc, eq, sql } from 'drizzle-orm';
import { replyGroups, replyMessages } from '../../automation/schema';
import { CannotSend, customerWords, replyItems, say, sayText } from '../reply';
import type { ActionRun } from '../run';

/** A flow sends at most this many reply messages. */
export const FLOW_MAX_REPLIES = 10;

export async function runFlow(run: ActionRun): Promise<void> {
  const wanted = (run.action.flowId || run.params.id || '').trim();
  const [group] = wanted
    ? await run.ctx.db
        .select()
        .from(replyGroups)
        .where(
          and(
            eq(replyGroups.accountId, run.accountId),
            sql`(${replyGroups.id} = ${wanted} or lower(${replyGroups.name}) = lower(${wanted}))`,
          ),
        )
        .limit(1)
    : [];
  if (!group) {
    run.ctx.log.warn({ flowId: wanted }, 'flow does not exist');
    return sayText(run, customerWords(run, 'notAvailable'));
  }
  if (run.action.flowMessage?.trim()) await sayText(run, run.action.flowMessage);
  const replies = await run.ctx.db
    .select({ id: replyMessages.id })
    .from(replyMessages)
    .where(and(eq(replyMessages.groupId, group.id), eq(replyMessages.isActive, true)))
    .orderBy(asc(replyMessages.position), asc(replyMessages.createdAt))
    .limit(FLOW_MAX_REPLIES);
  for (const reply of replies) {
    try {
      await say(run, await replyItems(run, reply.id));
    } catch (err) {
      if (!(err instanceof CannotSend)) throw err;
      run.ctx.log.warn({ replyId: reply.id, reason: err.message }, 'flow reply cannot be sent here');
    }
  }
}
