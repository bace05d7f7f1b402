// Selection limits (spec 5): 'single' allows 1, a number is a maximum, none is unlimited.
export type SelectionLimit = 'single' | number | null | undefined;

export function maxSelectable(limit: SelectionLimit): number {
  if (limit === 'single') return 1;
  if (typeof limit === 'number' && Number.isFinite(limit) && limit >= 0) return Math.floor(limit);
  return Number.POSITIVE_INFINITY;
}

export function canSelectMore(selectedCount: number, limit: SelectionLimit): boolean {
  return selectedCount < maxSelectable(limit);
}

/**
 * Toggles `id`. In single mode picking another item replaces the choice; at a numeric maximum a
 * new item is ignored (the selection comes back unchanged).
 */
export function toggleSelection(selected: readonly string[], id: string, limit: SelectionLimit): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  if (limit === 'single') return [id];
  return canSelectMore(selected.length, limit) ? [...selected, id] : [...selected];
}
