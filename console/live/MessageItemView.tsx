// Every message item type of spec 3: text, image, video, sticker, file card with Download,
// flex/template preview, quick replies, and LINE's location and image map messages. Customer text
// is a React text node, never HTML.
import { useState } from 'react';
import { safeMediaUrl, stickerImageUrl } from '../../core/chat/mediaUrl';
import { formatFileSize } from '../../core/format/numbers';
import type { MessageItem } from '../../core/models/message';
import { extensionOf } from '../../core/upload/fileTypes';
import { t } from '../app/i18n';
import { FlexPreview } from './FlexPreview';
import { type ImagemapItemView, ImagemapView, LocationCard, type LocationItemView } from './LineItems';
import { lightbox, media, messages } from './state';

function openImage(url: string) {
  const fromMedia = media.value.filter((m) => m.type === 'image').map((m) => ({ url: m.url, name: m.name }));
  const fromMessages = messages.value.flatMap((m) =>
    (m.messages_sent ?? []).flatMap((i) => {
      const u = i.type === 'image' ? safeMediaUrl(i.originalContentUrl ?? i.previewImageUrl) : null;
      return u ? [{ url: u, name: null }] : [];
    }),
  );
  const seen = new Set<string>();
  const sources = [...fromMedia, ...fromMessages].filter((s) => (seen.has(s.url) ? false : seen.add(s.url)));
  const index = sources.findIndex((s) => s.url === url);
  lightbox.value = index >= 0 ? { sources, index } : { sources: [{ url, name: null }], index: 0 };
}

function quickReplyLabels(items: unknown[]): string[] {
  return items
    .map((raw) => {
      const item = raw as {
        action?: { label?: unknown; text?: unknown };
        label?: unknown;
        text?: unknown;
      } | null;
      const label = item?.action?.label ?? item?.label ?? item?.action?.text ?? item?.text;
      return typeof label === 'string' ? label : '';
    })
    .filter(Boolean);
}

/** A sticker image; where LINE's image cannot load, a labelled placeholder instead of a broken icon. */
function Sticker({ stickerId }: { stickerId: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <span className="item-sticker missing">{t('live.item.sticker')}</span>;
  return (
    <img
      className="item-sticker"
      src={stickerImageUrl(stickerId)}
      alt={t('live.item.sticker')}
      width={120}
      height={120}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}

export function MessageItemView({ item, incoming }: { item: MessageItem; incoming: boolean }) {
  switch (item.type) {
    case 'text':
      return <p className={`item-text bubble ${incoming ? 'in' : 'out'}`}>{item.text}</p>;
    case 'image': {
      const full = safeMediaUrl(item.originalContentUrl ?? item.file_path);
      const preview = safeMediaUrl(item.previewImageUrl) ?? full;
      if (!preview) return <p className="item-missing muted">{t('live.item.image')}</p>;
      return (
        <button
          type="button"
          className="item-image"
          onClick={() => openImage(full ?? preview)}
          aria-label={t('live.openImage')}
        >
          <img src={preview} alt={t('live.item.image')} loading="lazy" />
        </button>
      );
    }
    case 'video': {
      const src = safeMediaUrl(item.originalContentUrl ?? item.file_path);
      if (!src) return <p className="item-missing muted">{t('live.item.video')}</p>;
      return (
        // biome-ignore lint/a11y/useMediaCaption: customer videos come without captions
        <video
          className="item-video"
          controls
          preload="metadata"
          src={src}
          poster={safeMediaUrl(item.previewImageUrl) ?? undefined}
        />
      );
    }
    case 'sticker':
      return <Sticker stickerId={item.stickerId} />;
    case 'file': {
      const href = safeMediaUrl(item.originalContentUrl ?? item.file_path);
      const name = item.fileName ?? t('live.item.file');
      const ext = extensionOf(name).toUpperCase();
      return (
        <div className="item-file" data-testid="file-card">
          <span className="file-icon" aria-hidden="true">
            {ext.slice(0, 4) || 'FILE'}
          </span>
          <span className="file-info">
            <span className="file-name">{name}</span>
            <span className="muted">
              {[
                ext || t('live.item.file'),
                typeof item.fileSize === 'number' ? formatFileSize(item.fileSize) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </span>
          {href ? (
            <a
              className="action-button"
              href={href}
              download={name}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('live.download')}
            </a>
          ) : null}
        </div>
      );
    }
    case 'flex':
      return <FlexPreview altText={item.altText} contents={item.contents} />;
    case 'quickreply': {
      const labels = quickReplyLabels(item.items ?? []);
      return (
        <div className="item-quickreply">
          {item.text ? <p className={`item-text bubble ${incoming ? 'in' : 'out'}`}>{item.text}</p> : null}
          <div className="quick-replies">
            {labels.map((label, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; order is fixed
              <span key={i} className="quick-reply-chip">
                {label}
              </span>
            ))}
          </div>
        </div>
      );
    }
    default: {
      // LINE-only items (location, imagemap) are stored as LINE has them, outside MessageItem's union.
      const other = item as unknown as { type: string };
      if (other.type === 'location') return <LocationCard item={other as LocationItemView} />;
      if (other.type === 'imagemap') return <ImagemapView item={other as ImagemapItemView} />;
      return <p className="item-missing muted">{t('live.item.unknown')}</p>;
    }
  }
}
