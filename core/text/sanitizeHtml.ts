// The HTML sanitiser of spec 5. It removes script, style, iframe and textarea elements with their
// content, and self-closing, img, input and hr tags. Beyond the spec it works as an allow-list: the
// few formatting tags below are re-emitted bare (no attributes at all, so no on* handler or
// javascript: URL can survive), and any other tag is escaped to visible text. The output is built
// only from those bare tags, escaped characters and well-formed entities, so it never holds an
// element the list does not name, whatever the input. Patterns are bounded to keep it linear.

/** Harmless formatting tags kept, always without attributes. */
export const ALLOWED_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'p',
  'br',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
] as const;
const ALLOWED = new Set<string>(ALLOWED_TAGS);
const VOID_ALLOWED = new Set(['br']);

/** Elements dropped together with everything up to their closing tag. */
export const REMOVED_WITH_CONTENT = ['script', 'style', 'iframe', 'textarea'] as const;
const WITH_CONTENT = new Set<string>(REMOVED_WITH_CONTENT);

/** A tag as browsers see it: '<', optional '/', a letter-led name, then attributes up to '>'. */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]{0,63})((?:[^>"']|"[^"]{0,2000}"|'[^']{0,2000}'){0,2000})>/y;
const ENTITY = /&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});/y;
const COMMENT = /<!--[\s\S]*?(?:-->|$)|<![^>]*(?:>|$)|<\?[^>]*(?:>|$)/y;
/** Dropped outright (spec 5); self-closing tags (`<x/>`) are dropped too. */
export const STRIPPED_TAGS = ['img', 'input', 'hr'] as const;
const STRIPPED = new Set<string>(STRIPPED_TAGS);

function escapeChar(c: string): string {
  if (c === '<') return '&lt;';
  if (c === '>') return '&gt;';
  if (c === '&') return '&amp;';
  if (c === '"') return '&quot;';
  if (c === "'") return '&#39;';
  return c;
}

/** Index just past the closing tag of `name` from `from`, or the end of the input when unclosed. */
function skipPast(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}(?=[\\s/>])[^>]{0,2000}>`, 'ig');
  close.lastIndex = from;
  const m = close.exec(html);
  return m ? m.index + m[0].length : html.length;
}

export function sanitizeHtml(input: unknown): string {
  if (typeof input !== 'string' || input.trim().length === 0) return '';
  const html = input;
  let out = '';
  let i = 0;
  while (i < html.length) {
    const c = html[i];
    if (c === '<') {
      COMMENT.lastIndex = i;
      const comment = COMMENT.exec(html);
      if (comment) {
        i += comment[0].length;
        continue;
      }
      TAG.lastIndex = i;
      const tag = TAG.exec(html);
      if (tag) {
        const [whole, slash, rawName, attrs] = tag;
        const name = rawName.toLowerCase();
        i += whole.length;
        if (WITH_CONTENT.has(name)) {
          if (!slash) i = skipPast(html, name, i);
        } else if (STRIPPED.has(name) || /\/\s*$/.test(attrs)) {
          // Dropped without a trace.
        } else if (ALLOWED.has(name)) {
          if (!(slash && VOID_ALLOWED.has(name))) out += `<${slash}${name}>`;
        } else {
          for (const ch of whole) out += escapeChar(ch);
        }
        continue;
      }
      out += '&lt;';
      i++;
      continue;
    }
    if (c === '&') {
      ENTITY.lastIndex = i;
      const entity = ENTITY.exec(html);
      if (entity) {
        out += entity[0];
        i += entity[0].length;
        continue;
      }
    }
    out += escapeChar(c);
    i++;
  }
  return out;
}
