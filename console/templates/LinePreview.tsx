// Draws a LINE Flex message the way LINE lays it out: LINE's bubble widths, text sizes, spacing
// keywords, box layouts (children of a horizontal box share the width, flex 1), absolute
// positioning with offsets, images with aspect ratios, separators and buttons. Read-only: a part
// with an action shows what the action does when pointed at.
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import type {
  FlexBox,
  FlexBubble,
  FlexCarousel,
  FlexComponent,
  FlexImage,
  FlexText,
  LineAction,
} from '../../core/template/flexTypes';
import { t } from '../app/i18n';

/** LINE's bubble widths in px. */
export const BUBBLE_WIDTHS: Record<string, number> = {
  nano: 120,
  micro: 160,
  deca: 220,
  hecto: 241,
  kilo: 260,
  mega: 300,
  giga: 500,
};
const TEXT_SIZES: Record<string, number> = {
  xxs: 11,
  xs: 13,
  sm: 14,
  md: 16,
  lg: 19,
  xl: 22,
  xxl: 29,
  '3xl': 35,
  '4xl': 48,
  '5xl': 74,
};
const SPACING: Record<string, number> = { none: 0, xs: 2, sm: 4, md: 8, lg: 12, xl: 16, xxl: 20 };
const IMAGE_SIZES: Record<string, number> = {
  xxs: 40,
  xs: 60,
  sm: 80,
  md: 100,
  lg: 120,
  xl: 140,
  xxl: 160,
  '3xl': 180,
  '4xl': 240,
  '5xl': 360,
};
const DEFAULT_TEXT_COLOR = '#111111';

/** A keyword, `12px` or `5%` → a CSS length. */
function length(value: string | undefined, keywords = SPACING): string | undefined {
  if (value === undefined) return undefined;
  if (value in keywords) return `${keywords[value]}px`;
  return /^-?\d+(\.\d+)?(px|%)$/.test(value) ? value : undefined;
}

function fontSize(value: string | undefined): string {
  if (!value) return `${TEXT_SIZES.md}px`;
  return value in TEXT_SIZES ? `${TEXT_SIZES[value]}px` : (length(value, {}) ?? `${TEXT_SIZES.md}px`);
}

/** #RRGGBBAA is what LINE takes; CSS reads it the same way. */
const colour = (value: string | undefined) => (value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : undefined);

export function describeAction(action: LineAction | undefined): string | undefined {
  if (!action) return undefined;
  if (action.type === 'uri') {
    return action.uri.startsWith('tel:')
      ? t('templates.preview.tapCalls', { value: action.uri.slice(4) })
      : t('templates.preview.tapOpens', { value: action.uri });
  }
  if (action.type === 'message') return t('templates.preview.tapSends', { value: action.text });
  return t('templates.preview.tapPostback', { value: action.displayText || action.data });
}

function positioned(c: FlexComponent, parentLayout: FlexBox['layout']): CSSProperties {
  const style: CSSProperties = {};
  const p = c as FlexBox;
  const flex = p.flex ?? (parentLayout === 'vertical' ? 0 : 1);
  style.flex = parentLayout === 'vertical' ? `${flex} ${flex} auto` : `${flex} ${flex} 0`;
  if (p.margin) {
    if (parentLayout === 'vertical') style.marginTop = length(p.margin);
    else style.marginLeft = length(p.margin);
  }
  if (p.position === 'absolute') {
    style.position = 'absolute';
    style.top = length(p.offsetTop);
    style.bottom = length(p.offsetBottom);
    style.left = length(p.offsetStart);
    style.right = length(p.offsetEnd);
  } else if (p.offsetTop || p.offsetStart || p.offsetBottom || p.offsetEnd) {
    style.position = 'relative';
    style.top = length(p.offsetTop);
    style.left = length(p.offsetStart);
  }
  return style;
}

function tappable(action: LineAction | undefined) {
  const label = describeAction(action);
  return label ? { title: label, 'data-action': action?.type, className: 'lf-tap' } : { className: '' };
}

function Text({ c, layout }: { c: FlexText; layout: FlexBox['layout'] }) {
  const tap = tappable(c.action);
  const style: CSSProperties = {
    ...positioned(c, layout),
    fontSize: fontSize(c.size),
    color: colour(c.color) ?? DEFAULT_TEXT_COLOR,
    fontWeight: c.weight === 'bold' ? 700 : 400,
    fontStyle: c.style === 'italic' ? 'italic' : undefined,
    textDecoration: c.decoration && c.decoration !== 'none' ? c.decoration : undefined,
    textAlign: c.align === 'end' ? 'right' : c.align === 'center' ? 'center' : 'left',
    whiteSpace: c.wrap ? 'pre-wrap' : 'nowrap',
  };
  return (
    <p className={`lf-text ${c.wrap ? '' : 'nowrap'} ${tap.className}`} style={style} title={tap.title}>
      {c.contents?.length
        ? c.contents.map((s, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: spans of one text never reorder
              key={i}
              style={{
                fontSize: s.size ? fontSize(s.size) : undefined,
                color: colour(s.color),
                fontWeight: s.weight === 'bold' ? 700 : undefined,
                fontStyle: s.style === 'italic' ? 'italic' : undefined,
                textDecoration: s.decoration && s.decoration !== 'none' ? s.decoration : undefined,
              }}
            >
              {s.text}
            </span>
          ))
        : c.text}
    </p>
  );
}

function Image({ c, layout }: { c: FlexImage; layout: FlexBox['layout'] }) {
  const [broken, setBroken] = useState(false);
  const tap = tappable(c.action);
  const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(c.aspectRatio ?? '1:1');
  const ratio = m ? `${m[1]} / ${m[2]}` : '1 / 1';
  const size = c.size ?? 'md';
  const width = size === 'full' ? '100%' : size in IMAGE_SIZES ? `${IMAGE_SIZES[size]}px` : length(size, {});
  const safe = /^https?:\/\//i.test(c.url) && !/[{}]/.test(c.url);
  return (
    <div className={`lf-image-wrap ${tap.className}`} style={positioned(c, layout)} title={tap.title}>
      <div className="lf-image" style={{ width, maxWidth: '100%', aspectRatio: ratio }}>
        {safe && !broken ? (
          <img
            src={c.url}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            style={{ objectFit: c.aspectMode === 'fit' ? 'contain' : 'cover' }}
            onError={() => setBroken(true)}
          />
        ) : (
          <span className="lf-image-missing" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="28" height="28">
              <path
                fill="currentColor"
                d="M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2zM8.5 13.5l2.5 3 3.5-4.5 4.5 6H5l3.5-4.5z"
              />
            </svg>
          </span>
        )}
      </div>
    </div>
  );
}

function Component({ c, layout }: { c: FlexComponent; layout: FlexBox['layout'] }): ReactNode {
  switch (c.type) {
    case 'box':
      return <Box box={c} layout={layout} />;
    case 'text':
      return <Text c={c} layout={layout} />;
    case 'image':
      return <Image c={c} layout={layout} />;
    case 'separator':
      return (
        <hr
          className={`lf-separator ${layout === 'vertical' ? '' : 'vertical'}`}
          style={{
            borderColor: colour(c.color) ?? '#D4D6DA',
            ...(c.margin
              ? layout === 'vertical'
                ? { marginTop: length(c.margin) }
                : { marginLeft: length(c.margin) }
              : {}),
          }}
        />
      );
    case 'button': {
      const tap = tappable(c.action);
      const style = c.style ?? 'link';
      return (
        <span
          className={`lf-button ${style} ${c.height === 'sm' ? 'sm' : ''} ${tap.className}`}
          style={{
            ...positioned(c, layout),
            ...(style === 'link' ? { color: colour(c.color) } : { background: colour(c.color) }),
          }}
          title={tap.title}
        >
          {c.action.label ?? ''}
        </span>
      );
    }
    default:
      return null;
  }
}

function Box({
  box,
  layout,
  defaultPadding,
}: {
  box: FlexBox;
  layout?: FlexBox['layout'];
  defaultPadding?: string;
}) {
  const tap = tappable(box.action);
  const all = length(box.paddingAll) ?? defaultPadding;
  const style: CSSProperties = {
    ...(layout ? positioned(box, layout) : {}),
    flexDirection: box.layout === 'vertical' ? 'column' : 'row',
    alignItems: box.layout === 'baseline' ? 'baseline' : box.alignItems,
    justifyContent: box.justifyContent,
    gap: length(box.spacing),
    backgroundColor: colour(box.backgroundColor),
    borderRadius: length(box.cornerRadius),
    // Each side on its own: React clears a side left undefined after the shorthand, so paddingAll
    // alone (the button's box) would lose its padding.
    paddingTop: length(box.paddingTop) ?? all,
    paddingBottom: length(box.paddingBottom) ?? all,
    paddingLeft: length(box.paddingStart) ?? all,
    paddingRight: length(box.paddingEnd) ?? all,
    width: box.width,
  };
  return (
    <div className={`lf-box ${tap.className}`} style={style} title={tap.title}>
      {box.contents.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a rendered card never reorder
        <Component key={i} c={c} layout={box.layout} />
      ))}
    </div>
  );
}

export function Bubble({ bubble }: { bubble: FlexBubble }) {
  const width = BUBBLE_WIDTHS[bubble.size ?? 'mega'] ?? BUBBLE_WIDTHS.mega;
  return (
    <div className="lf-bubble" style={{ width }} data-size={bubble.size ?? 'mega'} data-testid="line-bubble">
      {bubble.header ? <Box box={bubble.header} defaultPadding="20px" /> : null}
      {bubble.hero ? (
        bubble.hero.type === 'box' ? (
          <Box box={bubble.hero} defaultPadding="0px" />
        ) : (
          <Component c={bubble.hero} layout="vertical" />
        )
      ) : null}
      {bubble.body ? <Box box={bubble.body} defaultPadding="20px" /> : null}
      {bubble.footer ? <Box box={bubble.footer} defaultPadding="10px" /> : null}
    </div>
  );
}

/** The width of the widest bubble, in px. */
function widest(contents: FlexBubble | FlexCarousel): number {
  const bubbles = contents.type === 'carousel' ? contents.contents : [contents];
  return Math.max(...bubbles.map((b) => BUBBLE_WIDTHS[b.size ?? 'mega'] ?? BUBBLE_WIDTHS.mega));
}

/**
 * How much to shrink a card so its widest bubble fits the width it is shown in (a Large, giga,
 * bubble is 500 px, wider than the editor's preview panel): 1 when it fits or cannot be measured.
 */
function useFitScale(contents: FlexBubble | FlexCarousel) {
  const ref = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setRoom(el.clientWidth || null);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const width = widest(contents);
  const scale = room && room < width ? Math.floor((room / width) * 1000) / 1000 : 1;
  return { ref, scale };
}

/** A bubble or a carousel (scrolls sideways like LINE's), shrunk to fit where it is shown. */
export function LineFlexPreview({ contents }: { contents: FlexBubble | FlexCarousel }) {
  const { ref, scale } = useFitScale(contents);
  const card =
    contents.type === 'carousel' ? (
      <div className="lf-carousel" data-testid="line-carousel">
        {contents.contents.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: bubbles are shown in their order
          <Bubble key={i} bubble={b} />
        ))}
      </div>
    ) : (
      <Bubble bubble={contents} />
    );
  return (
    <div className="lf-fit" ref={ref} data-scale={scale}>
      {/* zoom, unlike a transform, shrinks the space the card takes too. */}
      <div style={scale < 1 ? { zoom: scale } : undefined}>{card}</div>
    </div>
  );
}
