// API variables in templates (spec 3 "API variable settings", spec 4). A text holds `{key}` or
// `{list.field}` placeholders naming variables of `variables_option`.
//   show mode:   an array variable is expanded to three numbered entries, `{list[1].field}` …
//                `{list[3].field}`: inline (joined in the same text) or stacked (one line each; a
//                stacked button is duplicated, one per entry). With `values`, every placeholder is
//                then filled, so the server can send real data through the same path.
//   submit mode: an image whose source is the API gets the API image address as its url; texts
//                keep their placeholders for the server to fill at send time.
//   send mode:   what the server sends a customer with the API's answer in `values`: arrays
//                expanded as in show mode, images from their API address as in submit mode.
import { type Action, actionKeyOf, hasAction, needsActionKey } from './action';
import type { Block } from './blocks';
import type { ApiVariableSettings, VariableOption } from './form';

export const ARRAY_PREVIEW_ENTRIES = 3;
export type ApiMode = 'show' | 'submit' | 'send';

const PLACEHOLDER = /\{([^{}\s]+)\}/g;
/** Texts people read; other strings (addresses, postback ids) take the first entry only. */
const DISPLAY_TEXT_KEYS = new Set(['text', 'textTop', 'textBottom', 'textBtn']);

export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

function rootKey(path: string): string {
  return path.split(/[.[]/, 1)[0];
}

export function variableOf(
  settings: ApiVariableSettings | null | undefined,
  path: string,
): VariableOption | undefined {
  const root = rootKey(path);
  return settings?.variables_option.find((v) => v.key === root);
}

function isArrayPath(settings: ApiVariableSettings, path: string): boolean {
  return (
    variableOf(settings, path)?.data_type === 'array' && !path.slice(rootKey(path).length).startsWith('[')
  );
}

/** `list.field` → `list[n].field` (n from 1). */
export function numberedPath(path: string, n: number): string {
  const root = rootKey(path);
  return `${root}[${n}]${path.slice(root.length)}`;
}

/** The text with every array placeholder pointing at entry `n`. */
function entry(text: string, settings: ApiVariableSettings, n: number): string {
  return text.replace(PLACEHOLDER, (whole, path: string) =>
    isArrayPath(settings, path) ? `{${numberedPath(path, n)}}` : whole,
  );
}

function usesArray(text: string, settings: ApiVariableSettings): boolean {
  return placeholdersIn(text).some((p) => isArrayPath(settings, p));
}

function entries(text: string, settings: ApiVariableSettings): string[] {
  return Array.from({ length: ARRAY_PREVIEW_ENTRIES }, (_, i) => entry(text, settings, i + 1));
}

/** Inline joins the entries in one line, stacked puts each on its own line. */
export function expandText(
  text: string,
  settings: ApiVariableSettings,
  layout: 'inline' | 'stacked',
): string {
  if (!usesArray(text, settings)) return text;
  return entries(text, settings).join(layout === 'inline' ? ', ' : '\n');
}

/** A value by dotted path (`a.b`, `items[1].id`, entries numbered from 1 as in placeholders). */
export function valueAt(values: unknown, path: string): unknown {
  let current = values;
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (current === null || typeof current !== 'object') return undefined;
    const key = Array.isArray(current) && /^\d+$/.test(part) ? Number(part) - 1 : part;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** Replaces each placeholder that `values` can answer with a scalar; the others stay as written. */
export function fillPlaceholders(text: string, values: unknown): string {
  return text.replace(PLACEHOLDER, (whole, path: string) => {
    const value = valueAt(values, path);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : whole;
  });
}

/** Every string in a plain-data tree mapped by `fn(text, key)`. */
function mapStrings<T>(node: T, fn: (text: string, key: string) => string, key = ''): T {
  if (typeof node === 'string') return fn(node, key) as T;
  if (Array.isArray(node)) return node.map((n) => mapStrings(n, fn, key)) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, mapStrings(v, fn, k)])) as T;
  }
  return node;
}

function isStacked(block: Block): boolean {
  return block.action?.loopDown === true;
}

function blockUsesArray(block: Block, settings: ApiVariableSettings): boolean {
  let found = false;
  mapStrings(block, (text) => {
    found ||= usesArray(text, settings);
    return text;
  });
  return found;
}

function expandBlock(block: Block, settings: ApiVariableSettings): Block[] {
  if (!blockUsesArray(block, settings)) return [block];
  if (block.component === 'button' && isStacked(block)) {
    return Array.from({ length: ARRAY_PREVIEW_ENTRIES }, (_, i) =>
      mapStrings(block, (text) => entry(text, settings, i + 1)),
    );
  }
  const layout = isStacked(block) ? 'stacked' : 'inline';
  return [
    mapStrings(block, (text, key) =>
      DISPLAY_TEXT_KEYS.has(key) ? expandText(text, settings, layout) : entry(text, settings, 1),
    ),
  ];
}

/** The image address a block shows in `mode` (spec 4). */
export function imageUrlFor(
  image: { source?: string | null; url?: string | null; urlApi?: string | null },
  mode: ApiMode,
): string {
  if (image.source !== 'api') return image.url ?? '';
  if (mode === 'submit' || mode === 'send') return image.urlApi ?? '';
  return image.url || image.urlApi || '';
}

const ACTION_FIELDS = [
  'action',
  'actionImage',
  'actionTextTop',
  'actionTextBottom',
  'actionBtnBottom',
] as const;

/**
 * Actions whose tap needs the stored action get their key (`actionKeyOf`) before anything is
 * expanded or filled, so a button filled with one customer's values still finds what was saved.
 */
function withActionKeys(block: Block): Block {
  const out: Record<string, unknown> = { ...block };
  for (const field of ACTION_FIELDS) {
    const action = out[field] as Action | null | undefined;
    if (hasAction(action) && !action.actionKey && needsActionKey(action))
      out[field] = { ...action, actionKey: actionKeyOf(action) };
  }
  return out as Block;
}

/** An address or number taken from an API variable, written as its placeholder so it expands and fills like text. */
function withApiAddresses(block: Block): Block {
  const out: Record<string, unknown> = { ...block };
  for (const field of ACTION_FIELDS) {
    const action = out[field] as Action | null | undefined;
    if (!action) continue;
    if (action.typeUrl === 'api')
      out[field] = { ...action, typeUrl: 'url', uri: `{${action.urlApiName ?? ''}}` };
    if (action.typeTel === 'api')
      out[field] = { ...(out[field] as Action), typeTel: 'number', tel: `{${action.urlTelName ?? ''}}` };
  }
  return out as Block;
}

/** One block as it is shown in `mode`: usually itself, three copies for a stacked array button. */
export function blockForMode(
  block: Block,
  settings: ApiVariableSettings | null | undefined,
  mode: ApiMode,
  values?: unknown,
): Block[] {
  let out: Block[] = [withApiAddresses(withActionKeys(block))];
  if ((mode === 'show' || mode === 'send') && settings?.status) out = expandBlock(out[0], settings);
  if (values !== undefined) out = out.map((b) => mapStrings(b, (text) => fillPlaceholders(text, values)));
  return out.map((b) => ('source' in b ? { ...b, url: imageUrlFor(b, mode) } : b));
}

const LEFT_OVER = /\{([^{}\s]+)\}/g;

/**
 * A template form with one customer's API answer already in it (send mode): arrays expanded,
 * placeholders filled, API images in place, and placeholders of declared variables the answer
 * did not hold left empty (an API that failed sends the card without its values). The result has
 * API settings off, so any converter turns it into the message as it is.
 */
export function fillTemplateForm<
  F extends { items: { contents: Block[] }[]; apiSetting?: ApiVariableSettings | null },
>(form: F, values: unknown): F {
  const settings = form.apiSetting;
  const declared = (path: string) => !!variableOf(settings, path);
  const blank = (text: string) =>
    text.replace(LEFT_OVER, (whole, path: string) => (declared(path) ? '' : whole));
  return {
    ...form,
    apiSetting: settings ? { ...settings, status: false } : settings,
    items: form.items.map((item) => ({
      ...item,
      contents: item.contents.flatMap((block) =>
        blockForMode(block, settings, 'send', values).map((b) => mapStrings(b, (text) => blank(text))),
      ),
    })),
  };
}
