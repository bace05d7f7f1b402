// Chat groups (spec 3 Queue: name, assigned type, assigned agents, visibility). A queue open to
// 'selected' agents shows its chats only to its members (and roles that see all queues); the
// inbox reads that from queue_members (server/chat/viewer.ts). Changes reach connected agents at
// once: their sockets re-join queue rooms and reload their lists (server/team/refresh.ts).
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { QUEUE_ASSIGNED_TYPES, QUEUE_VISIBILITIES } from '../../core/models/account';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { requireArea } from '../accounts/permissions';
import { memberships, users } from '../accounts/schema';
import { forgetNames } from '../chat/followerView';
import { type Fields, fieldsOf, integer, optionalString, requiredString } from '../chat/input';
import { forgetQueueVisibility } from '../chat/notify';
import { ensureDefaultQueue } from '../chat/queues';
import { followers, livechats, queueMembers, queues } from '../chat/schema';
import type { AppContext } from '../context';
import { byName } from '../db/order';
import { Conflict, Invalid, NotFound } from '../http/errors';
import { refreshAgentSockets } from '../team/refresh';

export const QUEUE_NAME_MAX = 100;
type QueueRow = typeof queues.$inferSelect;

function oneOf<T extends string>(body: Fields, field: string, allowed: readonly T[]): T | null {
  const value = body[field];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw new Invalid(field, MESSAGES.required);
  return value as T;
}

async function memberIdsOf(ctx: AppContext, accountId: string, body: Fields): Promise<string[] | null> {
  const raw = body.members ?? body.assigned_agents;
  if (raw === undefined) return null;
  if (!Array.isArray(raw)) throw new Invalid('members', MESSAGES.required);
  const ids = [...new Set(raw.map((v) => (typeof v === 'string' ? v : String(fieldsOf(v)._id ?? ''))))];
  if (ids.length === 0) return [];
  const found = await ctx.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, ids)));
  if (found.length !== ids.length) throw new Invalid('members', SERVER_MESSAGES.notAMember);
  return ids;
}

async function queuesToWire(ctx: AppContext, accountId: string, rows: QueueRow[]) {
  const ids = rows.map((q) => q.id);
  const [members, open] = await Promise.all([
    ids.length
      ? ctx.db
          .select({ queueId: queueMembers.queueId, id: users.id, name: users.displayName })
          .from(queueMembers)
          .innerJoin(users, eq(users.id, queueMembers.userId))
          .where(inArray(queueMembers.queueId, ids))
          .orderBy(...byName(users.displayName))
      : [],
    ids.length
      ? ctx.db
          .select({ queueId: followers.lcQueueId, n: count() })
          .from(followers)
          .where(
            and(
              eq(followers.accountId, accountId),
              inArray(followers.lcQueueId, ids),
              sql`not (${followers.lcIsDone} or ${followers.lcIsMissed} or ${followers.lcIsExpired})`,
            ),
          )
          .groupBy(followers.lcQueueId)
      : [],
  ]);
  return rows.map((q) => ({
    _id: q.id,
    name: q.name,
    assign_type: q.assignType,
    assigned_type: q.assignType,
    visibility: q.visibility,
    chats_per_agent: q.chatsPerAgent,
    is_default: q.isDefault,
    members: members.filter((m) => m.queueId === q.id).map((m) => ({ _id: m.id, display_name: m.name })),
    open_chats: Number(open.find((o) => o.queueId === q.id)?.n ?? 0),
  }));
}

async function afterChange(ctx: AppContext, accountId: string, queueId: string) {
  forgetQueueVisibility(queueId);
  forgetNames();
  await refreshAgentSockets(ctx, accountId);
}

/** After a create or an update: tells connected agents, then answers with the queue as saved. */
async function savedQueue(ctx: AppContext, accountId: string, id: string) {
  await afterChange(ctx, accountId, id);
  const [row] = await ctx.db.select().from(queues).where(eq(queues.id, id));
  return { queue: (await queuesToWire(ctx, accountId, [row]))[0] };
}

async function findQueue(ctx: AppContext, accountId: string, id: string): Promise<QueueRow> {
  const [queue] = await ctx.db
    .select()
    .from(queues)
    .where(and(eq(queues.id, id), eq(queues.accountId, accountId)))
    .limit(1);
  if (!queue) throw new NotFound(SERVER_MESSAGES.chatGroupMissing);
  return queue;
}

/** Names are unique in an account, whatever their case. */
async function assertNameFree(ctx: AppContext, accountId: string, name: string) {
  const [dupe] = await ctx.db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.accountId, accountId), sql`lower(${queues.name}) = lower(${name})`))
    .limit(1);
  if (dupe) throw new Conflict(SERVER_MESSAGES.chatGroupTaken, 'name');
}

export function registerQueueSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/settings/queues', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'read');
    await ensureDefaultQueue(ctx.db, access.accountId);
    const [rows, agents] = await Promise.all([
      ctx.db
        .select()
        .from(queues)
        .where(eq(queues.accountId, access.accountId))
        .orderBy(asc(queues.createdAt)),
      ctx.db
        .select({ id: users.id, name: users.displayName, email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, access.accountId), isNull(memberships.deactivatedAt)))
        .orderBy(...byName(users.displayName)),
    ]);
    rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    return {
      list: await queuesToWire(ctx, access.accountId, rows),
      agents: agents.map((a) => ({ _id: a.id, display_name: a.name, email: a.email })),
    };
  });

  app.post('/api/settings/queues', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const body = fieldsOf(request.body);
    const name = requiredString(body, 'name', { max: QUEUE_NAME_MAX }).trim();
    const assignType = oneOf(body, 'assign_type', QUEUE_ASSIGNED_TYPES) ?? 'manual';
    const visibility = oneOf(body, 'visibility', QUEUE_VISIBILITIES) ?? 'everyone';
    const perAgent = body.chats_per_agent
      ? integer(body, 'chats_per_agent', { min: 1, max: 100, fallback: 1 })
      : null;
    const members = (await memberIdsOf(ctx, access.accountId, body)) ?? [];
    await assertNameFree(ctx, access.accountId, name);
    const id = newId();
    await ctx.db.transaction(async (tx) => {
      await tx.insert(queues).values({
        id,
        accountId: access.accountId,
        name,
        assignType,
        visibility,
        chatsPerAgent: perAgent,
      });
      if (members.length)
        await tx.insert(queueMembers).values(members.map((userId) => ({ queueId: id, userId })));
    });
    return savedQueue(ctx, access.accountId, id);
  });

  app.put('/api/settings/queues/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const body = fieldsOf(request.body);
    const id = (request.params as { id: string }).id;
    const queue = await findQueue(ctx, access.accountId, id);
    const name = optionalString(body, 'name', { max: QUEUE_NAME_MAX })?.trim();
    if (body.name !== undefined && !name) throw new Invalid('name', MESSAGES.required);
    if (name && name.toLowerCase() !== queue.name.toLowerCase())
      await assertNameFree(ctx, access.accountId, name);
    const assignType = oneOf(body, 'assign_type', QUEUE_ASSIGNED_TYPES);
    const visibility = oneOf(body, 'visibility', QUEUE_VISIBILITIES);
    if (queue.isDefault && visibility === 'selected')
      throw new Invalid('visibility', SERVER_MESSAGES.defaultGroupVisible);
    const perAgent =
      body.chats_per_agent === undefined
        ? undefined
        : body.chats_per_agent === null || body.chats_per_agent === ''
          ? null
          : integer(body, 'chats_per_agent', { min: 1, max: 100, fallback: 1 });
    const members = await memberIdsOf(ctx, access.accountId, body);
    const changes = {
      ...(name ? { name } : {}),
      ...(assignType ? { assignType } : {}),
      ...(visibility ? { visibility } : {}),
      ...(perAgent !== undefined ? { chatsPerAgent: perAgent } : {}),
    };
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(changes).length > 0) await tx.update(queues).set(changes).where(eq(queues.id, id));
      if (members) {
        await tx.delete(queueMembers).where(eq(queueMembers.queueId, id));
        if (members.length)
          await tx.insert(queueMembers).values(members.map((userId) => ({ queueId: id, userId })));
      }
    });
    return savedQueue(ctx, access.accountId, id);
  });

  app.delete('/api/settings/queues/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const id = (request.params as { id: string }).id;
    const queue = await findQueue(ctx, access.accountId, id);
    if (queue.isDefault) throw new Conflict(SERVER_MESSAGES.defaultGroupKept);
    const fallback = await ensureDefaultQueue(ctx.db, access.accountId);
    // Its chats move to the default group so nobody loses them.
    await ctx.db.transaction(async (tx) => {
      await tx.update(livechats).set({ queueId: fallback }).where(eq(livechats.queueId, id));
      await tx.update(followers).set({ lcQueueId: fallback }).where(eq(followers.lcQueueId, id));
      await tx.delete(queues).where(eq(queues.id, id));
    });
    await afterChange(ctx, access.accountId, id);
    return { deleted: 1, moved_to: fallback };
  });
}
