// WeChat has no cards with buttons, so a template falls back (issue 6): an item with a picture and
// a link becomes a one-article news message (what WeChat customer-service messages allow); any
// other item becomes a text message listing its texts, with links and phone numbers spelled out.
// Actions that need a tap-back (postbacks) cannot travel; their labels stay as plain lines.
import { type Action, actionUri, hasAction, normalizeAction } from './action';
import { blockForMode } from './apiVariables';
import type { Block } from './blocks';
import { altTextOf, orderedContents } from './form';
import { type ConvertOptions, type ConvertResult, failure, guarded } from './result';
import { readValidForm } from './validate';

/** WeChat's customer-service text limit is 2048 bytes of UTF-8. */
export const WECHAT_TEXT_BYTES = 2048;

export type WeChatMessage =
  | { msgtype: 'text'; text: { content: string } }
  | {
      msgtype: 'news';
      news: { articles: [{ title: string; description: string; url: string; picurl: string }] };
    };

interface Gathered {
  texts: string[];
  lines: string[];
  picture?: string;
  link?: string;
}

function linkOf(action: Action | null | undefined): { uri: string; tel: boolean } | undefined {
  if (!hasAction(action) || action.useActionFromApi) return undefined;
  const a = normalizeAction(action);
  if (a.type === 'uri') return { uri: actionUri(a), tel: false };
  if (a.type === 'tel') return { uri: String(a.tel ?? ''), tel: true };
  return undefined;
}

function gather(block: Block, into: Gathered): void {
  const addText = (value: string | null | undefined) => {
    if ((value ?? '').trim()) into.texts.push((value ?? '').trim());
  };
  const addButton = (label: string | null | undefined, action: Action | null | undefined) => {
    const link = linkOf(action);
    if (link && !link.tel) into.link ??= link.uri;
    const text = (label ?? '').trim();
    into.lines.push(link ? `${text}: ${link.uri}` : text);
  };
  const addPicture = (url: string | null | undefined, action: Action | null | undefined) => {
    into.picture ??= url ?? undefined;
    const link = linkOf(action);
    if (link && !link.tel) into.link ??= link.uri;
  };
  switch (block.component) {
    case 'textHeader':
    case 'labelLeftTop':
    case 'labelCenterBottom': {
      addText(block.text);
      return;
    }
    case 'textRow': {
      addText(block.cells.map((c) => c.text ?? '').join(' '));
      return;
    }
    case 'textInRow': {
      addText(block.spans.map((s) => s.text ?? '').join(''));
      return;
    }
    case 'textColumn':
      for (const c of block.columns) for (const r of c.rows) addText(r.text);
      return;
    case 'separator':
      return;
    case 'button': {
      addButton(block.text, block.action);
      return;
    }
    case 'imageCover': {
      addPicture(block.url, block.action);
      return;
    }
    case 'imageBackground':
      addPicture(block.url, block.action);
      {
        addText(block.text);
        return;
      }
    case 'imageLeftInfoAndButtonRight':
      addPicture(block.url, block.actionImage);
      addText(block.textTop);
      {
        addButton(block.textBtn, block.actionBtnBottom);
        return;
      }
    case 'imageLeftAndInfoRight':
      addPicture(block.url, block.actionImage);
      addText(block.textTop);
      {
        addText(block.textBottom);
        return;
      }
  }
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** One WeChat message per item; never throws. */
export function toWeChatMessages(
  input: unknown,
  options: ConvertOptions = {},
): ConvertResult<WeChatMessage[]> {
  return guarded(() => {
    const read = readValidForm(input);
    if (!read.ok) return failure(read.errors);
    const form = read.form;
    const title = altTextOf(form, options.fallbackName);
    const messages: WeChatMessage[] = [];
    const errors = [];
    for (const [i, item] of form.items.entries()) {
      const g: Gathered = { texts: [], lines: [] };
      for (const { block } of orderedContents(item.contents)) {
        if (block.active === false) continue;
        for (const shown of blockForMode(block, form.apiSetting, options.mode ?? 'show', options.values))
          gather(shown, g);
      }
      if (g.picture && g.link) {
        const [first, ...rest] = g.texts;
        messages.push({
          msgtype: 'news',
          news: {
            articles: [
              { title: first ?? title, description: rest.join('\n'), url: g.link, picurl: g.picture },
            ],
          },
        });
        continue;
      }
      const content = [...g.texts, ...g.lines].filter(Boolean).join('\n') || title;
      if (byteLength(content) > WECHAT_TEXT_BYTES) {
        errors.push({
          field: `items[${i}]`,
          message: `WeChat allows at most ${WECHAT_TEXT_BYTES} bytes of text.`,
        });
      }
      messages.push({ msgtype: 'text', text: { content } });
    }
    if (errors.length > 0) return failure(errors);
    return { ok: true, message: messages };
  });
}
