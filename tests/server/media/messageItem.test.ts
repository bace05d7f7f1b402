// fileItem(): the one message item (spec 3) for a stored file, whoever sent it; videos carry
// tracking id '-' (spec 9); previews are the library's thumbnails.
import { describe, expect, it } from 'vitest';
import { fileItem } from '../../../server/media/messageItem';
import { fileToWire } from '../../../server/media/wire';

const ID = 'abcdefghij0123456789';
const row = (category: 'image' | 'video' | 'file', name: string, thumbnailKey: string | null) =>
  fileToWire(
    {
      id: ID,
      accountId: 'acc',
      folderId: 'folder',
      name,
      storageKey: `files/acc/${ID}`,
      contentType: 'x/y',
      extension: 'x',
      category,
      size: 1234,
      width: null,
      height: null,
      thumbnailKey,
      createdBy: null,
      expiresAt: null,
      createdAt: new Date(0),
    },
    'https://chat.example',
  );

describe('fileItem', () => {
  it.each([
    [
      row('image', 'a b.png', 'thumbs/acc/x.webp'),
      {
        type: 'image',
        file_path: `/media/${ID}/a%20b.png`,
        originalContentUrl: `https://chat.example/media/${ID}/a%20b.png`,
        previewImageUrl: `https://chat.example/media/thumbs/${ID}.webp`,
      },
    ],
    [
      row('image', 'plain.png', null),
      {
        type: 'image',
        file_path: `/media/${ID}/plain.png`,
        originalContentUrl: `https://chat.example/media/${ID}/plain.png`,
        previewImageUrl: `https://chat.example/media/${ID}/plain.png`,
      },
    ],
    [
      row('video', 'clip.mp4', null),
      {
        type: 'video',
        trackingId: '-',
        file_path: `/media/${ID}/clip.mp4`,
        originalContentUrl: `https://chat.example/media/${ID}/clip.mp4`,
      },
    ],
    [
      row('file', 'quote.pdf', null),
      {
        type: 'file',
        fileName: 'quote.pdf',
        fileSize: 1234,
        file_path: `/media/${ID}/quote.pdf`,
        originalContentUrl: `https://chat.example/media/${ID}/quote.pdf`,
      },
    ],
  ])('%#: %o', (file, item) => {
    expect(fileItem(file)).toEqual(item);
  });
});
