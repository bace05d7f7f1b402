// From postback data to the stored action. The data names the action's type and what fits (a
// template id, a queue, coordinates); its `key` (core/template actionKeyOf: the action's own key
// or a hash of what it does) finds the stored action with everything else (the bot's words, API
// parameters, tags). Keys are looked up in action_refs and, the first time, found by reading the
// account's templates, reply-message quick replies and rich menus. A key is content-addressed,
// so what it maps to never changes. Without a key (or when the action is gone) the data alone
// is the action.
import { and, eq } from 'drizzle-orm';
import { type Action, actionKeyOf, createAction, readAction } from '../../core/template/action';
import { replyMessages } from '../automation/schema';
import type { AppContext } from '../context';
import { richMenus } from '../richmenus/schema';
import { messageTemplates } from '../templates/schema';
import { actionRefs } from './schema';

export interface ActionSource {
  kind: 'template' | 'reply' | 'richmenu';
  id: string;
}

export interface Resolved {
  action: Action;
  source: ActionSource | null;
}

/** Keys are remembered this many at a time. */
const REF_BATCH = 200;

const ACTION_FIELDS = new Set([
  'action',
  'actionImage',
  'actionTextTop',
  'actionTextBottom',
  'actionBtnBottom',
]);

/** Every action object inside a stored form, wherever it sits (blocks, areas, quick replies). */
export function actionsIn(node: unknown, out: unknown[] = [], depth = 0): unknown[] {
  if (depth > 12 || !node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const child of node) actionsIn(child, out, depth + 1);
    return out;
  }
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (ACTION_FIELDS.has(key) && value && typeof value === 'object' && !Array.isArray(value))
      out.push(value);
    else actionsIn(value, out, depth + 1);
  }
  return out;
}

/** The action the data describes by itself. */
export function actionFromData(params: Record<string, string>): Action {
  const name = params.action;
  if (name === 'fromApi')
    return { ...createAction('message'), useActionFromApi: true, apiName: params.api ?? '' };
  const action = createAction((name ?? 'none') as Action['type']);
  switch (name) {
    case 'templateId':
      return { ...action, templateId: params.id ?? '' };
    case 'flow':
      return { ...action, flowId: params.id ?? '' };
    case 'apiCondition':
      return { ...action, apiKey: params.api ?? '' };
    case 'message':
      return { ...action, text: params.text ?? '' };
    case 'location':
      return { ...action, lat: params.lat ?? null, lng: params.lng ?? null };
    case 'talkToHuman':
      return {
        ...action,
        talkToHumanAction: params.mode === 'queue' ? 'queue' : 'message',
        queueId: params.queue ?? null,
      };
    default:
      return action;
  }
}

async function scanSources(ctx: AppContext, accountId: string) {
  const found: { key: string; action: Action; source: ActionSource }[] = [];
  const collect = (source: ActionSource, tree: unknown) => {
    for (const raw of actionsIn(tree)) {
      const action = readAction(raw);
      if (action) found.push({ key: actionKeyOf(action), action, source });
    }
  };
  const templates = await ctx.db
    .select({ id: messageTemplates.id, form: messageTemplates.form })
    .from(messageTemplates)
    .where(eq(messageTemplates.accountId, accountId));
  for (const t of templates) collect({ kind: 'template', id: t.id }, t.form);
  const replies = await ctx.db
    .select({ id: replyMessages.id, quickReplies: replyMessages.quickReplies })
    .from(replyMessages)
    .where(eq(replyMessages.accountId, accountId));
  for (const r of replies) collect({ kind: 'reply', id: r.id }, r.quickReplies);
  const menus = await ctx.db
    .select({ id: richMenus.id, areas: richMenus.areas })
    .from(richMenus)
    .where(eq(richMenus.accountId, accountId));
  for (const m of menus) collect({ kind: 'richmenu', id: m.id }, m.areas);
  return found;
}

async function byKey(ctx: AppContext, accountId: string, key: string): Promise<Resolved | null> {
  const [cached] = await ctx.db
    .select()
    .from(actionRefs)
    .where(and(eq(actionRefs.accountId, accountId), eq(actionRefs.key, key)))
    .limit(1);
  const cachedAction = cached ? readAction(cached.action) : null;
  if (cached && cachedAction)
    return {
      action: cachedAction,
      source: { kind: cached.sourceKind as ActionSource['kind'], id: cached.sourceId },
    };
  const found = await scanSources(ctx, accountId);
  const seen = new Set<string>();
  const rows = found.filter((f) => !seen.has(f.key) && seen.add(f.key));
  for (let i = 0; i < rows.length; i += REF_BATCH)
    await ctx.db
      .insert(actionRefs)
      .values(
        rows.slice(i, i + REF_BATCH).map((f) => ({
          accountId,
          key: f.key,
          action: f.action as unknown as Record<string, unknown>,
          sourceKind: f.source.kind,
          sourceId: f.source.id,
        })),
      )
      .onConflictDoNothing();
  const hit = rows.find((f) => f.key === key);
  return hit ? { action: hit.action, source: hit.source } : null;
}

export async function resolveAction(
  ctx: AppContext,
  accountId: string,
  params: Record<string, string>,
): Promise<Resolved> {
  const fromData = actionFromData(params);
  const key = params.key?.trim();
  const stored = key ? await byKey(ctx, accountId, key) : null;
  // The stored action must be the one the data names (a key typed by hand could name another).
  const sameType =
    stored && (stored.action.useActionFromApi ? 'fromApi' : stored.action.type) === params.action;
  if (stored && sameType) return stored;
  if (key && !stored) ctx.log.info({ key, accountId }, 'tapped action is no longer stored; running its data');
  return { action: fromData, source: null };
}
