// The chat message item (spec 3) that shows a stored file, the same whoever sent it: an agent,
// a customer on a channel or a widget visitor. file_path is the stable path, originalContentUrl
// the absolute address, previews the library's thumbnails; videos carry tracking id '-' (spec 9).
import type { MessageItem } from '../../core/models/message';
import { filePath, type MediaFileWire } from './wire';

export function fileItem(file: MediaFileWire): MessageItem {
  const path = filePath(file.id, file.name);
  const url = file.url;
  switch (file.category) {
    case 'image':
      return {
        type: 'image',
        file_path: path,
        originalContentUrl: url,
        previewImageUrl: file.thumbnailUrl ?? url,
      };
    case 'video':
      return {
        type: 'video',
        trackingId: '-',
        file_path: path,
        originalContentUrl: url,
        ...(file.thumbnailVideoImageUrl ? { previewImageUrl: file.thumbnailVideoImageUrl } : {}),
      };
    default:
      return {
        type: 'file',
        fileName: file.name,
        fileSize: file.size,
        file_path: path,
        originalContentUrl: url,
      };
  }
}
