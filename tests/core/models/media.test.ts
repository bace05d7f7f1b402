import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  FileInfo,
  folderFromWire,
  MEDIA_DEFAULT_SORT,
  MEDIA_PAGE_SIZE,
  MediaFile,
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
});
