// Every message that core or the server may show a user, in English as the API and the rules write
// it, with its place in locales/ (`messages.<list>.<name>`). A screen turns a message back into the
// user's language with `messageKey`; a message of a list below without a translation fails a test.
import { API_MESSAGES } from '../apis/connection';
import { CONVERT_MESSAGES } from '../automation/replyConvert';
import { RICH_MENU_MESSAGES } from '../automation/richMenu';
import { TARGET_MESSAGES } from '../broadcast/compose';
import { CHANNEL_PREVIEW_MESSAGES } from '../template/channelPreview';
import { IMAGEMAP_MESSAGES } from '../template/imagemap';
import { LIMIT_MESSAGES } from '../template/limits';
import { IMAGEMAP_ACTION_MESSAGE } from '../template/lineActions';
import { META_MESSAGES, META_THINGS } from '../template/messenger';
import { TEMPLATE_MESSAGES } from '../template/validate';
import { UPLOAD_WARNINGS } from '../upload/warnings';
import { BROADCAST_ALERTS, BROADCAST_MESSAGES } from '../validation/broadcast';
import { FIELD_MESSAGES } from '../validation/contactField';
import { SETTINGS_MESSAGES } from '../validation/generalSettings';
import { MESSAGES } from '../validation/rules';
import { VERIFICATION_MESSAGES } from '../verification/settings';
import { WIDGET_MESSAGES } from '../widget/settings';
import { SERVER_MESSAGES } from './serverMessages';

type MessageFormat = (...args: never[]) => string;
type MessageList = Record<string, string | MessageFormat>;

/** The lists in the order they are searched: a text in two lists takes the first one's words. */
export const MESSAGE_LISTS: Record<string, MessageList> = {
  rules: MESSAGES,
  limits: LIMIT_MESSAGES,
  template: TEMPLATE_MESSAGES,
  lineActions: { imagemapAction: IMAGEMAP_ACTION_MESSAGE },
  imagemap: IMAGEMAP_MESSAGES,
  channelPreview: CHANNEL_PREVIEW_MESSAGES,
  meta: META_MESSAGES,
  upload: UPLOAD_WARNINGS,
  broadcast: BROADCAST_MESSAGES,
  broadcastAlerts: BROADCAST_ALERTS,
  targets: TARGET_MESSAGES,
  settings: SETTINGS_MESSAGES,
  verification: VERIFICATION_MESSAGES,
  contactFields: FIELD_MESSAGES,
  apis: API_MESSAGES,
  convert: CONVERT_MESSAGES,
  richMenu: RICH_MENU_MESSAGES,
  widget: WIDGET_MESSAGES,
  server: SERVER_MESSAGES,
};

/** What a message made from values calls them in its translation (`{{n}}`, `{{channel}}` …). */
export const MESSAGE_PARAMS: Record<string, readonly string[]> = {
  'rules.minLength': ['n'],
  'rules.maxLength': ['n'],
  'rules.range': ['min', 'max'],
  'rules.oneOf': ['field', 'choices'],
  'limits.tooLong': ['n'],
  'limits.tooMany': ['n'],
  'meta.cannotShow': ['channel', 'what'],
  'meta.tooLong': ['channel', 'n'],
  'meta.tooMany': ['channel', 'n', 'what'],
  'meta.buttonNeedsAction': ['channel'],
  'meta.imageLinkOnly': ['channel'],
  'meta.textAction': ['channel'],
  'meta.titleRequired': ['channel'],
  'apis.tooMany': ['n'],
  'server.accessLevel': ['levels'],
  'server.roleHasMembers': ['n', 'accounts'],
  'server.exportTooLong': ['n'],
  'server.notRoomOrGroup': ['kind'],
  'server.fieldLocked': ['field'],
  'server.tagAddLocked': ['tag'],
  'server.tagRemoveLocked': ['tag'],
  'server.mergeFieldLocked': ['field'],
  'server.mergeTagLocked': ['tag'],
  'server.tooManyRows': ['n'],
  'server.channelOff': ['name'],
  'server.channelSettingMissing': ['name', 'setting'],
  'server.channelUnavailable': ['type'],
  'server.noPublicAddress': ['platform'],
  'server.weChatTextBytes': ['n'],
  'server.addressRefused': ['address'],
  'server.folderDepth': ['n'],
  'server.broadcastExpired': ['n'],
  'server.platformAnswered': ['platform', 'status', 'detail'],
  'server.platformAnsweredBare': ['platform', 'status'],
  'server.platformNoAnswer': ['platform'],
  'server.platformUnreachable': ['platform', 'cause'],
  'server.platformUnreachableBare': ['platform'],
  'server.platformNotJson': ['platform'],
  'server.cannotTakeMessage': ['platform', 'problems'],
  'server.pictureUnreadable': ['status'],
  'server.pictureUnreachable': ['cause'],
  'server.pictureNoMediaId': ['platform'],
};

export interface MessageKey {
  key: string;
  params?: Record<string, string>;
}

interface Pattern {
  key: string;
  names: readonly string[];
  match: RegExp;
  /** It begins with a value (`${platform} answered …`), not with words. */
  leadingValue: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The message written with a marker for each value, turned into a pattern that finds the values
 * again. Each marker goes in as a one-item array: it prints as itself in a template string and
 * in `join`, so lists and numbers take it as well as texts.
 */
function patternOf(key: string, format: MessageFormat, names: readonly string[]): Pattern {
  const markers = names.map((_, i) => `\u0001${i}\u0001`);
  const written = (format as (...args: unknown[]) => string)(...markers.map((m) => [m]));
  let source = escapeRegExp(written);
  for (const marker of markers) source = source.replace(escapeRegExp(marker), '(.+?)');
  return { key, names, match: new RegExp(`^${source}$`, 's'), leadingValue: source.startsWith('(.+?)') };
}

let exact: Map<string, string> | null = null;
let patterns: Pattern[] = [];

function build() {
  exact = new Map();
  patterns = [];
  const seen = new Set<string>();
  for (const [list, messages] of Object.entries(MESSAGE_LISTS)) {
    for (const [name, message] of Object.entries(messages)) {
      const key = `messages.${list}.${name}`;
      if (typeof message === 'string') {
        if (!exact.has(message)) exact.set(message, key);
        continue;
      }
      const names = MESSAGE_PARAMS[`${list}.${name}`];
      if (!names) continue;
      const pattern = patternOf(key, message, names);
      if (seen.has(pattern.match.source)) continue;
      seen.add(pattern.match.source);
      patterns.push(pattern);
    }
  }
}

/**
 * Where a message's translation is, with the values it was made from; null for one we do not know.
 * A message holding another ("Messenger cannot take this message: …: Messenger cannot show text
 * columns.") matches both; the outer one is the one whose own words come first (the shortest
 * leading value), so the inner one is a value of it, translated in turn.
 */
export function messageKey(message: string): MessageKey | null {
  if (!exact) build();
  const key = exact?.get(message);
  if (key) return { key };
  let best: { pattern: Pattern; found: RegExpExecArray; lead: number } | null = null;
  for (const pattern of patterns) {
    const found = pattern.match.exec(message);
    if (!found) continue;
    const lead = pattern.leadingValue ? found[1].length : 0;
    if (!best || lead < best.lead) best = { pattern, found, lead };
    if (lead === 0) break;
  }
  if (!best) return null;
  const { pattern, found } = best;
  const params: Record<string, string> = {};
  pattern.names.forEach((name, i) => {
    params[name] = found[i + 1];
  });
  return { key: pattern.key, params };
}

/**
 * The message in a language (`t` translates a key with its values), or null when no list knows
 * it. A list of our own problems (the `problems` of server.cannotTakeMessage, "messages[0]: …;
 * …") has each problem translated in turn; field names and anything unknown stay as written.
 */
export function translateMessage(
  message: string | null | undefined,
  t: (key: string, params?: Record<string, string>) => string,
): string | null {
  const found = message ? messageKey(message) : null;
  if (!found) return null;
  const problems = found.params?.problems;
  const params = problems ? { ...found.params, problems: translateProblems(problems, t) } : found.params;
  const what = params?.what !== undefined ? thingKey(params.what) : null;
  return t(found.key, what ? { ...params, what: t(what) } : params);
}

/** The words of a META_THINGS value ("text columns"), so no English is left inside a Thai message. */
function thingKey(what: string): string | null {
  const name = Object.entries(META_THINGS).find(([, words]) => words === what)?.[0];
  return name ? `messages.metaThings.${name}` : null;
}

function translateProblems(list: string, t: (key: string, params?: Record<string, string>) => string) {
  return list
    .split('; ')
    .map((problem) => {
      // A field path has no spaces ("messages[0].json[1].type"); the message after it is ours.
      const field = /^([\w.[\]]+): (.+)$/s.exec(problem);
      const message = field ? translateMessage(field[2], t) : null;
      if (field && message) return `${field[1]}: ${message}`;
      return translateMessage(problem, t) ?? problem;
    })
    .join('; ');
}

/** Every message's key, the values of those made from values standing as `{{name}}` (for tests). */
export function allMessageKeys(): MessageKey[] {
  if (!exact) build();
  return [
    ...[...(exact?.values() ?? [])].map((key) => ({ key })),
    ...patterns.map((p) => ({ key: p.key, params: Object.fromEntries(p.names.map((n) => [n, `{{${n}}}`])) })),
  ];
}
