import { describe, expect, it } from 'vitest';
import {
  ALLOWED_EXTENSIONS,
  CHAT_REFUSED_EXTENSION_PARTS,
  extensionOf,
  isAllowedType,
  isRefusedInChat,
} from '../../../core/upload/fileTypes';

describe('spec 5: the allowed type list', () => {
  it('is exactly the spec list', () => {
    expect([...ALLOWED_EXTENSIONS]).toEqual(
      'jpg jpeg gif png svg avi mov mkv mp4 mp3 mid m4a pdf doc docx xls xlsx ppt pptx csv ai'.split(' '),
    );
  });
  it.each(ALLOWED_EXTENSIONS.map((e) => [e]))('spec 5: .%s is allowed', (ext) => {
    expect(isAllowedType({ name: `f.${ext}`, type: '' })).toBe(true);
    expect(isAllowedType({ name: `F.${ext.toUpperCase()}`, type: '' })).toBe(true);
  });
  it.each([
    ['f.exe', 'application/x-msdownload', false],
    ['f.zip', 'application/zip', false],
    ['f.webp', 'image/webp', false],
    ['noext', 'image/png', false],
    ['noext', '', false],
    ['f.', '', false],
  ])('default list: %s (%s) → %s', (name, type, ok) => expect(isAllowedType({ name, type })).toBe(ok));
  it('matches on content type when the list holds content types', () => {
    expect(isAllowedType({ name: 'blob', type: 'image/png' }, ['image/png'])).toBe(true);
    expect(isAllowedType({ name: 'blob', type: 'image/gif' }, ['image/*'])).toBe(true);
    expect(isAllowedType({ name: 'blob', type: 'video/mp4' }, ['image/*'])).toBe(false);
    expect(isAllowedType({ name: 'a.PNG', type: '' }, ['.png'])).toBe(true);
  });
  it('never throws on odd input', () => {
    expect(isAllowedType(null as never)).toBe(false);
    expect(isAllowedType({ name: 5, type: 7 } as never)).toBe(false);
  });
});

describe('spec 5: in chat, extensions containing zip, exe, gif or jfif are always refused', () => {
  it('parts are the spec list', () =>
    expect([...CHAT_REFUSED_EXTENSION_PARTS]).toEqual(['zip', 'exe', 'gif', 'jfif']));
  it.each([
    ['a.zip', '', true],
    ['a.7zip', '', true],
    ['a.gzip', '', true],
    ['a.exe', '', true],
    ['a.EXE', '', true],
    ['a.gif', 'image/gif', true],
    ['a.jfif', '', true],
    ['noext', 'application/zip', true],
    ['a.png', 'image/png', false],
    ['zip.png', 'image/png', false],
    ['a.pdf', 'application/pdf', false],
  ])('%s (%s) → refused %s', (name, type, refused) => expect(isRefusedInChat({ name, type })).toBe(refused));
});

describe('extensionOf', () => {
  it.each([
    ['a.b.PNG', 'png'],
    ['a', ''],
    ['a.', ''],
    ['.env', 'env'],
    [null, ''],
  ])('%j → %j', (name, ext) => expect(extensionOf(name)).toBe(ext));
});
