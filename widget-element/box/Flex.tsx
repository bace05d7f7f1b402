// LINE-Flex-like cards (bubble, carousel) drawn with plain elements: the subset core/template emits.
import type { CSSProperties, ReactNode } from 'react';
import type { FlexBox, FlexBubble, FlexComponent, FlexMessage } from '../../core/template/flexTypes';
import type { OnAction, TapAction } from './actions';
import { safeMediaUrl } from './links';

const SIZES: Record<string, number> = {
  xxs: 11,
  xs: 12,
  sm: 13,
  md: 14,
  lg: 16,
  xl: 18,
  xxl: 21,
  '3xl': 24,
  '4xl': 28,
  '5xl': 32,
};
const SPACE: Record<string, number> = { none: 0, xs: 2, sm: 4, md: 8, lg: 12, xl: 16, xxl: 20 };
const px = (v: string | undefined, map = SPACE) => (v === undefined ? undefined : (map[v] ?? v));

function ratio(value: string | undefined): string | undefined {
  const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(value ?? '');
  return m ? `${m[1]} / ${m[2]}` : undefined;
}

/** A tappable text, image or box: a button for the keyboard and screen readers too. */
export function tap(onAction: OnAction, action: TapAction | undefined) {
  if (!action) return {};
  return {
    role: 'button',
    tabIndex: 0,
    onClick: () => onAction(action),
    onKeyDown: (e: { key: string }) => {
      if (e.key === 'Enter') onAction(action);
    },
  };
}

/** LINE's position and offsets (labels and captions laid over a card), relative to the parent box. */
function placed(component: FlexComponent): CSSProperties {
  const c = component as Pick<
    FlexBox,
    'position' | 'offsetTop' | 'offsetBottom' | 'offsetStart' | 'offsetEnd'
  >;
  const offsets = {
    top: px(c.offsetTop),
    bottom: px(c.offsetBottom),
    left: px(c.offsetStart),
    right: px(c.offsetEnd),
  };
  if (c.position !== 'absolute' && Object.values(offsets).every((v) => v === undefined)) return {};
  return defined({ position: c.position === 'absolute' ? 'absolute' : 'relative', ...offsets });
}

function Component({ c, onAction }: { c: FlexComponent; onAction: OnAction }): ReactNode {
  const flex = 'flex' in c && c.flex !== undefined ? { flex: c.flex } : {};
  const margin = { ...('margin' in c && c.margin ? { marginTop: px(c.margin) } : {}), ...placed(c) };
  switch (c.type) {
    case 'box':
      return <Box box={c} onAction={onAction} />;
    case 'text': {
      const style: CSSProperties = {
        ...flex,
        ...margin,
        fontSize: px(c.size, SIZES) ?? 14,
        color: c.color,
        fontWeight: c.weight === 'bold' ? 700 : undefined,
        fontStyle: c.style,
        textDecoration: c.decoration,
        textAlign: c.align === 'end' ? 'right' : c.align === 'center' ? 'center' : undefined,
        whiteSpace: c.wrap ? 'pre-wrap' : undefined,
      };
      return (
        <p className="fx-text" style={style} {...tap(onAction, c.action)}>
          {c.contents?.length
            ? c.contents.map((s, i) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: spans of one text never reorder.
                  key={i}
                  style={{
                    fontSize: px(s.size, SIZES),
                    color: s.color,
                    fontWeight: s.weight === 'bold' ? 700 : s.weight === 'regular' ? 400 : undefined,
                    fontStyle: s.style,
                    textDecoration: s.decoration,
                  }}
                >
                  {s.text}
                </span>
              ))
            : c.text}
        </p>
      );
    }
    case 'image': {
      const url = safeMediaUrl(c.url);
      return url ? (
        <img
          className="fx-img"
          src={url}
          alt=""
          loading="lazy"
          style={{
            ...flex,
            ...margin,
            aspectRatio: ratio(c.aspectRatio),
            objectFit: c.aspectMode === 'fit' ? 'contain' : 'cover',
          }}
          {...tap(onAction, c.action)}
        />
      ) : null;
    }
    case 'button':
      return (
        <button
          type="button"
          className={`fx-btn ${c.style ?? 'link'}`}
          style={{
            ...flex,
            ...margin,
            ...(c.style === 'primary' ? { background: c.color } : { color: c.color }),
          }}
          onClick={() => onAction(c.action)}
        >
          {c.action.label ?? ''}
        </button>
      );
    case 'separator':
      return <hr className="fx-sep" style={{ ...margin, borderColor: c.color }} />;
    default:
      return null;
  }
}

/** React clears a longhand given as undefined (paddingTop: ''), which would undo a shorthand before it. */
const defined = (style: CSSProperties): CSSProperties =>
  Object.fromEntries(Object.entries(style).filter(([, v]) => v !== undefined)) as CSSProperties;

function Box({ box, onAction }: { box: FlexBox; onAction: OnAction }) {
  const style: CSSProperties = {
    flexDirection: box.layout === 'vertical' ? 'column' : 'row',
    alignItems: box.layout === 'baseline' ? 'baseline' : box.alignItems,
    justifyContent: box.justifyContent,
    gap: px(box.spacing),
    background: box.backgroundColor,
    borderRadius: box.cornerRadius,
    padding: px(box.paddingAll),
    paddingTop: px(box.paddingTop),
    paddingBottom: px(box.paddingBottom),
    paddingLeft: px(box.paddingStart),
    paddingRight: px(box.paddingEnd),
    marginTop: px(box.margin),
    flex: box.flex,
    width: box.width,
    ...placed(box),
  };
  return (
    <div className="fx-box" style={defined(style)} {...tap(onAction, box.action)}>
      {box.contents.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: card parts have no ids and never reorder.
        <Component key={i} c={c} onAction={onAction} />
      ))}
    </div>
  );
}

function Bubble({ b, onAction }: { b: FlexBubble; onAction: OnAction }) {
  return (
    <div className={`fx-bubble ${b.size ?? 'mega'}`}>
      {b.header ? <Box box={b.header} onAction={onAction} /> : null}
      {b.hero ? <Component c={b.hero} onAction={onAction} /> : null}
      {b.body ? <Box box={{ paddingAll: 'lg', ...b.body }} onAction={onAction} /> : null}
      {b.footer ? <Box box={{ paddingAll: 'md', ...b.footer }} onAction={onAction} /> : null}
    </div>
  );
}

export function FlexView({ contents, onAction }: { contents: FlexMessage['contents']; onAction: OnAction }) {
  if (contents.type === 'carousel')
    return (
      <div className="fx-carousel">
        {contents.contents.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: bubbles of one message never reorder.
          <Bubble key={i} b={b} onAction={onAction} />
        ))}
      </div>
    );
  return <Bubble b={contents} onAction={onAction} />;
}
