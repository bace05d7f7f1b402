// Single LINE values and whether LINE takes them: colours, addresses, aspect ratios, JSON size.
// Shared by the converters (to name the form field) and by checkLineMessage (to name the JSON path).
import { LINE_LIMITS as L, LINE_URI_SCHEMES, LIMIT_MESSAGES as M } from './limits';

export interface LineCheckOptions {
  /** Accept `{name}` API placeholders inside addresses (templates saved before filling). */
  placeholders?: boolean;
}

const COLOR = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const PLACEHOLDER = /\{[^{}\s]+\}/g;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** `#RRGGBB` or `#RRGGBBAA`, the only colours LINE takes. */
export function isLineColor(value: unknown): boolean {
  return COLOR.test(str(value));
}

/** `#RGB` spelled out as `#RRGGBB`; `#RRGGBB` and `#RRGGBBAA` as given; anything else null. */
export function lineColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^#[0-9a-fA-F]{3}$/.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join('')}`;
  return COLOR.test(value) ? value : null;
}

/** LINE's reason to refuse an action uri, or null. */
/** A value that is one `{placeholder}` and nothing else. */
const WHOLE_PLACEHOLDER = /^\{[^{}\s]+\}$/;

export function uriProblem(uri: unknown, options: LineCheckOptions = {}): string | null {
  const text = str(uri);
  if (!text) return M.required;
  if (text.length > L.uri) return M.tooLong(L.uri);
  // An address wholly from an API variable (typeUrl api) is checked once it is filled.
  if (options.placeholders && WHOLE_PLACEHOLDER.test(text)) return null;
  const filled = options.placeholders ? text.replace(PLACEHOLDER, 'x') : text;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.+)$/.exec(filled);
  if (!scheme || !(LINE_URI_SCHEMES as readonly string[]).includes(scheme[1].toLowerCase())) return M.url;
  // Characters a URI may not hold; a `{placeholder}` left unfilled lands here.
  if (/[\s{}<>"]/.test(filled)) return M.url;
  if (/^https?$/i.test(scheme[1]) && !/^https?:\/\/[^/?#]+/i.test(filled)) return M.url;
  return null;
}

/** LINE's reason to refuse an image address: https, JPEG or PNG, at most 2000 characters. */
export function imageUrlProblem(url: unknown, options: LineCheckOptions = {}): string | null {
  const text = str(url);
  if (!text) return M.required;
  if (text.length > L.imageUrl) return M.tooLong(L.imageUrl);
  if (options.placeholders && WHOLE_PLACEHOLDER.test(text)) return null;
  const filled = options.placeholders ? text.replace(PLACEHOLDER, 'x') : text;
  if (!/^https:\/\/[^/?#\s]+\S*$/i.test(filled)) return M.imageHttps;
  if (/[{}<>"]/.test(filled)) return M.url;
  // The type is only knowable from an extension; an address without one is left to LINE.
  const ext = /\.([a-zA-Z0-9]+)$/.exec(filled.split(/[?#]/, 1)[0].split('/').pop() ?? '');
  if (ext && !['jpg', 'jpeg', 'png'].includes(ext[1].toLowerCase())) return M.imageType;
  return null;
}

/** An https address of at most `max` characters (media and image map bases). */
export function httpsProblem(url: unknown, max: number): string | null {
  const text = str(url);
  if (!text) return M.required;
  if (text.length > max) return M.tooLong(max);
  return /^https:\/\/[^/?#\s]+\S*$/i.test(text) ? null : M.imageHttps;
}

/** "W:H", each 1 to 100000 (decimals allowed), H at most 3 x W. */
export function aspectRatioProblem(value: unknown): string | null {
  const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(str(value));
  if (!m) return M.aspectRatio;
  const [w, h] = [Number(m[1]), Number(m[2])];
  const inRange = (n: number) => n >= 1 && n <= L.aspectRatioMax;
  return inRange(w) && inRange(h) && h <= L.aspectRatioHeightFactor * w ? null : M.aspectRatio;
}

export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}
