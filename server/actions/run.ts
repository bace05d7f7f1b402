// The actions runtime (issue 16): a tap on a button, image, rich menu area, quick reply or widget
// menu arrives as postback data (core/template/action.ts postbackData) from any channel; it is
// run once per platform event (action_runs) and once per double tap (action_taps), resolved to
// the stored action (resolve.ts) and done by the module of its type (types/). Tags on the
// action go to the contact. Every answer is the bot's message in the conversation (reply.ts).
import { and, eq, sql } from 'drizzle-orm';
import {
  type Action,
  parsePostbackData,
  postbackActionOf,
  postbackDisplayText,
  shortHash,
} from '../../core/template/action';
import type { CustomerLanguage } from '../../core/verification/settings';
import type { ChannelType } from '../accounts/schema';
import { ACTION_ECHO_PREFIX } from '../automation/bot';
import { visitorLanguage } from '../automation/customerLanguage';
import { receiveCustomerMessage } from '../chat/inbound';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { loadVerificationSettings } from '../verification/store';
import { type ActionSource, resolveAction } from './resolve';
import { actionRuns, actionTaps } from './schema';
import { addActionTags } from './tags';
import { ACTION_HANDLERS } from './types/index';

export type FollowerRow = typeof followers.$inferSelect;

/** Taps of the same data by the same customer closer than this run once. */
export const DOUBLE_TAP_MS = 2_000;

export interface Tap {
  accountId: string;
  channelId: string;
  channelType: ChannelType;
  followerId: string;
  /** The platform's event id (a redelivery carries the same). */
  eventKey: string;
  data: string;
  at: Date;
  /** The customer's words for this tap are already in the chat and were handled as typed (Meta quick replies). */
  typedAlready?: boolean;
  /** The platform itself stored the tap's display text (Messenger's button title). */
  echoed?: boolean;
  widgetSessionId?: string;
}

export interface ActionRun extends Tap {
  ctx: AppContext;
  follower: FollowerRow;
  params: Record<string, string>;
  action: Action;
  source: ActionSource | null;
  lang: CustomerLanguage;
  /** Messages the bot sent for this run so far (their temp ids count up). */
  sent: number;
}

export type ActionHandler = (run: ActionRun) => Promise<void>;

/** The first tap of an event; false for a redelivery. */
async function claimEvent(ctx: AppContext, tap: Tap): Promise<boolean> {
  const rows = await ctx.db
    .insert(actionRuns)
    .values({
      channelId: tap.channelId,
      eventKey: tap.eventKey.slice(0, 300),
      accountId: tap.accountId,
      followerId: tap.followerId,
      data: tap.data.slice(0, 2000),
    })
    .onConflictDoNothing()
    .returning({ key: actionRuns.eventKey });
  return rows.length > 0;
}

/** False when the same customer tapped the same thing within DOUBLE_TAP_MS (one statement, so races agree). */
async function claimTap(ctx: AppContext, tap: Tap): Promise<boolean> {
  const rows = await ctx.db
    .insert(actionTaps)
    .values({ followerId: tap.followerId, dataHash: shortHash(tap.data), lastAt: tap.at })
    .onConflictDoUpdate({
      target: [actionTaps.followerId, actionTaps.dataHash],
      set: { lastAt: tap.at },
      where: sql`${actionTaps.lastAt} <= ${new Date(tap.at.getTime() - DOUBLE_TAP_MS)}`,
    })
    .returning({ at: actionTaps.lastAt });
  return rows.length > 0;
}

async function finish(
  ctx: AppContext,
  tap: Tap,
  status: 'done' | 'failed' | 'skipped',
  type: string,
  error?: string,
) {
  await ctx.db
    .update(actionRuns)
    .set({ status, actionType: type, error: error ?? null, finishedAt: new Date() })
    .where(and(eq(actionRuns.channelId, tap.channelId), eq(actionRuns.eventKey, tap.eventKey.slice(0, 300))));
}

/**
 * What the customer "said" by tapping, for channels whose webhook does not carry it (LINE shows
 * the display text in the chat but does not send it): stored as their message so agents read the
 * chat as the customer does, marked so the bot leaves it to the action.
 */
async function echoDisplayText(run: ActionRun): Promise<boolean> {
  const text = postbackDisplayText(run.action);
  if (!text || run.echoed || run.typedAlready || run.action.type === 'message') return false;
  const received = await receiveCustomerMessage(run.ctx, {
    channel: { id: run.channelId, accountId: run.accountId, type: run.channelType },
    externalId: run.follower.externalId,
    items: [{ type: 'text', text }],
    tempId: `${ACTION_ECHO_PREFIX}${run.eventKey}`,
    eventId: `action-echo:${run.eventKey}`,
    at: run.at,
  });
  return Boolean(received?.created);
}

/** Runs a tap: once per event and per double tap; failures are logged and answered by the type. */
export async function runTap(ctx: AppContext, tap: Tap): Promise<void> {
  if (!postbackActionOf(tap.data)) return;
  if (!(await claimEvent(ctx, tap))) return;
  let type = postbackActionOf(tap.data) ?? '';
  try {
    if (!(await claimTap(ctx, tap))) return await finish(ctx, tap, 'skipped', type, 'double tap');
    const [follower] = await ctx.db.select().from(followers).where(eq(followers.id, tap.followerId)).limit(1);
    if (!follower || follower.isBlock) return await finish(ctx, tap, 'skipped', type, 'no conversation');
    const params = parsePostbackData(tap.data);
    const resolved = await resolveAction(ctx, tap.accountId, params);
    const settings = await loadVerificationSettings(ctx.db, tap.accountId);
    const run: ActionRun = {
      ...tap,
      ctx,
      follower,
      params,
      action: resolved.action,
      source: resolved.source,
      // A widget visitor reads their own language when the widget said it (customerLanguage.ts).
      lang:
        (tap.channelType === 'widget' && (await visitorLanguage(ctx, tap.channelId, follower.externalId))) ||
        settings.language,
      sent: 0,
    };
    type = run.action.useActionFromApi ? 'fromApi' : run.action.type;
    if (await echoDisplayText(run)) {
      const [now] = await ctx.db.select().from(followers).where(eq(followers.id, tap.followerId)).limit(1);
      run.follower = now ?? follower;
    }
    const handler = ACTION_HANDLERS[type];
    if (!handler) return await finish(ctx, tap, 'skipped', type, 'no handler');
    await handler(run);
    await addActionTags(run);
    await finish(ctx, tap, 'done', type);
  } catch (err) {
    ctx.log.error({ err, eventKey: tap.eventKey, data: tap.data }, 'action failed');
    await finish(
      ctx,
      tap,
      'failed',
      type,
      err instanceof Error ? err.message.slice(0, 500) : String(err),
    ).catch(() => {});
  }
}
