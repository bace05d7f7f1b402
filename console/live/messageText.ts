// A one-line preview of a message's items, as plain text (never HTML).
import type { Message } from '../../core/models/message';

export function messagePreview(message: Pick<Message, 'messages_sent'>, t: (key: string) => string): string {
  return (message.messages_sent ?? [])
    .map((item) => {
      switch (item.type) {
        case 'text':
          return item.text;
        case 'file':
          return item.fileName ?? t('live.item.file');
        case 'flex':
          return item.altText;
        case 'quickreply':
          return item.text ?? t('live.item.quickreply');
        default:
          return t(`live.item.${item.type}`);
      }
    })
    .filter(Boolean)
    .join(' ');
}
