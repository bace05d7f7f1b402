// A read-only preview of a card (LINE Flex) message: bubbles and carousels of boxes, texts,
// images, buttons and separators. Everything is drawn from text nodes and safe image addresses.
import type { ReactNode } from 'react';
import { safeMediaUrl } from '../../core/chat/mediaUrl';
import { t } from '../app/i18n';

type Node = Record<string, unknown>;
const asNode = (v: unknown): Node | null => (v && typeof v === 'object' ? (v as Node) : null);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const color = (v: unknown) => (typeof v === 'string' && COLOR.test(v) ? v : undefined);

function renderNode(value: unknown, key: number, depth: number): ReactNode {
  const node = asNode(value);
  if (!node || depth > 12) return null;
  switch (node.type) {
    case 'box': {
      const contents = Array.isArray(node.contents) ? node.contents : [];
      return (
        <div
          key={key}
          className={`flex-box ${node.layout === 'horizontal' || node.layout === 'baseline' ? 'row' : 'col'}`}
          style={{ backgroundColor: color(node.backgroundColor) }}
        >
          {contents.map((c, i) => renderNode(c, i, depth + 1))}
        </div>
      );
    }
    case 'text': {
      const spans = Array.isArray(node.contents)
        ? node.contents.map((s) => str(asNode(s)?.text)).join('')
        : '';
      return (
        <p
          key={key}
          className="flex-text"
          style={{
            color: color(node.color),
            fontWeight: node.weight === 'bold' ? 700 : undefined,
            textAlign: node.align === 'center' ? 'center' : node.align === 'end' ? 'right' : undefined,
          }}
        >
          {spans || str(node.text)}
        </p>
      );
    }
    case 'image': {
      const src = safeMediaUrl(node.url);
      return src ? <img key={key} className="flex-image" src={src} alt="" loading="lazy" /> : null;
    }
    case 'button': {
      const action = asNode(node.action);
      return (
        <span
          key={key}
          className={`flex-button ${node.style === 'primary' ? 'primary' : ''}`}
          style={{ backgroundColor: color(node.color) }}
        >
          {str(action?.label) || t('live.item.button')}
        </span>
      );
    }
    case 'separator':
      return <hr key={key} className="flex-separator" style={{ borderColor: color(node.color) }} />;
    default:
      return null;
  }
}

function Bubble({ bubble }: { bubble: Node }) {
  const parts = ['header', 'hero', 'body', 'footer'];
  return (
    <div className="flex-bubble">
      {parts.map((part, i) => {
        const content = bubble[part];
        return content ? (
          <div key={part} className={`flex-${part}`}>
            {renderNode(content, i, 0)}
          </div>
        ) : null;
      })}
    </div>
  );
}

export function FlexPreview({ altText, contents }: { altText: string; contents: unknown }) {
  const root = asNode(contents);
  const bubbles =
    root?.type === 'carousel' && Array.isArray(root.contents)
      ? root.contents.map(asNode).filter((b): b is Node => b !== null)
      : root?.type === 'bubble'
        ? [root]
        : [];
  return (
    <figure className="item-flex" data-testid="flex-preview">
      {bubbles.length > 0 ? (
        <div className={`flex-bubbles${bubbles.length > 1 ? ' carousel' : ''}`}>
          {bubbles.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a carousel's order is its identity
            <Bubble key={i} bubble={b} />
          ))}
        </div>
      ) : null}
      <figcaption className="muted">{altText || t('live.item.flex')}</figcaption>
    </figure>
  );
}
