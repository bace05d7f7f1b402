// The supervisors' live picture (issue 17; docs/api.md "Monitoring"): agents, queues and the chats
// in progress, as the viewer may see them. Today's figures (chats taken, first response, missed
// and expired) read the reports' own live-chat fragment (server/reports/chats.ts `chatsIn`) over
// today's report period, so the monitoring screen and the reports never disagree. Live figures
// (waiting, in progress, longest wait) read the open live chats.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isPeriodError, type Period, resolvePeriod } from '../../core/reports/period';
import { memberships, roles, users } from '../accounts/schema';
import { followersToWire } from '../chat/followerView';
import { followers, queueMembers, queues } from '../chat/schema';
import type { WireFollower } from '../chat/serialize';
import { seesQueue, type Viewer, visibleQueueSql } from '../chat/viewer';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { byName } from '../db/order';
import { onlineUserIds } from '../realtime/agents';
import { chatsIn } from '../reports/chats';
import { runReport } from '../reports/run';
import { accountTimezone, type ReportScope, scopeOf } from '../reports/scope';

/** Chats in progress listed at most (the oldest first: they need help soonest). */
export const OPEN_CHATS_LISTED = 500;
/** Chats with no queue are counted under this key (as the queue report does). */
export const NO_QUEUE = 'none';

export type AgentState = 'available' | 'away' | 'offline';

interface OpenChat {
  livechat_id: string;
  follower_id: string;
  user_id: string | null;
  queue_id: string | null;
  is_accepted: boolean;
  started_at: Date;
  accepted_at: Date | null;
  waiting_since: Date | null;
  countdown_until: Date | null;
  reply_wait_since: Date | null;
}

const secondsSince = (at: Date | null, now: number) =>
  at ? Math.max(0, Math.floor((now - new Date(at).getTime()) / 1000)) : null;

/** How long the customer of an open chat has been waiting: for an agent to accept it, or for an answer. */
export function waitingSeconds(chat: OpenChat, now: number): number | null {
  if (!chat.is_accepted) return secondsSince(chat.waiting_since ?? chat.started_at, now);
  return secondsSince(chat.reply_wait_since, now);
}

/** Today as the reports see it (preset `today` in the account's zone). */
export async function todayScope(ctx: AppContext, accountId: string): Promise<ReportScope> {
  const timezone = await accountTimezone(ctx, accountId);
  const period = resolvePeriod({ preset: 'today' }, { now: new Date(), timeZone: timezone, kind: 'report' });
  if (isPeriodError(period)) throw new Error('today has no period');
  return scopeOf(accountId, timezone, period as Period);
}

async function openChats(ctx: AppContext, viewer: Viewer) {
  const visible = visibleQueueSql(viewer, sql`l.queue_id`);
  const [rows, counted] = await Promise.all([
    ctx.db.execute(sql`
      select l.id as livechat_id, l.follower_id, l.user_id, l.queue_id, l.is_accepted, l.started_at,
        l.accepted_at, l.waiting_since, l.countdown_until,
        case when l.is_accepted and l.last_customer_at is not null
            and (l.last_agent_at is null or l.last_customer_at > l.last_agent_at)
          then coalesce((
            select min(m.created_at) from messages m
            where m.follower_id = l.follower_id and m.from_type = 'customer'
              and m.created_at >= l.started_at and m.created_at > coalesce(l.last_agent_at, '-infinity')
          ), l.last_customer_at)
        end as reply_wait_since
      from livechats l
      where l.account_id = ${viewer.accountId} and not (l.is_done or l.is_missed or l.is_expired) and ${visible}
      order by l.started_at asc
      limit ${OPEN_CHATS_LISTED}`),
    ctx.db.execute(sql`
      select count(*)::int as n,
        count(*) filter (where not l.is_accepted)::int as waiting
      from livechats l
      where l.account_id = ${viewer.accountId} and not (l.is_done or l.is_missed or l.is_expired) and ${visible}`),
  ]);
  const list = rowsOf<OpenChat>(rows).map((r) => ({
    ...r,
    started_at: new Date(r.started_at),
    accepted_at: r.accepted_at ? new Date(r.accepted_at) : null,
    waiting_since: r.waiting_since ? new Date(r.waiting_since) : null,
    countdown_until: r.countdown_until ? new Date(r.countdown_until) : null,
    reply_wait_since: r.reply_wait_since ? new Date(r.reply_wait_since) : null,
  }));
  const totals = rowsOf<{ n: number; waiting: number }>(counted)[0] ?? { n: 0, waiting: 0 };
  return { list, total: Number(totals.n), waiting: Number(totals.waiting) };
}

/** Per agent, today: chats assigned to them that started today and their mean first response (agent performance's figures). */
async function agentsToday(ctx: AppContext, viewer: Viewer, scope: ReportScope) {
  const result = await runReport(
    ctx,
    sql`
    with c as ${chatsIn(scope)}
    select c.user_id, count(*)::int as count_total,
      sum(extract(epoch from c.first_response_at - c.started_at))
        filter (where c.incoming and c.first_response_at is not null)::float8 as first_resp_sum,
      count(*) filter (where c.incoming and c.first_response_at is not null)::int as first_resp_n
    from c where c.user_id is not null and ${visibleQueueSql(viewer, sql`c.queue_id`)}
    group by c.user_id`,
  );
  return new Map(
    rowsOf<{ user_id: string; count_total: number; first_resp_sum: number | null; first_resp_n: number }>(
      result,
    ).map((r) => [
      r.user_id,
      {
        taken: Number(r.count_total),
        avgFirstResponse: r.first_resp_n ? Math.round(Number(r.first_resp_sum ?? 0) / r.first_resp_n) : null,
      },
    ]),
  );
}

/** Per queue, today: incoming, missed and expired live chats (chat volume's and queue performance's figures). */
async function queuesToday(ctx: AppContext, viewer: Viewer, scope: ReportScope) {
  const result = await runReport(
    ctx,
    sql`
    with c as ${chatsIn(scope)}
    select coalesce(c.queue_id, ${NO_QUEUE}) as queue_id,
      count(*) filter (where c.incoming)::int as count_incoming,
      count(*) filter (where c.is_missed)::int as count_missed,
      count(*) filter (where c.is_expired)::int as count_expired,
      count(*)::int as count_total
    from c where ${visibleQueueSql(viewer, sql`c.queue_id`)}
    group by 1`,
  );
  return new Map(
    rowsOf<{
      queue_id: string;
      count_incoming: number;
      count_missed: number;
      count_expired: number;
      count_total: number;
    }>(result).map((r) => [r.queue_id, r]),
  );
}

export async function monitoringOverview(
  ctx: AppContext,
  viewer: Viewer,
  can: { editQueues: boolean; manageChats: boolean; closeAny: boolean },
) {
  const now = Date.now();
  const accountId = viewer.accountId;
  const scope = await todayScope(ctx, accountId);
  const [queueRows, memberRows, online, open, perAgent, perQueue] = await Promise.all([
    ctx.db.select().from(queues).where(eq(queues.accountId, accountId)).orderBy(asc(queues.createdAt)),
    ctx.db
      .select({
        id: users.id,
        displayName: users.displayName,
        email: users.email,
        role: roles.name,
        level: roles.level,
        chatStatus: memberships.chatStatus,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(and(eq(memberships.accountId, accountId), isNull(memberships.deactivatedAt)))
      .orderBy(...byName(users.displayName)),
    onlineUserIds(ctx, accountId),
    openChats(ctx, viewer),
    agentsToday(ctx, viewer, scope),
    queuesToday(ctx, viewer, scope),
  ]);
  const visibleQueues = queueRows.filter((q) => seesQueue(viewer, q.id));
  visibleQueues.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const queueIds = visibleQueues.map((q) => q.id);
  const members = queueIds.length
    ? await ctx.db
        .select({ queueId: queueMembers.queueId, userId: queueMembers.userId })
        .from(queueMembers)
        .where(inArray(queueMembers.queueId, queueIds))
    : [];
  const stateOf = (m: (typeof memberRows)[number]): AgentState =>
    online.has(m.id) ? m.chatStatus : 'offline';
  const onDuty = new Set(memberRows.filter((m) => stateOf(m) === 'available').map((m) => m.id));

  const agents = memberRows.map((m) => {
    const mine = open.list.filter((c) => c.user_id === m.id);
    const waits = mine.map((c) => waitingSeconds(c, now)).filter((w): w is number => w !== null);
    const today = perAgent.get(m.id);
    return {
      _id: m.id,
      display_name: m.displayName,
      email: m.email,
      role: { name: m.role, level: m.level },
      status: stateOf(m),
      online: online.has(m.id),
      chats_in_progress: mine.length,
      chats_taken_today: today?.taken ?? 0,
      // Nothing answered today: nothing to measure (null), as agent performance says.
      avg_first_response_today: today?.avgFirstResponse ?? null,
      longest_wait: waits.length ? Math.max(...waits) : 0,
      queue_ids: members.filter((q) => q.userId === m.id).map((q) => q.queueId),
    };
  });

  const queueList = visibleQueues.map((q) => {
    const inQueue = open.list.filter((c) => c.queue_id === q.id);
    const waiting = inQueue.filter((c) => !c.is_accepted);
    const ids = members.filter((x) => x.queueId === q.id).map((x) => x.userId);
    // A queue open to everyone with no members is served by the whole team (automatic assignment does the same).
    const staff = ids.length === 0 && q.visibility === 'everyone' ? memberRows.map((m) => m.id) : ids;
    const today = perQueue.get(q.id);
    return {
      _id: q.id,
      name: q.name,
      assign_type: q.assignType,
      visibility: q.visibility,
      chats_per_agent: q.chatsPerAgent,
      is_default: q.isDefault,
      member_ids: ids,
      waiting: waiting.length,
      in_progress: inQueue.length - waiting.length,
      longest_wait: Math.max(0, ...waiting.map((c) => waitingSeconds(c, now) ?? 0)),
      incoming_today: today?.count_incoming ?? 0,
      missed_today: today?.count_missed ?? 0,
      expired_today: today?.count_expired ?? 0,
      agents_on_duty: staff.filter((id) => onDuty.has(id)).length,
    };
  });

  const followerRows = open.list.length
    ? await ctx.db
        .select()
        .from(followers)
        .where(
          inArray(
            followers.id,
            open.list.map((c) => c.follower_id),
          ),
        )
    : [];
  const wire = new Map<string, WireFollower>(
    (await followersToWire(ctx.db, followerRows)).map((f) => [f._id, f]),
  );
  const toSeconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
  const chats = open.list.flatMap((c) => {
    const follower = wire.get(c.follower_id);
    if (!follower || follower.last_livechat?.livechat_id !== c.livechat_id) return [];
    return [
      {
        livechat_id: c.livechat_id,
        follower,
        assignee: follower.user_info,
        queue_id: c.queue_id,
        is_accepted: c.is_accepted,
        started_at: toSeconds(c.started_at),
        accepted_at: toSeconds(c.accepted_at),
        waiting_since: toSeconds(c.is_accepted ? c.reply_wait_since : (c.waiting_since ?? c.started_at)),
        waiting_seconds: waitingSeconds(c, now),
        duration_seconds: secondsSince(c.started_at, now) ?? 0,
        countdown_seconds: c.countdown_until
          ? Math.max(0, Math.ceil((c.countdown_until.getTime() - now) / 1000))
          : 0,
      },
    ];
  });

  const sum = (pick: (q: (typeof queueList)[number]) => number) => queueList.reduce((n, q) => n + pick(q), 0);
  const noQueue = perQueue.get(NO_QUEUE);
  return {
    generated_at: Math.floor(now / 1000),
    timezone: scope.timezone,
    date: scope.period.start_date,
    permissions: { edit_queues: can.editQueues, manage_chats: can.manageChats, close_any: can.closeAny },
    totals: {
      agents_online: agents.filter((a) => a.online).length,
      agents_available: agents.filter((a) => a.status === 'available').length,
      waiting: open.waiting,
      in_progress: open.total - open.waiting,
      missed_today: sum((q) => q.missed_today) + (noQueue?.count_missed ?? 0),
      expired_today: sum((q) => q.expired_today) + (noQueue?.count_expired ?? 0),
    },
    agents,
    queues: queueList,
    chats,
    chats_total: open.total,
  };
}
