import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { RICH_MENU_TABS, RichMenu } from '../../../core/models/richMenu';

describe('spec 2, 3: rich menu', () => {
  it('defaults: shown, large, off', () => {
    expect(create({ menu_bar_label: 'Menu' }, RichMenu)).toMatchObject({
      default_behavior: 'show',
      template: 'large',
      actions: [],
      is_active: false,
    });
  });
  it('behaviour show or collapsed; template large or compact', () => {
    expect(() =>
      create({ menu_bar_label: 'M', default_behavior: 'collapsed', template: 'compact' }, RichMenu),
    ).not.toThrow();
    expect(() => create({ menu_bar_label: 'M', default_behavior: 'hidden' }, RichMenu)).toThrow();
    expect(() => create({ menu_bar_label: 'M', template: 'medium' }, RichMenu)).toThrow();
  });
  it('tabs', () => expect(RICH_MENU_TABS).toEqual(['Current Menu', 'History']));
});
