// The editor's LINE preview is what the customer gets (spec 2 "preview and send"): a box that
// sets only paddingAll (the button block's coloured box) keeps that padding on every side.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Bubble } from '../../../console/templates/LinePreview';
import type { FlexBubble } from '../../../core/template/flexTypes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

function render(bubble: FlexBubble) {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<Bubble bubble={bubble} />));
  return root;
}

const box = (fields: Record<string, unknown>) => ({
  type: 'bubble',
  size: 'mega',
  body: {
    type: 'box',
    layout: 'vertical',
    paddingAll: '0px',
    contents: [{ type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'Button' }], ...fields }],
  },
});

const inner = () => container.querySelectorAll<HTMLElement>('.lf-box')[1];

describe('LINE preview box padding', () => {
  it('paddingAll alone pads all four sides', () => {
    render(box({ paddingAll: '10px' }) as FlexBubble);
    const s = inner().style;
    expect([s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft]).toEqual([
      '10px',
      '10px',
      '10px',
      '10px',
    ]);
  });

  it('a side of its own wins over paddingAll', () => {
    render(box({ paddingAll: '10px', paddingTop: '20px', paddingStart: 'md' }) as FlexBubble);
    const s = inner().style;
    expect([s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft]).toEqual([
      '20px',
      '10px',
      '10px',
      '8px',
    ]);
  });
});
