// One message's content: text (always as text, never HTML), image, video, file card, sticker,
// LINE-Flex-like cards and the widget's own cards.
import { lazy, Suspense } from 'react';
import { formatFileSize } from '../../core/format/numbers';
import type { MessageItem } from '../../core/models/message';
import { stickerUrl } from '../../core/widget/message';
import type { OnAction } from './actions';
import type { ChatMessage } from './conversation';
import { safeMediaUrl, safeUrl } from './links';
import type { Translate } from './texts';

const RichView = lazy(() => import('./RichView'));

/** A card, with its alt text shown while the card code loads. */
function Rich({ contents, altText, onAction }: { contents: unknown; altText: string; onAction: OnAction }) {
  return (
    <Suspense fallback={<p className="text">{altText}</p>}>
      <RichView contents={contents} onAction={onAction} />
    </Suspense>
  );
}

const isCard = (c: unknown) => {
  const type = (c as { type?: unknown } | null)?.type;
  return type === 'cards' || type === 'bubble' || type === 'carousel';
};

const extension = (name: string) => /\.([^./]+)$/.exec(name)?.[1]?.toUpperCase() ?? '';

function fileNameFromUrl(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || url;
  } catch {
    return url;
  }
}

export function FileCard({ name, size, url, t }: { name: string; size?: number; url: string; t: Translate }) {
  const href = safeUrl(url);
  return (
    <div className="file-card">
      <span className="file-icon" aria-hidden="true">
        {extension(name).slice(0, 4) || '📄'}
      </span>
      <span className="file-meta">
        {/* Cut to one line in the card: the whole name on hover. */}
        <strong title={name}>{name}</strong>
        <small>
          {[extension(name) || t('file'), size ? formatFileSize(size) : ''].filter(Boolean).join(' · ')}
        </small>
      </span>
      {href ? (
        <a className="file-download" href={href} target="_blank" rel="noopener noreferrer" download={name}>
          {t('download')}
        </a>
      ) : null}
    </div>
  );
}

function Item({ item, t, onAction }: { item: MessageItem; t: Translate; onAction: OnAction }) {
  switch (item.type) {
    case 'text':
      return <p className="text">{item.text}</p>;
    case 'image': {
      const src = safeMediaUrl(item.previewImageUrl || item.originalContentUrl);
      const full = safeMediaUrl(item.originalContentUrl) || src;
      return src ? (
        <a className="media" href={full} target="_blank" rel="noopener noreferrer">
          <img src={src} alt={t('image')} loading="lazy" />
        </a>
      ) : null;
    }
    case 'video': {
      const src = safeMediaUrl(item.originalContentUrl);
      return src ? (
        // biome-ignore lint/a11y/useMediaCaption: visitors' and agents' clips come without captions.
        <video
          className="media"
          src={src}
          poster={safeMediaUrl(item.previewImageUrl) || undefined}
          controls
          preload="metadata"
          aria-label={t('video')}
        />
      ) : null;
    }
    case 'file': {
      const url = item.originalContentUrl ?? item.file_path ?? '';
      return <FileCard name={item.fileName ?? fileNameFromUrl(url)} size={item.fileSize} url={url} t={t} />;
    }
    case 'sticker':
      return <img className="sticker" src={stickerUrl(item.stickerId)} alt="" loading="lazy" />;
    case 'flex':
      return isCard(item.contents) ? (
        <Rich contents={item.contents} altText={item.altText} onAction={onAction} />
      ) : (
        <p className="text">{item.altText}</p>
      );
    case 'quickreply':
      return item.text ? <p className="text">{item.text}</p> : null;
    default: {
      // The widget card format may also arrive as an item of its own.
      const other = item as { type: string; altText?: string };
      return other.type === 'cards' ? (
        <Rich contents={other} altText={other.altText ?? ''} onAction={onAction} />
      ) : null;
    }
  }
}

export function MessageView({
  message,
  t,
  onAction,
}: {
  message: ChatMessage;
  t: Translate;
  onAction: OnAction;
}) {
  const items = message.items?.length
    ? message.items
    : [{ type: 'text', text: message.message } as MessageItem];
  return (
    <>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items of one message never reorder.
        <Item key={i} item={item} t={t} onAction={onAction} />
      ))}
    </>
  );
}
