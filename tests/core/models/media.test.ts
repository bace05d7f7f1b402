import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  FileInfo,
  folderFromWire,
  MEDIA_DEFAULT_SORT,
  MEDIA_PAGE_SIZE,
  MediaFile,
  mediaFileAddress,
  mediaFilePath,
} from '../../../core/models/media';

describe('spec 3, 7, 9: media', () => {
  it('file defaults', () => {
    const f = create(
      { id: '1', name: 'a.png', url: 'u', type: 'image/png', extension: 'png', size: 10 },
      MediaFile,
    );
    expect(f).toMatchObject({ isSelected: false, isImage: false, isVideo: false, isDoc: false });
  });
  it('spec 7: the folder list wire shape (folderId, folderame, is_default, subfolders) becomes a folder', () => {
    expect(
      folderFromWire({
        folderId: 'a',
        folderame: 'Root',
        is_default: true,
        subfolders: [{ folderId: 'b', folderame: 'Sub', is_default: false }],
      }),
    ).toEqual({
      id: 'a',
      name: 'Root',
      isDefault: true,
      isEdit: false,
      subfolders: [{ id: 'b', name: 'Sub', isDefault: false, isEdit: false, subfolders: [] }],
    });
  });
  it('file info category is image, video or file', () => {
    expect(() =>
      create(
        { tempId: 't', extension: 'png', size: 1, type: 'image/png', name: 'a', category: 'image' },
        FileInfo,
      ),
    ).not.toThrow();
    expect(() =>
      create(
        { tempId: 't', extension: 'png', size: 1, type: 'image/png', name: 'a', category: 'audio' },
        FileInfo,
      ),
    ).toThrow();
  });
  it('spec 9: page size 300, newest first', () => {
    expect(MEDIA_PAGE_SIZE).toBe(300);
    expect(MEDIA_DEFAULT_SORT).toEqual({ sortField: 'createdDate', sortAsc: false });
  });

  const ID = 'abcdefghij0123456789';
  it('a stored file is at /media/{id}/{name}, the name encoded', () => {
    expect(mediaFilePath(ID, 'a b#.png')).toBe(`/media/${ID}/a%20b%23.png`);
  });
  it.each([
    [`/media/${ID}/a.png`, { origin: null, id: ID, name: 'a.png' }],
    [
      `https://chat.example/media/${ID}/a%20b.pdf`,
      { origin: 'https://chat.example', id: ID, name: 'a%20b.pdf' },
    ],
    [`/media/thumbs/${ID}.webp`, null],
    [`/media/${ID}/a.png?x=1`, null],
    [`/media/${ID.slice(1)}/a.png`, null],
    ['https://cdn.example/a.png', null],
    [42, null],
  ])('the parts of %s', (url, parts) => {
    expect(mediaFileAddress(url)).toEqual(parts);
  });
});
