// The widget's own card format (core/template/widgetCard.ts): cards of ordered parts.
import type { CSSProperties } from 'react';
import type {
  WidgetButton,
  WidgetCardMessage,
  WidgetImage,
  WidgetPadding,
  WidgetPart,
  WidgetText,
} from '../../core/template/widgetCard';
import type { OnAction } from './actions';
import { tap } from './Flex';
import { safeMediaUrl } from './links';

const SIZES: Record<string, number> = { xxs: 11, xs: 12, sm: 13, md: 14, lg: 16, xl: 18, xxl: 21, '3xl': 24 };

const pad = (p: WidgetPadding): CSSProperties => ({
  padding: `${p.top}px ${p.end}px ${p.bottom}px ${p.start}px`,
});

function textStyle(t: WidgetText): CSSProperties {
  return {
    fontSize: SIZES[t.size ?? 'md'] ?? 14,
    fontWeight: t.weight === 'bold' ? 700 : undefined,
    color: t.color,
    textAlign: t.align === 'end' ? 'right' : t.align === 'center' ? 'center' : undefined,
    fontStyle: t.style,
    textDecoration: t.decoration,
  };
}

function Text({ t, onAction }: { t: WidgetText; onAction: OnAction }) {
  return (
    <p className="fx-text" style={textStyle(t)} {...tap(onAction, t.action)}>
      {t.text}
    </p>
  );
}

function Image({ image, onAction, width }: { image: WidgetImage; onAction: OnAction; width?: number }) {
  const url = safeMediaUrl(image.url);
  if (!url) return null;
  return (
    <img
      className="fx-img"
      src={url}
      alt=""
      loading="lazy"
      style={{
        aspectRatio: image.aspectRatio.replace(':', ' / '),
        objectFit: image.fit === 'fit' ? 'contain' : 'cover',
        width: width ? `${width}%` : undefined,
      }}
      {...tap(onAction, image.action)}
    />
  );
}

function Button({ button, onAction }: { button: WidgetButton; onAction: OnAction }) {
  return (
    <button
      type="button"
      className="fx-btn secondary"
      style={{ color: button.color, background: button.backgroundColor }}
      onClick={() => button.action && onAction(button.action)}
    >
      {button.label}
    </button>
  );
}

function Part({ part, onAction }: { part: WidgetPart; onAction: OnAction }) {
  switch (part.kind) {
    case 'text':
      return (
        <div
          style={{ ...pad(part.padding), background: part.backgroundColor }}
          {...tap(onAction, part.action)}
        >
          {part.texts.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder.
            <Text key={i} t={t} onAction={onAction} />
          ))}
        </div>
      );
    case 'columns':
      return (
        <div className="card-cols" style={{ ...pad(part.padding), background: part.backgroundColor }}>
          {part.columns.map((col, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder.
            <div key={i}>
              {col.map((t, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder.
                <Text key={j} t={t} onAction={onAction} />
              ))}
            </div>
          ))}
        </div>
      );
    case 'image':
      return (
        <div className="card-image" style={pad(part.padding)}>
          <Image image={part.image} onAction={onAction} />
          {part.caption ? (
            <p
              className="card-caption"
              style={{ ...textStyle(part.caption), background: part.caption.backgroundColor }}
            >
              {part.caption.text}
            </p>
          ) : null}
        </div>
      );
    case 'button':
      return (
        <div style={pad(part.padding)}>
          <Button button={part.button} onAction={onAction} />
        </div>
      );
    case 'imageRow':
      return (
        <div className="card-row" style={pad(part.padding)}>
          <div style={{ flex: part.grid[0] }}>
            <Image image={part.image} width={part.image.widthPercent} onAction={onAction} />
          </div>
          <div style={{ flex: part.grid[1] }}>
            {part.texts.map((t, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder.
              <Text key={i} t={t} onAction={onAction} />
            ))}
            {part.button ? <Button button={part.button} onAction={onAction} /> : null}
          </div>
        </div>
      );
    case 'separator':
      return (
        <div style={pad(part.padding)}>
          <hr className="fx-sep" style={{ borderColor: part.color }} />
        </div>
      );
    case 'label':
      return (
        <p
          className={`card-label ${part.placement}`}
          style={{ ...textStyle(part.label), background: part.label.backgroundColor }}
          {...tap(onAction, part.label.action)}
        >
          {part.label.text}
        </p>
      );
    default:
      return null;
  }
}

export function CardsView({ message, onAction }: { message: WidgetCardMessage; onAction: OnAction }) {
  return (
    <div className="fx-carousel">
      {message.cards.map((card, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cards of one message never reorder.
        <div key={i} className={`fx-bubble card ${message.size === 'giga' ? 'giga' : 'mega'}`}>
          {card.parts.map((part, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder.
            <Part key={j} part={part} onAction={onAction} />
          ))}
        </div>
      ))}
    </div>
  );
}
