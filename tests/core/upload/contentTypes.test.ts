// core/upload/contentTypes: every allowed extension of spec 5 has one content type, and a picked
// file's category follows its name when the browser reports another type or none.
import { describe, expect, it } from 'vitest';
import {
  CONTENT_TYPE_BY_EXTENSION,
  categoryOfFile,
  contentTypeForName,
  effectiveContentType,
  extensionForContentType,
} from '../../../core/upload/contentTypes';
import { ALLOWED_EXTENSIONS } from '../../../core/upload/fileTypes';

describe('content types of the allowed extensions (spec 5)', () => {
  it('covers exactly the allowed list', () => {
    expect(Object.keys(CONTENT_TYPE_BY_EXTENSION).sort()).toEqual([...ALLOWED_EXTENSIONS].sort());
  });

  it.each([
    ['clip.MKV', '', 'video/x-matroska', 'video'],
    ['list.csv', 'application/vnd.ms-excel', 'text/csv', 'file'],
    ['logo.ai', '', 'application/postscript', 'file'],
    ['song.mp3', 'audio/mpeg', 'audio/mpeg', 'file'],
    ['photo.jpeg', 'image/jpeg', 'image/jpeg', 'image'],
    ['setup.exe', 'application/x-msdownload', 'application/x-msdownload', 'file'],
    ['noext', 'image/png', 'image/png', 'image'],
  ] as const)('%s reported as %j is %s (%s)', (name, type, contentType, category) => {
    expect(effectiveContentType({ name, type })).toBe(contentType);
    expect(categoryOfFile({ name, type })).toBe(category);
  });

  it('knows nothing of names outside the list, or of non-strings', () => {
    expect(contentTypeForName('a.exe')).toBe('');
    expect(contentTypeForName('a.constructor')).toBe('');
    expect(contentTypeForName(undefined)).toBe('');
  });

  it.each([
    ['image/jpeg', 'jpg'],
    ['IMAGE/PNG; charset=binary', 'png'],
    ['audio/x-m4a', 'm4a'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['application/zip', ''],
    ['', ''],
    [null, ''],
  ])('the content type %j stands for the extension %j', (type, extension) => {
    expect(extensionForContentType(type)).toBe(extension);
  });
});
