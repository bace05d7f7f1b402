// Template actions → LINE actions (flex components and image map areas). message and uri map
// directly, a phone call is a `tel:` uri, everything else is a postback whose data our webhook
// resolves (format in action.ts `postbackData`). Limits are checked here so errors name the
// editor's field rather than a path inside the LINE JSON.
import { textLength } from '../validation/rules';
import {
  type Action,
  actionUri,
  hasAction,
  normalizeAction,
  postbackData,
  postbackDisplayText,
  telUri,
} from './action';
import type { LineAction } from './flexTypes';
import { LINE_LIMITS as L, LIMIT_MESSAGES as M } from './limits';
import { type LineCheckOptions, uriProblem } from './lineCheck';
import type { Problems } from './result';

export const IMAGEMAP_ACTION_MESSAGE =
  'Image map areas can only send a message, open a link or call a number.';

export interface ActionContext {
  /** Where the action sits in the form, e.g. `items[0].contents[3].action`. */
  field: string;
  problems: Problems;
  /** Spoken by screen readers; cut to LINE's 40 graphemes since no one sees it. */
  label?: string | null;
  check?: LineCheckOptions;
}

function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
      (s) => s.segment,
    );
  }
  return [...text];
}

export function truncateGraphemes(text: string, max: number): string {
  const parts = graphemes(text);
  return parts.length <= max ? text : parts.slice(0, max).join('');
}

function labelOf(action: Action, fallback: string | null | undefined): string | undefined {
  const label = (action.label ?? '').trim() || (fallback ?? '').trim();
  return label ? truncateGraphemes(label, L.flexActionLabel) : undefined;
}

function tooLong(text: string, max: number, useGraphemes: boolean): boolean {
  return (useGraphemes ? textLength(text) : text.length) > max;
}

/** The LINE action of a flex component, or undefined for "no action" (spec 4: it is removed). */
export function toLineAction(action: Action | null | undefined, ctx: ActionContext): LineAction | undefined {
  if (!hasAction(action)) return undefined;
  const a = normalizeAction(action);
  const label = labelOf(a, ctx.label);
  const withLabel = <T extends object>(value: T): T => (label ? { ...value, label } : value);
  if (!a.useActionFromApi && a.type === 'message') {
    const text = (a.text ?? '').trim();
    if (tooLong(text, L.messageActionText, true))
      ctx.problems.add(`${ctx.field}.text`, M.tooLong(L.messageActionText));
    return withLabel({ type: 'message' as const, text });
  }
  if (!a.useActionFromApi && (a.type === 'uri' || a.type === 'tel')) {
    const uri = a.type === 'tel' ? telUri(a) : actionUri(a);
    const field =
      a.type === 'tel'
        ? a.typeTel === 'api'
          ? 'urlTelName'
          : 'tel'
        : a.typeUrl === 'api'
          ? 'urlApiName'
          : 'uri';
    ctx.problems.add(`${ctx.field}.${field}`, uriProblem(uri, ctx.check));
    return withLabel({ type: 'uri' as const, uri });
  }
  const data = postbackData(a);
  if (data.length > L.postbackData) {
    ctx.problems.add(a.type === 'postback' ? `${ctx.field}.data` : ctx.field, M.tooLong(L.postbackData));
  }
  const displayText = postbackDisplayText(a);
  if (tooLong(displayText, L.postbackDisplayText, true)) {
    ctx.problems.add(`${ctx.field}.displayText`, M.tooLong(L.postbackDisplayText));
  }
  return withLabel({ type: 'postback' as const, data, ...(displayText ? { displayText } : {}) });
}

export type ImagemapAction =
  | { type: 'message'; text: string; area: ImagemapArea }
  | { type: 'uri'; linkUri: string; area: ImagemapArea };
export interface ImagemapArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Image maps carry only message and uri actions; the rest are refused by field. */
export function toImagemapAction(
  action: Action | null | undefined,
  area: ImagemapArea,
  ctx: ActionContext,
): ImagemapAction | undefined {
  if (!hasAction(action)) return undefined;
  const a = normalizeAction(action);
  if (!a.useActionFromApi && a.type === 'message') {
    const text = (a.text ?? '').trim();
    if (tooLong(text, L.imagemapMessageText, false))
      ctx.problems.add(`${ctx.field}.text`, M.tooLong(L.imagemapMessageText));
    return { type: 'message', text, area };
  }
  if (!a.useActionFromApi && (a.type === 'uri' || a.type === 'tel')) {
    const linkUri = a.type === 'tel' ? telUri(a) : actionUri(a);
    ctx.problems.add(`${ctx.field}.${a.type === 'tel' ? 'tel' : 'uri'}`, uriProblem(linkUri, ctx.check));
    return { type: 'uri', linkUri, area };
  }
  ctx.problems.add(`${ctx.field}.type`, IMAGEMAP_ACTION_MESSAGE);
  return undefined;
}
