// How the other channels get the template (issue 6): Messenger and Instagram templates, the web
// widget's cards and WeChat's news or text, each drawn plainly — or the reasons it cannot go.
import type { ReactNode } from 'react';
import type { MetaButton, MetaMessage } from '../../core/template/messenger';
import type { WeChatMessage } from '../../core/template/wechat';
import type { WidgetCardMessage, WidgetPart, WidgetText } from '../../core/template/widgetCard';
import { t } from '../app/i18n';

const safeImage = (url: string | undefined) =>
  url && /^https?:\/\//i.test(url) && !/[{}]/.test(url) ? url : null;

function Picture({ url, ratio = '1.91 / 1' }: { url?: string; ratio?: string }) {
  const src = safeImage(url);
  return (
    <div className="ch-picture" style={{ aspectRatio: ratio }}>
      {src ? (
        <img src={src} alt="" referrerPolicy="no-referrer" onError={(e) => e.currentTarget.remove()} />
      ) : null}
    </div>
  );
}

function MetaButtons({ buttons }: { buttons?: MetaButton[] }) {
  if (!buttons?.length) return null;
  return (
    <div className="ch-buttons">
      {buttons.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: buttons of one card never reorder
        <span key={i} className="ch-button" title={'url' in b ? b.url : b.payload}>
          {b.title}
        </span>
      ))}
    </div>
  );
}

export function MetaView({ message }: { message: MetaMessage }) {
  if ('text' in message) return <p className="ch-text">{message.text}</p>;
  const { attachment } = message;
  if (attachment.type === 'image') return <Picture url={attachment.payload.url} ratio="auto" />;
  const payload = attachment.payload;
  if (payload.template_type === 'button')
    return (
      <div className="ch-card">
        <p className="ch-text">{payload.text}</p>
        <MetaButtons buttons={payload.buttons} />
      </div>
    );
  if (payload.template_type === 'media')
    return (
      <div className="ch-card">
        <Picture url={payload.elements[0].url} ratio="1 / 1" />
        <MetaButtons buttons={payload.elements[0].buttons} />
      </div>
    );
  return (
    <div className="ch-row">
      {payload.elements.map((el, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: elements of one carousel never reorder
        <div key={i} className="ch-card">
          {el.image_url ? <Picture url={el.image_url} /> : null}
          <div className="ch-card-text">
            <strong>{el.title}</strong>
            {el.subtitle ? <span>{el.subtitle}</span> : null}
          </div>
          <MetaButtons buttons={el.buttons} />
        </div>
      ))}
    </div>
  );
}

function WidgetTexts({ texts }: { texts: WidgetText[] }) {
  return (
    <>
      {texts.map((x, i) => (
        <p
          // biome-ignore lint/suspicious/noArrayIndexKey: texts of one part never reorder
          key={i}
          className="ch-text"
          style={{
            color: x.color,
            fontWeight: x.weight === 'bold' ? 700 : undefined,
            textAlign: x.align === 'end' ? 'right' : x.align === 'center' ? 'center' : undefined,
          }}
        >
          {x.text}
        </p>
      ))}
    </>
  );
}

function WidgetPartView({ part }: { part: WidgetPart }): ReactNode {
  switch (part.kind) {
    case 'text':
      return (
        <div className="ch-part" style={{ background: part.backgroundColor }}>
          <WidgetTexts texts={part.texts} />
        </div>
      );
    case 'columns':
      return (
        <div className="ch-part ch-columns" style={{ background: part.backgroundColor }}>
          {part.columns.map((col, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns never reorder
            <div key={i}>
              <WidgetTexts texts={col} />
            </div>
          ))}
        </div>
      );
    case 'image':
      return <Picture url={part.image.url} ratio={part.image.aspectRatio.replace(':', ' / ')} />;
    case 'button':
      return (
        <div className="ch-part">
          <span
            className="ch-button"
            style={{ color: part.button.color, background: part.button.backgroundColor }}
          >
            {part.button.label}
          </span>
        </div>
      );
    case 'imageRow':
      return (
        <div className="ch-part ch-columns">
          <Picture url={part.image.url} ratio={part.image.aspectRatio.replace(':', ' / ')} />
          <div>
            <WidgetTexts texts={part.texts} />
            {part.button ? <span className="ch-button">{part.button.label}</span> : null}
          </div>
        </div>
      );
    case 'separator':
      return <hr className="ch-separator" style={{ borderColor: part.color }} />;
    case 'label':
      return (
        <div className="ch-part">
          <span
            className="ch-label"
            style={{ background: part.label.backgroundColor, color: part.label.color }}
          >
            {part.label.text}
          </span>
        </div>
      );
  }
}

export function WidgetView({ message }: { message: WidgetCardMessage }) {
  return (
    <div className="ch-row">
      {message.cards.map((card, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cards never reorder
        <div key={i} className="ch-card widget">
          {card.parts.map((part, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
            <WidgetPartView key={j} part={part} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function WeChatView({ messages }: { messages: WeChatMessage[] }) {
  return (
    <div className="ch-stack">
      {messages.map((m, i) =>
        m.msgtype === 'news' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages are sent in this order
          <div key={i} className="ch-card">
            <Picture url={m.news.articles[0].picurl} />
            <div className="ch-card-text">
              <strong>{m.news.articles[0].title}</strong>
              <span>{m.news.articles[0].description}</span>
            </div>
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages are sent in this order
          <p key={i} className="ch-text ch-bubble">
            {m.text.content}
          </p>
        ),
      )}
      <p className="tpl-hint">{t('templates.preview.wechatNote', { n: messages.length })}</p>
    </div>
  );
}
