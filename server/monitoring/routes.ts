// Monitoring (spec 2 title 'Monitoring', headers chat status, queue setting, queue management;
// docs/api.md "Monitoring"). Seeing it needs the 'monitoring' area (owners, admins and
// supervisors by default); what one may change there follows the areas that own it: queue
// settings and members need settings write, reassigning and closing chats go through the chat
// calls and the lifecycle's own rules. Consoles refresh on the chat events they already hear.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { hasArea, requireArea } from '../accounts/permissions';
import { memberships } from '../accounts/schema';
import { viewerOf } from '../chat/access';
import { forgetNames } from '../chat/followerView';
import { fieldsOf, optionalString, requiredString } from '../chat/input';
import { MANAGER_LEVEL } from '../chat/lifecycle';
import { forgetQueueVisibility } from '../chat/notify';
import { queueMembers, queues } from '../chat/schema';
import { seesQueue } from '../chat/viewer';
import type { AppContext } from '../context';
import { Invalid } from '../http/errors';
import { refreshAgentSockets } from '../team/refresh';
import { monitoringOverview } from './overview';

export function registerMonitoringRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/monitoring/overview', async (request) => {
    const access = await requireArea(ctx, request, 'monitoring', 'read');
    const viewer = await viewerOf(ctx, request);
    const [editQueues, manageChats] = await Promise.all([
      hasArea(ctx, access, 'settings', 'write'),
      hasArea(ctx, access, 'chat', 'write'),
    ]);
    return monitoringOverview(ctx, viewer, {
      editQueues,
      manageChats,
      closeAny: manageChats && access.level <= MANAGER_LEVEL,
    });
  });

  /** Queue management: an agent leaves one queue and joins another in one step. */
  app.post('/api/monitoring/move-agent', async (request) => {
    await requireArea(ctx, request, 'monitoring', 'read');
    const access = await requireArea(ctx, request, 'settings', 'write');
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const userId = requiredString(body, ['user_id', 'userId'], { max: 64 });
    const from = optionalString(body, ['from_queue_id', 'fromQueueId'], { max: 64 });
    const to = optionalString(body, ['to_queue_id', 'toQueueId'], { max: 64 });
    if (!from && !to) throw new Invalid('to_queue_id', MESSAGES.required);
    if (from && from === to) throw new Invalid('to_queue_id', SERVER_MESSAGES.otherQueue);
    const [member] = await ctx.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.accountId, access.accountId),
          isNull(memberships.deactivatedAt),
        ),
      )
      .limit(1);
    if (!member) throw new Invalid('user_id', SERVER_MESSAGES.notAMember);
    const ids = [from, to].filter((v): v is string => Boolean(v));
    const found = await ctx.db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.accountId, access.accountId), inArray(queues.id, ids)));
    for (const [field, id] of [
      ['from_queue_id', from],
      ['to_queue_id', to],
    ] as const)
      if (id && (!found.some((q) => q.id === id) || !seesQueue(viewer, id)))
        throw new Invalid(field, SERVER_MESSAGES.queueMissing);
    await ctx.db.transaction(async (tx) => {
      if (from)
        await tx
          .delete(queueMembers)
          .where(and(eq(queueMembers.queueId, from), eq(queueMembers.userId, userId)));
      if (to) await tx.insert(queueMembers).values({ queueId: to, userId }).onConflictDoNothing();
    });
    for (const id of ids) forgetQueueVisibility(id);
    forgetNames();
    await refreshAgentSockets(ctx, access.accountId);
    const rows = await ctx.db
      .select({ queueId: queueMembers.queueId })
      .from(queueMembers)
      .innerJoin(queues, eq(queues.id, queueMembers.queueId))
      .where(and(eq(queueMembers.userId, userId), eq(queues.accountId, access.accountId)));
    return { user_id: userId, queue_ids: rows.map((r) => r.queueId) };
  });
}
