// The widget draws a sent card as the template editor's LINE preview does (spec 2: the preview is
// what the customer gets): styled pieces of one line (textInRow) keep their own weight and colour,
// and labels and captions (template_3) lie over the card at their offsets instead of below it.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createBlock } from '../../../core/template/blocks';
import { toFlexMessage } from '../../../core/template/flex';
import type { FlexMessage } from '../../../core/template/flexTypes';
import { createTemplate } from '../../../core/template/presets';
import { FlexView } from '../../../widget-element/box/Flex';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

function render(form: ReturnType<typeof createTemplate>) {
  const result = toFlexMessage(form, { mode: 'submit', values: {}, fallbackName: 'Card' });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(<FlexView contents={(result.message as FlexMessage).contents} onAction={() => {}} />),
  );
}

const url = 'https://cdn.example.com/card.png';
const byText = (text: string) =>
  [...container.querySelectorAll<HTMLElement>('p, span')].find((e) => e.textContent === text);

describe('widget Flex cards', () => {
  it('keeps each span of a text in row styled on its own', () => {
    const form = createTemplate('custom', { name: 'Spans' });
    form.items[0].contents = [
      createBlock('textInRow', {
        position: 0,
        spans: [
          { text: 'Price', weight: 'bold', color: '#FF0000' },
          { text: ' 100 THB', weight: 'regular' },
        ],
      } as never),
    ];
    render(form);
    const price = byText('Price');
    expect(price?.style.fontWeight).toBe('700');
    expect(price?.style.color).toMatch(/#FF0000|rgb\(255, 0, 0\)/i);
    expect(byText(' 100 THB')?.style.fontWeight).not.toBe('700');
    expect(price?.parentElement?.textContent).toBe('Price 100 THB');
  });

  it('lays template_3 labels over the picture at their offsets', () => {
    const form = createTemplate('template_3', { name: 'Promo' });
    const blocks = form.items[0].contents;
    Object.assign(blocks[0], { url, text: 'Over the picture' });
    render(form);
    const badge = byText('NEW')?.parentElement as HTMLElement;
    expect(badge.style.position).toBe('absolute');
    expect([badge.style.top, badge.style.left]).toEqual(['20px', '20px']);
    const caption = byText('Caption')?.parentElement as HTMLElement;
    expect(caption.style.position).toBe('absolute');
    expect([caption.style.bottom, caption.style.left, caption.style.right]).toEqual(['88px', '20px', '20px']);
    const overlay = byText('Over the picture')?.parentElement as HTMLElement;
    expect(overlay.style.position).toBe('absolute');
    expect(overlay.style.bottom).toBe('0px');
  });
});
