// Reading the media calls' query strings and bodies into checked values (400 naming the field).

import { MEDIA_PAGE_SIZE } from '../../core/models/media';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { hasMaxLength, isBlank, MESSAGES } from '../../core/validation/rules';
import { Invalid } from '../http/errors';
import { type FileQuery, SORT_FIELDS, type SortField } from './fileRows';
import { MAX_FOLDER_NAME_LENGTH } from './names';

export type Fields = Record<string, unknown>;

const ID = /^[a-z0-9]{8,64}$/;
export const MAX_IDS = 1000;

export function fieldsOf(body: unknown): Fields {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Fields) : {};
}

export function optionalId(fields: Fields, name: string): string | null {
  const value = fields[name];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !ID.test(value)) throw new Invalid(name, `${name} is invalid format`);
  return value;
}

export function requiredId(fields: Fields, name: string): string {
  const id = optionalId(fields, name);
  if (!id) throw new Invalid(name, MESSAGES.required);
  return id;
}

/** A list of ids as a JSON array, or a comma-separated string (query strings). */
export function idList(fields: Fields, name: string, required: boolean): string[] {
  let value = fields[name];
  if (typeof value === 'string') value = value.split(',').filter(Boolean);
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
    if (required) throw new Invalid(name, MESSAGES.required);
    return [];
  }
  if (
    !Array.isArray(value) ||
    value.length > MAX_IDS ||
    !value.every((v) => typeof v === 'string' && ID.test(v))
  )
    throw new Invalid(name, `${name} is invalid format`);
  return [...new Set(value as string[])];
}

export function booleanField(fields: Fields, name: string): boolean {
  const value = fields[name];
  return value === true || value === 'true' || value === '1' || value === 1;
}

export function nameField(fields: Fields, name: string, max: number): string {
  const value = fields[name];
  if (typeof value !== 'string' || isBlank(value)) throw new Invalid(name, MESSAGES.required);
  const trimmed = value.replace(/\s+/g, ' ').trim();
  if (!hasMaxLength(trimmed, max)) throw new Invalid(name, MESSAGES.maxLength(max));
  // Control characters and bidi overrides have no place in a name.
  if (/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(trimmed))
    throw new Invalid(name, SERVER_MESSAGES.nameCharacters);
  return trimmed;
}

export const folderName = (fields: Fields) => nameField(fields, 'name', MAX_FOLDER_NAME_LENGTH);

function integer(fields: Fields, name: string, fallback: number, min: number, max: number): number {
  const raw = fields[name];
  if (raw === undefined || raw === '') return fallback;
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new Invalid(name, `${name} must be a whole number from ${min} to ${max}`);
  return n;
}

const CATEGORY_ALIASES: Record<string, string> = {
  image: 'image',
  video: 'video',
  file: 'file',
  doc: 'file',
  document: 'file',
};

/** `type` (image, video, file; comma-separated; empty or 'all' for every kind) as categories. */
export function typeCategories(query: Fields): string[] {
  const types =
    typeof query.type === 'string' && query.type !== '' && query.type !== 'all' ? query.type.split(',') : [];
  const categories = types.map((t) => CATEGORY_ALIASES[t.trim().toLowerCase()]);
  if (categories.some((c) => !c)) throw new Invalid('type', 'type is invalid format');
  return [...new Set(categories)];
}

/**
 * GET /api/file/list: skip, limit (1 to 300, default 300), sortField (createdDate | name | size;
 * default createdDate), sortAsc (default false), search, type (image, video, file; comma-separated),
 * size ('min-max' bytes, either side optional), resolution ('WxH', comma-separated).
 */
export function fileQuery(query: Fields): FileQuery {
  const sortField = (query.sortField ?? 'createdDate') as string;
  if (!Object.hasOwn(SORT_FIELDS, sortField)) throw new Invalid('sortField', 'sortField is invalid format');
  const search = typeof query.search === 'string' ? query.search.trim() : '';
  if (!hasMaxLength(search, 200)) throw new Invalid('search', MESSAGES.maxLength(200));
  const categories = typeCategories(query);
  let minSize: number | null = null;
  let maxSize: number | null = null;
  if (typeof query.size === 'string' && query.size !== '') {
    const match = /^(\d{0,15})-(\d{0,15})$/.exec(query.size) ?? /^()(\d{1,15})$/.exec(query.size);
    if (!match) throw new Invalid('size', 'size is invalid format');
    minSize = match[1] ? Number(match[1]) : null;
    maxSize = match[2] ? Number(match[2]) : null;
  }
  const resolutions =
    typeof query.resolution === 'string' && query.resolution !== ''
      ? query.resolution.split(',').map((r) => {
          // x or × (\u00D7), escaped: one non-ASCII character makes V8 hold the whole server bundle's source as two-byte text (3 MB, not 1.5).
          const m = /^\s*(\d{1,6})\s*[x\u00D7]\s*(\d{1,6})\s*$/i.exec(r);
          if (!m) throw new Invalid('resolution', 'resolution is invalid format');
          return { width: Number(m[1]), height: Number(m[2]) };
        })
      : [];
  return {
    folderId: optionalId(query, 'folderId'),
    skip: integer(query, 'skip', 0, 0, 1_000_000_000),
    limit: integer(query, 'limit', MEDIA_PAGE_SIZE, 1, MEDIA_PAGE_SIZE),
    sortField: sortField as SortField,
    sortAsc: booleanField(query, 'sortAsc'),
    search,
    categories,
    minSize,
    maxSize,
    resolutions,
  };
}
