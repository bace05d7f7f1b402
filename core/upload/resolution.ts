// Optional resolution rules for images (spec 5): a list of exact sizes and/or ranges.
import type { Resolution } from '../models/media';

export interface ResolutionRange {
  minWidth?: number;
  maxWidth?: number;
  minHeight?: number;
  maxHeight?: number;
}

export interface ResolutionRules {
  exact?: readonly Resolution[];
  ranges?: readonly ResolutionRange[];
}

export type ResolutionVerdict = 'ok' | 'missing' | 'mismatch';

export function hasResolution(value: unknown): value is Resolution {
  if (value === null || typeof value !== 'object') return false;
  const { width, height } = value as Record<string, unknown>;
  return typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0;
}

function inRange(r: Resolution, range: ResolutionRange): boolean {
  return (
    r.width >= (range.minWidth ?? 0) &&
    r.width <= (range.maxWidth ?? Number.POSITIVE_INFINITY) &&
    r.height >= (range.minHeight ?? 0) &&
    r.height <= (range.maxHeight ?? Number.POSITIVE_INFINITY)
  );
}

/**
 * 'missing' when the image's size could not be read, 'mismatch' when rules are given and no exact
 * size or range fits, 'ok' otherwise. With no rules any readable size is fine.
 */
export function checkResolution(resolution: unknown, rules: ResolutionRules = {}): ResolutionVerdict {
  if (!hasResolution(resolution)) return 'missing';
  const exact = rules.exact ?? [];
  const ranges = rules.ranges ?? [];
  if (exact.length === 0 && ranges.length === 0) return 'ok';
  const fits =
    exact.some((e) => e.width === resolution.width && e.height === resolution.height) ||
    ranges.some((range) => inRange(resolution, range));
  return fits ? 'ok' : 'mismatch';
}
