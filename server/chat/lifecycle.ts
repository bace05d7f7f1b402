// The live chat lifecycle (spec 4): take, accept, close, assign. Every change locks the
// follower row, writes the live chat and the follower's lc_* copy in one transaction, and then
// tells the agents who may see the chat. Timed changes (missed, expired) are in sweeps.ts.
import { and, eq, isNull } from 'drizzle-orm';
import { getsCountdown, isClosedChat } from '../../core/access/countdown';
import { canCloseChat } from '../../core/chat/closePermission';
import { countdownAfterExtend, countdownAfterSend } from '../../core/chat/switchMode';
import { AGENT_EVENTS, type AgentEvent } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { newId } from '../accounts/ids';
import { rolePermissions } from '../accounts/permissions';
import { memberships, roles } from '../accounts/schema';
import { announceChatClosed } from '../channels/adapters';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { Conflict, Forbidden, HttpError, Invalid, NotFound } from '../http/errors';
import { followerToWireOne } from './followerView';
import { emitChat, evictFromChatRoom } from './notify';
import { ensureDefaultQueue } from './queues';
import { followers, livechats, queues } from './schema';
import type { WireFollower } from './serialize';
import { type ChatSettings, isBusinessTime, loadChatSettings } from './settings';
import { loadViewer, seesQueue, type Viewer } from './viewer';

type FollowerRow = typeof followers.$inferSelect;
type LivechatRow = typeof livechats.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Levels up to this one may close or re-route any chat they can see (owner, admin). */
export const MANAGER_LEVEL = 2;

/** Take and accept outside business hours (spec 8: the console shows `business_hour`). */
export class OutsideBusinessHours extends HttpError {
  constructor(readonly businessHour: ChatSettings['business_hours']) {
    super(400, SERVER_MESSAGES.businessHoursOnly, 'business_hour');
  }

  override toJSON() {
    return { ...super.toJSON(), business_hour: this.businessHour };
  }
}

/** The lc_* copy on the follower of a live chat row: the two never disagree. */
export function lcCopy(l: LivechatRow) {
  return {
    livechatId: l.id,
    lcUserId: l.userId,
    lcQueueId: l.queueId,
    lcIsAccepted: l.isAccepted,
    lcIsMissed: l.isMissed,
    lcIsExpired: l.isExpired,
    lcIsDone: l.isDone,
    lcIsBusiness: l.isBusiness,
  };
}

export const isClosed = (l: LivechatRow | null) =>
  !l || isClosedChat({ is_missed: l.isMissed, is_expired: l.isExpired, is_done: l.isDone });

interface Change {
  follower: FollowerRow;
  livechat: LivechatRow | null;
  event: AgentEvent | null;
  previousQueueId: string | null;
}

/** Locks the follower (visible to the viewer), runs `fn`, then announces what it changed. */
async function changeChat(
  ctx: AppContext,
  viewer: Viewer,
  followerId: string,
  fn: (tx: Tx, follower: FollowerRow, livechat: LivechatRow | null) => Promise<Partial<Change> | null>,
): Promise<{ follower: WireFollower; livechat: LivechatRow | null }> {
  const change = await ctx.db.transaction(async (tx) => {
    const [follower] = await tx
      .select()
      .from(followers)
      .where(and(eq(followers.id, followerId), eq(followers.accountId, viewer.accountId)))
      .for('update')
      .limit(1);
    if (!follower || !seesQueue(viewer, follower.lcQueueId)) throw new NotFound(SERVER_MESSAGES.chatMissing);
    const [livechat] = follower.livechatId
      ? await tx.select().from(livechats).where(eq(livechats.id, follower.livechatId)).limit(1)
      : [];
    const result = await fn(tx, follower, livechat ?? null);
    return {
      follower: result?.follower ?? follower,
      livechat: result?.livechat ?? livechat ?? null,
      event: result?.event ?? null,
      previousQueueId: follower.lcQueueId,
    } satisfies Change;
  });
  const wire = await followerToWireOne(ctx.db, change.follower);
  if (change.event) {
    await evictFromChatRoom(ctx, change.follower.id, change.follower.lcQueueId);
    await emitChat(
      ctx,
      {
        accountId: viewer.accountId,
        queueId: change.follower.lcQueueId,
        followerId: change.follower.id,
        previousQueueId: change.previousQueueId,
      },
      change.event,
      { follower: wire },
    );
  }
  return { follower: wire, livechat: change.livechat };
}

async function startLivechat(
  tx: Tx,
  follower: FollowerRow,
  values: Omit<typeof livechats.$inferInsert, 'id' | 'accountId' | 'followerId'>,
) {
  const queueId = values.queueId ?? follower.lcQueueId ?? (await ensureDefaultQueue(tx, follower.accountId));
  const [livechat] = await tx
    .insert(livechats)
    .values({ ...values, queueId, id: newId(), accountId: follower.accountId, followerId: follower.id })
    .returning();
  const [updated] = await tx
    .update(followers)
    .set({ ...lcCopy(livechat), updatedAt: new Date() })
    .where(eq(followers.id, follower.id))
    .returning();
  return { follower: updated, livechat };
}

async function updateLivechat(
  tx: Tx,
  follower: FollowerRow,
  livechatId: string,
  values: Partial<typeof livechats.$inferInsert>,
) {
  const [livechat] = await tx.update(livechats).set(values).where(eq(livechats.id, livechatId)).returning();
  const [updated] = await tx
    .update(followers)
    .set({ ...lcCopy(livechat), updatedAt: new Date() })
    .where(eq(followers.id, follower.id))
    .returning();
  return { follower: updated, livechat };
}

async function requireBusinessTime(ctx: AppContext, accountId: string, at: Date): Promise<ChatSettings> {
  const settings = await loadChatSettings(ctx.db, accountId);
  if (!isBusinessTime(settings.business_hours, at)) throw new OutsideBusinessHours(settings.business_hours);
  return settings;
}

const countdownUntil = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

export function secondsLeft(livechat: LivechatRow, at = new Date()): number {
  if (isClosed(livechat) || !livechat.countdownUntil) return 0;
  return Math.max(0, Math.ceil((livechat.countdownUntil.getTime() - at.getTime()) / 1000));
}

/** The live chat by id in the viewer's account (404 for another account's or an unknown id). */
export async function findLivechat(
  ctx: AppContext,
  viewer: Viewer,
  liveChatId: string,
): Promise<LivechatRow> {
  const [row] = await ctx.db
    .select()
    .from(livechats)
    .where(and(eq(livechats.id, liveChatId), eq(livechats.accountId, viewer.accountId)))
    .limit(1);
  if (!row || !seesQueue(viewer, row.queueId)) throw new NotFound(SERVER_MESSAGES.chatMissing);
  return row;
}

/**
 * Take (spec 7): the caller becomes the assignee and has accepted. On a missed, expired or done
 * chat (or one that never had a live chat) a new live chat starts, assigned to the taker.
 */
export async function takeChat(ctx: AppContext, viewer: Viewer, followerId: string) {
  const at = new Date();
  const settings = await requireBusinessTime(ctx, viewer.accountId, at);
  const until = countdownUntil(at, countdownAfterSend(settings.switch_mode_time));
  const result = await changeChat(ctx, viewer, followerId, async (tx, follower, livechat) => {
    const assigned = {
      userId: viewer.userId,
      isAccepted: true,
      takenAt: at,
      acceptedAt: at,
      countdownUntil: until,
    };
    if (!livechat || isClosed(livechat)) {
      const started = await startLivechat(tx, follower, {
        ...assigned,
        queueId: livechat?.queueId ?? null,
        startedAt: at,
        waitingSince: at,
      });
      return { ...started, event: AGENT_EVENTS.START_CHAT };
    }
    if (livechat.userId && livechat.userId !== viewer.userId && livechat.isAccepted)
      throw new Conflict(SERVER_MESSAGES.takenByOther);
    const updated = await updateLivechat(tx, follower, livechat.id, assigned);
    return { ...updated, event: AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE };
  });
  return {
    follower: result.follower,
    count_down_second: result.livechat ? secondsLeft(result.livechat, at) : 0,
  };
}

/** Accept (spec 7): the assignee (or anyone, for an unassigned chat) accepts an open chat. */
export async function acceptChat(ctx: AppContext, viewer: Viewer, liveChatId: string) {
  const at = new Date();
  const settings = await requireBusinessTime(ctx, viewer.accountId, at);
  const target = await findLivechat(ctx, viewer, liveChatId);
  const result = await changeChat(ctx, viewer, target.followerId, async (tx, follower, livechat) => {
    if (!livechat || livechat.id !== liveChatId || isClosed(livechat))
      throw new Conflict(SERVER_MESSAGES.chatClosed);
    if (livechat.userId && livechat.userId !== viewer.userId)
      throw new Forbidden(SERVER_MESSAGES.assignedToOther);
    if (livechat.isAccepted) return null;
    const updated = await updateLivechat(tx, follower, livechat.id, {
      userId: viewer.userId,
      isAccepted: true,
      acceptedAt: at,
      takenAt: livechat.takenAt ?? at,
      countdownUntil: countdownUntil(at, countdownAfterSend(settings.switch_mode_time)),
    });
    return { ...updated, event: AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE };
  });
  return { follower: result.follower };
}

/**
 * Close (spec 7): the chat is done. Closing a chat that is already over changes nothing. Who may:
 * core/chat/closePermission.ts, the rule the console offers the button by.
 */
export async function closeChat(ctx: AppContext, viewer: Viewer, liveChatId: string) {
  const at = new Date();
  const target = await findLivechat(ctx, viewer, liveChatId);
  const result = await changeChat(ctx, viewer, target.followerId, async (tx, follower, livechat) => {
    if (!livechat || livechat.id !== liveChatId || isClosed(livechat)) return null;
    const flags = {
      user_id: livechat.userId,
      is_accepted: livechat.isAccepted,
      is_missed: livechat.isMissed,
      is_expired: livechat.isExpired,
      is_done: livechat.isDone,
    };
    if (!canCloseChat(flags, viewer.userId, viewer.level))
      throw new Forbidden(SERVER_MESSAGES.closeNotAllowed);
    const updated = await updateLivechat(tx, follower, livechat.id, {
      isDone: true,
      closedAt: at,
      countdownUntil: null,
    });
    return { ...updated, event: AGENT_EVENTS.CLOSE_CHAT };
  });
  await announceChatClosed(ctx, result.follower);
  return { follower: result.follower };
}

export interface AssignTarget {
  followerId: string;
  userId?: string | null;
  queueId?: string | null;
}

/**
 * Assign (spec 7) to an agent (who then accepts it) or to a queue (unassigned there). A chat that
 * is over starts a new live chat in that state.
 */
export async function assignChat(ctx: AppContext, viewer: Viewer, target: AssignTarget) {
  const at = new Date();
  if (!target.userId === !target.queueId) throw new Invalid('userId', SERVER_MESSAGES.agentOrQueue);
  let assignee: Viewer | null = null;
  if (target.userId) {
    const [member] = await ctx.db
      .select({ userId: memberships.userId, level: roles.level, roleId: memberships.roleId })
      .from(memberships)
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(
        and(
          eq(memberships.userId, target.userId),
          eq(memberships.accountId, viewer.accountId),
          isNull(memberships.deactivatedAt),
        ),
      )
      .limit(1);
    if (!member) throw new Invalid('userId', SERVER_MESSAGES.notAMember);
    // A chat goes only to someone whose role may answer it (the 'chat' area, write).
    if (member.level > 1 && (await rolePermissions(ctx.db, member.roleId)).chat !== 'write')
      throw new Invalid('userId', SERVER_MESSAGES.agentCannotChat);
    assignee = await loadViewer(ctx.db, { ...member, accountId: viewer.accountId });
  }
  if (target.queueId) {
    const [queue] = await ctx.db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.id, target.queueId), eq(queues.accountId, viewer.accountId)))
      .limit(1);
    if (!queue || !seesQueue(viewer, queue.id)) throw new Invalid('queueId', SERVER_MESSAGES.queueMissing);
  }
  const result = await changeChat(ctx, viewer, target.followerId, async (tx, follower, livechat) => {
    const queueId = target.queueId ?? livechat?.queueId ?? follower.lcQueueId;
    if (assignee && !seesQueue(assignee, queueId))
      throw new Invalid('userId', SERVER_MESSAGES.agentCannotSeeQueue);
    const toSelf = assignee?.userId === viewer.userId;
    const values = {
      userId: assignee?.userId ?? null,
      queueId,
      isAccepted: toSelf,
      acceptedAt: toSelf ? at : null,
      takenAt: assignee ? at : null,
      waitingSince: at,
      countdownUntil: null,
    };
    if (!livechat || isClosed(livechat)) {
      const started = await startLivechat(tx, follower, { ...values, startedAt: at });
      return { ...started, event: AGENT_EVENTS.START_CHAT };
    }
    const updated = await updateLivechat(tx, follower, livechat.id, values);
    return { ...updated, event: AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE };
  });
  return { follower: result.follower };
}

/** Who may see and change a switch-mode countdown: the assignee, or anyone for an unassigned chat. */
function countsFor(livechat: LivechatRow, viewer: Viewer): boolean {
  return getsCountdown(
    {
      is_missed: livechat.isMissed,
      is_expired: livechat.isExpired,
      is_done: livechat.isDone,
      is_accepted: livechat.isAccepted,
      user_id: livechat.userId,
    },
    viewer.userId,
  );
}

export async function getSwitchMode(ctx: AppContext, viewer: Viewer, liveChatId: string) {
  const livechat = await findLivechat(ctx, viewer, liveChatId);
  return { count_down_second: countsFor(livechat, viewer) ? secondsLeft(livechat) : 0 };
}

export type SwitchModeAction = 'set' | 'extend' | 'clear';

/** Set after sending, extend, or clear (spec 4); every change is announced as EXTEND_CHAT_TIME. */
export async function changeSwitchMode(
  ctx: AppContext,
  viewer: Viewer,
  liveChatId: string,
  action: SwitchModeAction,
) {
  const at = new Date();
  const livechat = await findLivechat(ctx, viewer, liveChatId);
  if (isClosed(livechat)) return { count_down_second: 0 };
  if (!countsFor(livechat, viewer)) throw new Forbidden(SERVER_MESSAGES.assignedToOther);
  const { switch_mode_time } = await loadChatSettings(ctx.db, viewer.accountId);
  const seconds =
    action === 'set'
      ? countdownAfterSend(switch_mode_time)
      : action === 'extend'
        ? countdownAfterExtend(secondsLeft(livechat, at), switch_mode_time)
        : 0;
  const [updated] = await ctx.db
    .update(livechats)
    .set({ countdownUntil: seconds > 0 ? countdownUntil(at, seconds) : null })
    .where(eq(livechats.id, livechat.id))
    .returning();
  const count_down_second = secondsLeft(updated, at);
  await emitChat(
    ctx,
    { accountId: viewer.accountId, queueId: updated.queueId, followerId: updated.followerId },
    AGENT_EVENTS.EXTEND_CHAT_TIME,
    { follower_id: updated.followerId, livechat_id: updated.id, count_down_second },
  );
  return { count_down_second };
}
