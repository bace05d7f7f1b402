import { describe, expect, it } from 'vitest';
import { checkFile, checkFiles } from '../../../core/upload/checkFiles';

const png = { name: 'a.png', type: 'image/png', size: 1000, resolution: { width: 10, height: 10 } };
const pdf = { name: 'a.pdf', type: 'application/pdf', size: 1000 };

describe('spec 5, 8: checkFile names the warning', () => {
  it.each([
    ['a fine image', png, {}, null],
    ['a fine pdf', pdf, {}, null],
    ['image at 10 MB', { ...png, size: 10_000_000 }, {}, null],
    ['image one byte over 10 MB', { ...png, size: 10_000_001 }, {}, 'Too large file size'],
    ['video over 50 MB', { name: 'v.mp4', type: 'video/mp4', size: 50_000_001 }, {}, 'Too large file size'],
    ['document at 50 MB', { ...pdf, size: 50_000_000 }, {}, null],
    ['exe', { name: 'x.exe', type: 'application/x-msdownload', size: 1 }, {}, 'Not allow file type'],
    ['gif outside chat', { ...png, name: 'a.gif', type: 'image/gif' }, {}, null],
    ['gif in chat', { ...png, name: 'a.gif', type: 'image/gif' }, { inChat: true }, 'Not allow file type'],
    ['image without resolution', { ...png, resolution: undefined }, {}, 'Image have no resolution'],
    [
      'resolution off the list',
      png,
      { resolution: { exact: [{ width: 20, height: 20 }] } },
      'Not match resolution',
    ],
    ['resolution not required', { ...png, resolution: null }, { requireImageResolution: false }, null],
    ['null file', null, {}, 'Not allow file type'],
  ])('%s → %j', (_n, file, rules, warning) => expect(checkFile(file as never, rules)).toBe(warning));
});

describe('spec 5: max 5 files per selection', () => {
  it('5 are accepted, the 6th is refused with "Please check your files again"', () => {
    const files = Array.from({ length: 6 }, (_, i) => ({ ...pdf, name: `f${i}.pdf` }));
    const verdict = checkFiles(files);
    expect(verdict.accepted).toHaveLength(5);
    expect(verdict.tooMany).toBe(true);
    expect(verdict.rejected).toEqual([{ file: files[5], warning: 'Please check your files again' }]);
  });
  it('refused files do not count towards the limit', () => {
    const files = [{ ...pdf, name: 'x.exe' }, ...Array.from({ length: 5 }, () => pdf)];
    const verdict = checkFiles(files);
    expect(verdict.accepted).toHaveLength(5);
    expect(verdict.tooMany).toBe(false);
    expect(verdict.rejected.map((r) => r.warning)).toEqual(['Not allow file type']);
  });
  it('custom maxFiles and odd input', () => {
    expect(
      checkFiles([pdf, pdf], { limits: { image: 1, video: 1, document: 1, maxFiles: 1 } }).accepted,
    ).toHaveLength(1);
    expect(checkFiles(null as never)).toEqual({ accepted: [], rejected: [], tooMany: false });
  });
});
