import { describe, expect, it } from 'vitest';
import { validateRichMenuImage } from '../../../core/validation/richMenu';

const ok = {
  name: 'menu.png',
  type: 'image/png',
  size: 1_000_000,
  resolution: { width: 2500, height: 1686 },
};

describe('spec 5, 9: rich-menu image is jpg/jpeg/png, at most 1 MB, 2500x1686 or 2500x843', () => {
  it.each([
    ['png 2500x1686 at exactly 1 MB', ok, []],
    [
      'jpg 2500x843',
      { ...ok, name: 'm.jpg', type: 'image/jpeg', resolution: { width: 2500, height: 843 } },
      [],
    ],
    ['jpeg', { ...ok, name: 'm.jpeg', type: 'image/jpeg' }, []],
    ['one byte over 1 MB', { ...ok, size: 1_000_001 }, ['Too large file size']],
    ['gif', { ...ok, name: 'm.gif', type: 'image/gif' }, ['Not allow file type']],
    ['webp', { ...ok, name: 'm.webp', type: 'image/webp' }, ['Not allow file type']],
    ['pdf named .pdf', { ...ok, name: 'm.pdf', type: 'application/pdf' }, ['Not allow file type']],
    ['2500x1685', { ...ok, resolution: { width: 2500, height: 1685 } }, ['Not match resolution']],
    ['1250x843', { ...ok, resolution: { width: 1250, height: 843 } }, ['Not match resolution']],
    ['no resolution', { ...ok, resolution: null }, ['Image have no resolution']],
  ])('%s', (_name, file, messages) => {
    expect(validateRichMenuImage(file).map((e) => e.message)).toEqual(messages);
  });
  it('a png mislabelled as a document is still judged as an image', () => {
    expect(validateRichMenuImage({ ...ok, type: 'application/octet-stream', size: 2_000_000 })).toEqual([
      { field: 'background_image', message: 'Too large file size' },
    ]);
  });
  it.each([null, undefined])('missing file %j → required', (file) => {
    expect(validateRichMenuImage(file)).toEqual([
      { field: 'background_image', message: 'This field is required.' },
    ]);
  });
});
