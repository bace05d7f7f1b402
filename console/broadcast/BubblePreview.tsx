// A broadcast's bubbles as a chat shows them, roughly: texts, pictures, a video with its
// preview, a file card, a sticker, and named cards for templates, buttons and places.
import type { ReplyItem } from '../../core/automation/replyMessage';
import { stickerImageUrl } from '../../core/chat/mediaUrl';
import { t } from '../app/i18n';

function Bubble({ item, templateName }: { item: ReplyItem; templateName: (id: string) => string }) {
  switch (item.type) {
    case 'text':
      return <p className="bc-bubble text">{item.text?.trim() || t('broadcast.preview.emptyText')}</p>;
    case 'image':
      return item.image ? (
        <img className="bc-bubble media" src={item.image} alt="" />
      ) : (
        <p className="bc-bubble placeholder">{t('automation.types.image')}</p>
      );
    case 'video':
      return (
        <div className="bc-bubble media video">
          {item.image ? <img src={item.image} alt="" /> : null}
          <span aria-hidden="true">▶</span>
          <span className="visually-hidden">{t('automation.types.video')}</span>
        </div>
      );
    case 'file':
      return (
        <p className="bc-bubble file">
          📄{' '}
          {item.fileName ||
            decodeURIComponent(item.originalContentUrl?.split('/').pop() ?? '') ||
            t('automation.types.file')}
        </p>
      );
    case 'sticker':
      return item.stickerId ? (
        <img
          className="bc-bubble sticker"
          src={stickerImageUrl(item.stickerId)}
          alt={t('automation.types.sticker')}
        />
      ) : (
        <p className="bc-bubble placeholder">{t('automation.types.sticker')}</p>
      );
    case 'button':
      return (
        <div className="bc-bubble card">
          {item.title ? <strong>{item.title}</strong> : null}
          <p>{item.text}</p>
          {(item.actions ?? []).map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered here
            <span key={i} className="bc-card-button">
              {a.buttonName || '…'}
            </span>
          ))}
        </div>
      );
    default: {
      const names = (item.bubbleIds ?? []).map(templateName);
      return (
        <div className="bc-bubble card">
          <strong>{t(`automation.types.${item.type}`)}</strong>
          <p>{names.length ? names.join(', ') : t('broadcast.preview.noTemplate')}</p>
        </div>
      );
    }
  }
}

export function BubblePreview({
  items,
  templateName = (id) => id,
}: {
  items: ReplyItem[];
  templateName?: (id: string) => string;
}) {
  return (
    <div className="bc-phone" data-testid="broadcast-preview">
      {items.length === 0 ? <p className="bc-hint">{t('broadcast.preview.empty')}</p> : null}
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: bubbles are shown by position
        <Bubble key={i} item={item} templateName={templateName} />
      ))}
    </div>
  );
}
