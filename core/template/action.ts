// The action attached to a button, image or text of a template (spec 3 "Action") and the
// action-field rules of spec 5. Field names are the spec's, including its `responese`.
import {
  array,
  boolean,
  create,
  defaulted,
  enums,
  type Infer,
  nullable,
  number,
  optional,
  string,
  type,
  union,
  unknown,
  validate,
} from 'superstruct';
import { type FieldError, hasMaxLength, isBlank, isJson, isTel, isUrl, MESSAGES } from '../validation/rules';
import {
  ACTION_DEFAULTS,
  ACTION_TYPES,
  type ActionType,
  dropEmptyParameters,
  hasAction,
  placeholder,
  fieldText as str,
  telUri,
} from './postback';

export {
  ACTION_DEFAULTS,
  ACTION_TYPES,
  type ActionType,
  actionKeyOf,
  dropEmptyParameters,
  hasAction,
  needsActionKey,
  POSTBACK_TYPES,
  placeholder,
  postbackData,
  postbackDisplayText,
  shortHash,
  tapAction,
  telUri,
} from './postback';

/** What the template editor's action form offers (spec 3). */
export const EDITOR_ACTION_TYPES = ACTION_TYPES.filter((t) => t !== 'postback');
/** Rich menu and bubble buttons also offer a raw postback (spec 3). */
export const BUTTON_ACTION_TYPES = ACTION_TYPES;

/** 'api' takes the address from an API variable (`urlApiName`, `urlTelName`) instead of typing it. */
export const URL_TYPES = ['url', 'api'] as const;
export const TEL_TYPES = ['number', 'api'] as const;
/** 'message': hand over to an agent and answer with `displayTextBot`; 'queue': hand over into `queueId`. */
export const TALK_TO_HUMAN_ACTIONS = ['message', 'queue'] as const;
export const PARAMETER_BODY_TYPES = ['fields', 'json'] as const;

/** Spec 5 / 9 field limits. */
export const ACTION_LIMITS = {
  tel: 10,
  text: 300,
  displayText: 150,
  textUser: 300,
  displayTextBot: 300,
} as const;

const text = optional(nullable(string()));
const numberOrText = optional(nullable(union([number(), string()])));

export const KeyValue = type({ key: defaulted(string(), ''), value: defaulted(string(), '') });
export type KeyValue = Infer<typeof KeyValue>;

export const Action = type({
  useActionFromApi: defaulted(boolean(), false),
  type: defaulted(enums(ACTION_TYPES), 'none'),
  action: optional(unknown()),
  templateId: text,
  queueId: text,
  responese: text,
  uri: text,
  typeUrl: defaulted(enums(URL_TYPES), ACTION_DEFAULTS.typeUrl),
  urlApiName: text,
  flowId: text,
  flowMessage: text,
  typeTel: defaulted(enums(TEL_TYPES), ACTION_DEFAULTS.typeTel),
  urlTelName: text,
  data: text,
  label: text,
  text,
  displayText: text,
  textUser: text,
  displayTextBot: text,
  actionKey: text,
  lat: numberOrText,
  lng: numberOrText,
  talkToHumanAction: defaulted(enums(TALK_TO_HUMAN_ACTIONS), ACTION_DEFAULTS.talkToHumanAction),
  tel: numberOrText,
  queueAction: optional(unknown()),
  parameterBodyJson: text,
  parameterBody: defaulted(array(KeyValue), () => []),
  parameterHeader: defaulted(array(KeyValue), () => []),
  parameterBodyType: defaulted(enums(PARAMETER_BODY_TYPES), ACTION_DEFAULTS.parameterBodyType),
  tags: defaulted(array(string()), () => []),
  loopInBubble: defaulted(boolean(), false),
  loopDown: defaulted(boolean(), false),
  apiKey: text,
  apiName: text,
});
export type Action = Infer<typeof Action>;

/** An action read from stored or received data with its defaults, or null when it is not one. */
export function readAction(value: unknown): Action | null {
  if (!value || typeof value !== 'object') return null;
  const [error, action] = validate(value, Action, { coerce: true });
  return error || !hasAction(action) ? null : normalizeAction(action);
}

export function createAction(actionType: ActionType = 'none'): Action {
  return create({ type: actionType }, Action);
}

/** The address a uri action opens: typed, or an API variable placeholder. */
export function actionUri(action: Pick<Action, 'uri' | 'typeUrl' | 'urlApiName'>): string {
  return action.typeUrl === 'api' ? placeholder(str(action.urlApiName)) : str(action.uri);
}

export function parsePostbackData(data: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(data));
}

/** The action a postback's data names when it is in our format, else null (data typed by hand). */
export function postbackActionOf(data: string): Exclude<ActionType, 'none' | 'postback'> | 'fromApi' | null {
  if (!data.startsWith('action=')) return null;
  const name = parsePostbackData(data).action;
  if (name === 'fromApi') return name;
  return (ACTION_TYPES as readonly string[]).includes(name) && name !== 'none' && name !== 'postback'
    ? (name as Exclude<ActionType, 'none' | 'postback'>)
    : null;
}

const join = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);

function lengthError(value: unknown, max: number): string | null {
  if (isBlank(value)) return null;
  return hasMaxLength(typeof value === 'number' ? String(value) : value, max)
    ? null
    : MESSAGES.maxLength(max);
}

/**
 * Spec 5 action fields. `prefix` is the action's path in the form, e.g. `items[0].contents[2].action`.
 * A blank or unknown type is "no action" and has nothing to check.
 */
export function validateAction(action: Partial<Action> | null | undefined, prefix = 'action'): FieldError[] {
  const errors: FieldError[] = [];
  if (!hasAction(action)) return errors;
  const add = (name: string, message: string | null) => {
    if (message) errors.push({ field: join(prefix, name), message });
  };
  const required = (name: keyof Action) => add(name, isBlank(action[name]) ? MESSAGES.required : null);
  const requiredMax = (name: keyof Action, max: number) => {
    if (isBlank(action[name])) add(name, MESSAGES.required);
    else add(name, lengthError(action[name], max));
  };
  const optionalMax = (name: keyof Action, max: number) => add(name, lengthError(action[name], max));

  if (action.useActionFromApi) {
    required('apiName');
    return errors;
  }
  switch (action.type) {
    case 'message':
      requiredMax('text', ACTION_LIMITS.text);
      break;
    case 'uri':
      if (action.typeUrl === 'api') required('urlApiName');
      else if (isBlank(action.uri)) add('uri', MESSAGES.required);
      else add('uri', isUrl(str(action.uri), { placeholders: true }) ? null : MESSAGES.url);
      break;
    case 'tel':
      // Spec 5: max length and the number check are skipped when the number comes from an API.
      if (action.typeTel === 'api') required('urlTelName');
      else if (isBlank(action.tel)) add('tel', MESSAGES.required);
      else if (!/^\d+$/.test(str(action.tel))) add('tel', MESSAGES.tel);
      else
        add('tel', isTel(str(action.tel), ACTION_LIMITS.tel) ? null : MESSAGES.maxLength(ACTION_LIMITS.tel));
      break;
    case 'templateId':
      required('templateId');
      optionalMax('displayText', ACTION_LIMITS.displayText);
      break;
    case 'talkToHuman':
      if (action.talkToHumanAction === 'queue') required('queueId');
      optionalMax('textUser', ACTION_LIMITS.textUser);
      requiredMax('displayTextBot', ACTION_LIMITS.displayTextBot);
      break;
    case 'apiCondition':
      required('apiKey');
      if (action.parameterBodyType === 'json' && !isBlank(action.parameterBodyJson)) {
        add('parameterBodyJson', isJson(action.parameterBodyJson) ? null : MESSAGES.json);
      }
      for (const list of ['parameterHeader', 'parameterBody'] as const) {
        (action[list] ?? []).forEach((p, i) => {
          if (isBlank(p?.key) && !isBlank(p?.value)) add(`${list}[${i}].key`, MESSAGES.required);
        });
      }
      break;
    case 'flow':
    case 'postback':
      if (action.type === 'postback') required('data');
      optionalMax('displayText', ACTION_LIMITS.displayText);
      break;
  }
  return errors;
}

/** The action as it is saved and sent: empty parameters dropped, a phone call as its tel: URI. */
export function normalizeAction(action: Action): Action {
  const out: Action = {
    ...action,
    parameterBody: dropEmptyParameters(action.parameterBody),
    parameterHeader: dropEmptyParameters(action.parameterHeader),
  };
  if (action.type === 'tel') out.uri = telUri(action);
  return out;
}
