// What a tapped action sends (spec 3 "Action"): its type, the postback data our runtime resolves, the
// text shown as the customer's own message and a tel: address. Pure and free of superstruct, so the
// widget can turn a reply message's quick replies into taps without the editor's validator;
// action.ts (the Action struct, validation) re-exports all of it.
import { isBlank } from '../validation/rules';
import type { Action, KeyValue } from './action';

/** Everything an action can be; 'none' is the editor's "no action". */
export const ACTION_TYPES = [
  'none',
  'message',
  'uri',
  'templateId',
  'talkToHuman',
  'tel',
  'location',
  'verify',
  'logout',
  'apiCondition',
  'flow',
  'postback',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const ACTION_DEFAULTS = {
  typeUrl: 'url',
  typeTel: 'number',
  talkToHumanAction: 'message',
  parameterBodyType: 'fields',
} as const;

/** A missing action, `type: 'none'` and an unknown type all mean "no action". */
export function hasAction(action: Partial<Action> | null | undefined): action is Action {
  return (
    !!action &&
    typeof action.type === 'string' &&
    action.type !== 'none' &&
    ACTION_TYPES.includes(action.type)
  );
}

/** An action field as trimmed text (a number as its digits); anything else is empty. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Spec 5: "Empty header/body parameters are dropped" — an entry with neither key nor value. */
export function dropEmptyParameters(list: readonly KeyValue[] | undefined): KeyValue[] {
  return (list ?? []).filter((p) => !isBlank(p?.key) || !isBlank(p?.value));
}

/** An API variable written where a value goes, filled in before sending (see apiVariables.ts). */
export function placeholder(name: string): string {
  return `{${name}}`;
}

/** Spec 5: "Action 'tel' becomes a tel: URI"; an API number stays a placeholder until sent. */
export function telUri(action: Pick<Action, 'tel' | 'typeTel' | 'urlTelName'>): string {
  if (action.typeTel === 'api') return `tel:${placeholder(fieldText(action.urlTelName))}`;
  return `tel:${fieldText(action.tel)}`;
}

/** Types that no channel can carry natively; they travel as postback data our runtime resolves. */
export const POSTBACK_TYPES = [
  'templateId',
  'talkToHuman',
  'location',
  'verify',
  'logout',
  'apiCondition',
  'flow',
  'postback',
] as const;

/** A stable, short hash (cyrb53, base 36) of a string; pure, the same in the browser and the server. */
export function shortHash(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The fields that decide what an action does when tapped (labels and shown texts are left out). */
const BEHAVIOUR_FIELDS = [
  'type',
  'useActionFromApi',
  'templateId',
  'queueId',
  'queueAction',
  'talkToHumanAction',
  'textUser',
  'displayTextBot',
  'apiKey',
  'apiName',
  'parameterHeader',
  'parameterBody',
  'parameterBodyJson',
  'parameterBodyType',
  'flowId',
  'flowMessage',
  'tags',
  'responese',
  'action',
  'lat',
  'lng',
  'text',
  'data',
] as const;

/** Plain data with sorted keys and blank values left out, so equal behaviour gives equal text. */
function canonical(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value || undefined;
  if (Array.isArray(value)) {
    const list = value.map(canonical).filter((v) => v !== undefined);
    return list.length ? list : undefined;
  }
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return undefined;
}

/**
 * The key that finds a stored action again from its postback (`key=`): the action's own
 * `actionKey`, else a hash of what it does. Equal behaviour gives the same key wherever the action
 * is stored, so the server can look it up by content (server/actions).
 */
export function actionKeyOf(action: Partial<Action>): string {
  if (fieldText(action.actionKey)) return fieldText(action.actionKey);
  const picked: Record<string, unknown> = {};
  for (const field of BEHAVIOUR_FIELDS) picked[field] = action[field];
  picked.parameterHeader = dropEmptyParameters(action.parameterHeader);
  picked.parameterBody = dropEmptyParameters(action.parameterBody);
  // Defaults are left out so an action read with or without them hashes the same.
  if (picked.talkToHumanAction === ACTION_DEFAULTS.talkToHumanAction) picked.talkToHumanAction = undefined;
  if (picked.parameterBodyType === ACTION_DEFAULTS.parameterBodyType) picked.parameterBodyType = undefined;
  return `h${shortHash(JSON.stringify(canonical(picked) ?? {}))}`;
}

/**
 * Whether a tap needs the stored action, not only its postback data: the bot's words, API
 * parameters, a flow's message, tags, or an action the API decides.
 */
export function needsActionKey(action: Partial<Action>): boolean {
  if (action.useActionFromApi) return true;
  if (action.type === 'talkToHuman' || action.type === 'apiCondition' || action.type === 'flow') return true;
  if (action.type === 'postback' || action.type === 'uri' || action.type === 'tel') return false;
  return (action.tags ?? []).some((t) => fieldText(t) !== '');
}

/**
 * Postback data, a query string our webhook handlers parse with `parsePostbackData`:
 *   action=templateId&id=<templateId>
 *   action=talkToHuman&mode=message|queue[&queue=<queueId>]
 *   action=location[&lat=<lat>&lng=<lng>]
 *   action=verify | action=logout
 *   action=apiCondition&api=<apiKey>
 *   action=flow&id=<flowId>
 *   action=fromApi&api=<apiName>        (useActionFromApi: the API decides what happens)
 *   action=message&text=<text>          (channels without a "send this text" button, e.g. Messenger)
 * each followed by `&key=<key>` (the `actionKey`, or `actionKeyOf` when the tap needs the stored
 * action: bot reply text, API parameters, tags), so the handler can load the stored action for what
 * does not fit. A raw 'postback' action sends its `data` as is.
 */
export function postbackData(action: Action): string {
  if (action.type === 'postback' && !action.useActionFromApi) return fieldText(action.data);
  const params = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    const v = fieldText(value);
    if (v) params.set(name, v);
  };
  if (action.useActionFromApi) {
    params.set('action', 'fromApi');
    add('api', action.apiName);
  } else {
    params.set('action', action.type);
    if (action.type === 'templateId') add('id', action.templateId);
    if (action.type === 'flow') add('id', action.flowId);
    if (action.type === 'apiCondition') add('api', action.apiKey);
    if (action.type === 'message') add('text', action.text);
    if (action.type === 'location') {
      add('lat', action.lat);
      add('lng', action.lng);
    }
    if (action.type === 'talkToHuman') {
      // A rich menu area keeps only what was typed: no mode means the default (message).
      params.set('mode', action.talkToHumanAction || ACTION_DEFAULTS.talkToHumanAction);
      if (action.talkToHumanAction === 'queue') add('queue', action.queueId);
    }
  }
  add('key', fieldText(action.actionKey) || (needsActionKey(action) ? actionKeyOf(action) : ''));
  return params.toString();
}

/** The text shown as the customer's own message after a postback tap (LINE `displayText`). */
export function postbackDisplayText(action: Action): string {
  if (action.type === 'talkToHuman') return fieldText(action.textUser);
  if (action.type === 'flow') return fieldText(action.displayText) || fieldText(action.flowMessage);
  return fieldText(action.displayText);
}

/**
 * An editor action in received data (a reply message's quick reply) with its defaults, or null
 * when it names no action. Unlike `readAction` it checks only the type, not every field: enough to
 * tap it with `postbackData`, `postbackDisplayText` and `telUri`, which read text fields leniently.
 */
export function tapAction(value: unknown): Action | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const action: Record<string, unknown> = { ...value };
  // The Action struct's defaults (action.ts) for the fields a tap reads.
  const defaults = {
    useActionFromApi: false,
    ...ACTION_DEFAULTS,
    parameterBody: [],
    parameterHeader: [],
    tags: [],
  };
  for (const [key, fallback] of Object.entries(defaults))
    if (action[key] === undefined) action[key] = fallback;
  return hasAction(action as Partial<Action>) ? (action as Action) : null;
}
