// Rich menus (spec 3 "Rich menu", spec 5 image rules in core/validation/richMenu.ts).
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  nullable,
  optional,
  string,
  type,
  unknown,
} from 'superstruct';

export const RICH_MENU_BEHAVIOURS = ['show', 'collapsed'] as const;
export const RICH_MENU_TEMPLATES = ['large', 'compact'] as const;
export type RichMenuTemplate = (typeof RICH_MENU_TEMPLATES)[number];
export const RICH_MENU_TABS = ['Current Menu', 'History'] as const;

export const RichMenu = type({
  _id: optional(string()),
  menu_bar_label: string(),
  default_behavior: defaulted(enums(RICH_MENU_BEHAVIOURS), 'show'),
  template: defaulted(enums(RICH_MENU_TEMPLATES), 'large'),
  background_image: optional(nullable(string())),
  /** Area actions; the Action model belongs to core/template. */
  actions: defaulted(array(unknown()), () => []),
  is_active: defaulted(boolean(), false),
});
export type RichMenu = Infer<typeof RichMenu>;
