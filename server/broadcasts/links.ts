// Puts tracked links (server/links) into a broadcast's converted messages: web addresses in texts,
// uri actions of cards (buttons, pictures, boxes) and image-map areas. Each link's place is
// recorded (`m{message}.t{n}` in a text, `m{message}[.c{card}].a{n}` for an action) so the
// report can show per message, card and button how it did.
import type { OutgoingItem } from '../../core/automation/replyConvert';
import type { LinkPlace } from '../../core/broadcast/report';
import type { LinkPart } from './schema';

export type Track = (url: string, part: string) => Promise<string>;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Web addresses in a text, without trailing punctuation that usually ends the sentence. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;

export function urlsInText(text: string): { start: number; url: string }[] {
  const out: { start: number; url: string }[] = [];
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const url = m[0].replace(/[.,!?;:)\]}]+$/, '');
    if (url.length > 'https://'.length) out.push({ start: m.index ?? 0, url });
  }
  return out;
}

async function trackText(text: string, message: number, track: Track, parts: LinkPart[]): Promise<string> {
  const found = urlsInText(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [n, f] of found.entries()) {
    const part = `m${message}.t${n}`;
    out += text.slice(at, f.start) + (await track(f.url, part));
    at = f.start + f.url.length;
    parts.push({ part, message, card: null, place: 'text', label: f.url, url: f.url });
  }
  return out + text.slice(at);
}

function labelOf(node: Node, action: Node): string {
  if (typeof action.label === 'string' && action.label.trim()) return action.label.trim();
  if (typeof node.text === 'string') return node.text.trim();
  return '';
}

/** Every uri action under a flex node, in reading order, with the node that holds it. */
function uriActions(node: unknown, out: { node: Node; action: Node }[] = []): { node: Node; action: Node }[] {
  if (Array.isArray(node)) {
    for (const n of node) uriActions(n, out);
    return out;
  }
  if (!isNode(node)) return out;
  if (isNode(node.action) && node.action.type === 'uri') out.push({ node, action: node.action });
  for (const key of ['header', 'hero', 'body', 'footer', 'contents'])
    if (key in node) uriActions(node[key], out);
  return out;
}

async function trackFlex(contents: unknown, message: number, track: Track, parts: LinkPart[]) {
  const cards =
    isNode(contents) && contents.type === 'carousel' && Array.isArray(contents.contents)
      ? (contents.contents as unknown[])
      : [contents];
  const many = cards.length > 1 || (isNode(contents) && contents.type === 'carousel');
  for (const [c, card] of cards.entries()) {
    for (const [n, { node, action }] of uriActions(card).entries()) {
      const url = typeof action.uri === 'string' ? action.uri : '';
      if (!/^https?:\/\//i.test(url)) continue;
      const part = many ? `m${message}.c${c}.a${n}` : `m${message}.a${n}`;
      const place: LinkPlace = node.type === 'button' ? 'button' : node.type === 'image' ? 'image' : 'box';
      parts.push({ part, message, card: many ? c : null, place, label: labelOf(node, action), url });
      action.uri = await track(url, part);
    }
  }
}

/**
 * The message's items with tracked addresses (a copy; the input is left alone), and the places
 * of the links into `parts`.
 */
export async function trackItems(
  items: readonly OutgoingItem[],
  message: number,
  track: Track,
  parts: LinkPart[],
): Promise<OutgoingItem[]> {
  const out = structuredClone(items) as OutgoingItem[];
  for (const item of out) {
    const node = item as unknown as Node;
    if (node.type === 'text' && typeof node.text === 'string') {
      node.text = await trackText(node.text, message, track, parts);
    } else if (node.type === 'flex') {
      await trackFlex(node.contents, message, track, parts);
    } else if (node.type === 'imagemap' && Array.isArray(node.actions)) {
      for (const [n, action] of (node.actions as Node[]).entries()) {
        const url = typeof action.linkUri === 'string' ? action.linkUri : '';
        if (action.type !== 'uri' || !/^https?:\/\//i.test(url)) continue;
        const part = `m${message}.a${n}`;
        const label =
          typeof action.label === 'string' && action.label.trim() ? action.label.trim() : `#${n + 1}`;
        parts.push({ part, message, card: null, place: 'area', label, url });
        action.linkUri = await track(url, part);
      }
    }
  }
  return out;
}
