// Rich menus (spec 2, 3, 5): a menu bar label (LINE's chatBarText, at most 14), shown or collapsed
// by default, a large (2500x1686) or compact (2500x843) background image, and up to 20 tapping
// areas drawn on it, each with an action. `toLineRichMenu` makes LINE's create-rich-menu request
// (RichMenuRequest of the Messaging API) and refuses, by field, anything LINE would refuse.
import {
  array,
  defaulted,
  enums,
  type Infer,
  nullable,
  number,
  optional,
  string,
  type,
  unknown,
} from 'superstruct';
import { RICH_MENU_BEHAVIOURS, RICH_MENU_TEMPLATES, type RichMenuTemplate } from '../models/richMenu';
import { type Action, hasAction, validateAction } from '../template/action';
import type { LineAction } from '../template/flexTypes';
import { LINE_LIMITS } from '../template/limits';
import { toLineAction, truncateGraphemes } from '../template/lineActions';
import { type ConvertResult, failure, guarded, Problems } from '../template/result';
import { UPLOAD_WARNINGS } from '../upload/warnings';
import { validateRichMenuImage } from '../validation/richMenu';
import { clipToUnits, type FieldError, hasMaxLength, isBlank, MESSAGES } from '../validation/rules';

export const RICH_MENU_KINDS = ['general', 'personal'] as const;
export type RichMenuKind = (typeof RICH_MENU_KINDS)[number];
/** Personal menus go to verified contacts, or to followers picked by hand. */
export const RICH_MENU_TARGETS = ['verified', 'selected'] as const;

export const RICH_MENU_SIZES: Record<RichMenuTemplate, { width: number; height: number }> = {
  large: { width: 2500, height: 1686 },
  compact: { width: 2500, height: 843 },
};

export const RICH_MENU_LIMITS = {
  name: LINE_LIMITS.richMenuName,
  chatBarText: LINE_LIMITS.richMenuChatBarText,
  areas: LINE_LIMITS.richMenuAreas,
  label: LINE_LIMITS.richMenuLabel,
} as const;

export const RichMenuArea = type({
  x: number(),
  y: number(),
  width: number(),
  height: number(),
  action: optional(nullable(unknown())),
});
export type RichMenuArea = Infer<typeof RichMenuArea>;

export const RichMenuDraft = type({
  name: string(),
  kind: defaulted(enums(RICH_MENU_KINDS), 'general'),
  channel_id: optional(nullable(string())),
  menu_bar_label: string(),
  default_behavior: defaulted(enums(RICH_MENU_BEHAVIOURS), 'show'),
  template: defaulted(enums(RICH_MENU_TEMPLATES), 'large'),
  /** A media library file id. */
  background_image: optional(nullable(string())),
  areas: defaulted(array(RichMenuArea), () => []),
  target: defaulted(enums(RICH_MENU_TARGETS), 'verified'),
  follower_ids: defaulted(array(string()), () => []),
});
export type RichMenuDraft = Infer<typeof RichMenuDraft>;

/** What is known of the chosen background image (from the media library). */
export interface RichMenuImageFacts {
  name: string;
  type: string;
  size: number;
  resolution: { width: number; height: number } | null;
}

export const RICH_MENU_MESSAGES = {
  areaOutside: 'The area must lie inside the image.',
  areaInteger: MESSAGES.number,
  templateMismatch: UPLOAD_WARNINGS.notMatchResolution,
  noTargets: 'Choose at least one follower.',
} as const;

/** LINE's create-rich-menu body (RichMenuRequest). */
export interface LineRichMenuRequest {
  size: { width: number; height: number };
  selected: boolean;
  name: string;
  chatBarText: string;
  areas: { bounds: { x: number; y: number; width: number; height: number }; action: LineAction }[];
}

/** Areas laid out as a grid over the image (the editor's starting layouts). */
export function gridAreas(template: RichMenuTemplate, columns: number, rows: number): RichMenuArea[] {
  const { width, height } = RICH_MENU_SIZES[template];
  const areas: RichMenuArea[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const x = Math.round((c * width) / columns);
      const y = Math.round((r * height) / rows);
      areas.push({
        x,
        y,
        width: Math.round(((c + 1) * width) / columns) - x,
        height: Math.round(((r + 1) * height) / rows) - y,
        action: null,
      });
    }
  }
  return areas;
}

function checkArea(
  area: RichMenuArea,
  at: string,
  size: { width: number; height: number },
  add: (f: string, m: string) => void,
) {
  const values = [area.x, area.y, area.width, area.height];
  if (!values.every((n) => Number.isInteger(n))) return add(at, RICH_MENU_MESSAGES.areaInteger);
  if (area.x < 0 || area.y < 0 || area.width < 1 || area.height < 1)
    return add(at, RICH_MENU_MESSAGES.areaOutside);
  if (area.x + area.width > size.width || area.y + area.height > size.height)
    add(at, RICH_MENU_MESSAGES.areaOutside);
}

/**
 * Field-named problems of a rich menu: name, menu bar label (1–14), areas (1–20, inside the image,
 * each with an action that passes spec 5), the personal menu's followers, and — when its facts are
 * given — the background image (spec 5: jpg/png, ≤ 1 MB, 2500x1686 or 2500x843, matching the template).
 */
export function validateRichMenu(draft: RichMenuDraft, image?: RichMenuImageFacts | null): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  if (isBlank(draft.name)) add('name', MESSAGES.required);
  else if (!hasMaxLength(draft.name, RICH_MENU_LIMITS.name))
    add('name', MESSAGES.maxLength(RICH_MENU_LIMITS.name));
  if (isBlank(draft.menu_bar_label)) add('menu_bar_label', MESSAGES.required);
  else if (draft.menu_bar_label.trim().length > RICH_MENU_LIMITS.chatBarText)
    add('menu_bar_label', MESSAGES.maxLength(RICH_MENU_LIMITS.chatBarText));
  if (isBlank(draft.background_image)) add('background_image', MESSAGES.required);
  else if (image !== undefined) {
    const problems = validateRichMenuImage(image);
    if (problems.length > 0) errors.push(...problems);
    else {
      const want = RICH_MENU_SIZES[draft.template];
      if (image?.resolution?.width !== want.width || image?.resolution?.height !== want.height)
        add('background_image', RICH_MENU_MESSAGES.templateMismatch);
    }
  }
  const size = RICH_MENU_SIZES[draft.template];
  if (draft.areas.length === 0) add('areas', MESSAGES.required);
  if (draft.areas.length > RICH_MENU_LIMITS.areas)
    add('areas', `At most ${RICH_MENU_LIMITS.areas} are allowed.`);
  draft.areas.forEach((area, i) => {
    const at = `areas[${i}]`;
    checkArea(area, at, size, add);
    const action = area.action as Partial<Action> | null | undefined;
    if (!hasAction(action)) add(`${at}.action.type`, MESSAGES.required);
    else {
      for (const e of validateAction(action, `${at}.action`)) errors.push(e);
      // LINE counts this label in UTF-16 units (shared/reference), as the menu bar label above:
      // a Thai label of fewer graphemes can still be too long for LINE.
      if (typeof action.label === 'string' && action.label.length > RICH_MENU_LIMITS.label)
        add(`${at}.action.label`, MESSAGES.maxLength(RICH_MENU_LIMITS.label));
    }
  });
  if (draft.kind === 'personal' && draft.target === 'selected' && draft.follower_ids.length === 0)
    add('follower_ids', RICH_MENU_MESSAGES.noTargets);
  return errors;
}

/** The LINE request for a menu; the image goes up separately (upload rich menu image). */
export function toLineRichMenu(draft: RichMenuDraft): ConvertResult<LineRichMenuRequest> {
  return guarded(() => {
    const invalid = validateRichMenu(draft);
    if (invalid.length > 0) return failure(invalid);
    const problems = new Problems();
    const areas = draft.areas.map((area, i) => {
      const field = `areas[${i}].action`;
      const action = toLineAction(area.action as Action, { field, problems, check: { placeholders: false } });
      if (action?.label) action.label = truncateGraphemes(action.label, RICH_MENU_LIMITS.label);
      return {
        bounds: { x: area.x, y: area.y, width: area.width, height: area.height },
        action: action as LineAction,
      };
    });
    if (!problems.empty) return failure(problems.errors);
    return {
      ok: true,
      message: {
        size: { ...RICH_MENU_SIZES[draft.template] },
        selected: draft.default_behavior === 'show',
        // LINE counts the name in UTF-16 units; it is cut between graphemes, never inside an emoji.
        name: clipToUnits(draft.name.trim(), RICH_MENU_LIMITS.name),
        chatBarText: draft.menu_bar_label.trim(),
        areas,
      },
    };
  });
}
