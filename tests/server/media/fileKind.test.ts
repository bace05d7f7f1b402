// The decisions the media server makes on its own, table-driven: what a file is by its bytes
// against its name and declared type (spec 5 allowed list), byte ranges, and safe names.
import { describe, expect, it } from 'vitest';
import { type Detected, decideKind, mp4TrackHandlers } from '../../../server/media/fileKind';
import { cleanFileName, withExtension } from '../../../server/media/names';
import { contentDisposition, isInline, parseRange } from '../../../server/media/serve';

const text = (s: string) => Buffer.from(s);
const bin = Buffer.from([1, 0, 2, 3]);
const d = (ext: string, mime: string): Detected => ({ ext, mime });

describe('decideKind', () => {
  const cases: [string, { name: string; type?: string }, Detected | undefined, Buffer, string | null][] = [
    ['a JPEG named .jpg', { name: 'a.jpg', type: 'image/jpeg' }, d('jpg', 'image/jpeg'), bin, 'image/jpeg'],
    ['a PNG named .jpg is kept as PNG', { name: 'a.jpg' }, d('png', 'image/png'), bin, 'image/png'],
    ['an .exe named .jpg', { name: 'a.jpg' }, d('exe', 'application/x-msdownload'), bin, null],
    ['a PDF named .png', { name: 'a.png' }, d('pdf', 'application/pdf'), bin, null],
    ['a PNG declared video/mp4', { name: 'a.png', type: 'video/mp4' }, d('png', 'image/png'), bin, null],
    [
      'a PNG declared application/octet-stream',
      { name: 'a.png', type: 'application/octet-stream' },
      d('png', 'image/png'),
      bin,
      'image/png',
    ],
    ['an OLE file named .doc', { name: 'a.doc' }, d('cfb', 'application/x-cfb'), bin, 'application/msword'],
    ['an OLE file named .pdf', { name: 'a.pdf' }, d('cfb', 'application/x-cfb'), bin, null],
    [
      'a zip named .xlsx',
      { name: 'a.xlsx' },
      d('zip', 'application/zip'),
      bin,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['a zip named .zip', { name: 'a.zip' }, d('zip', 'application/zip'), bin, null],
    ['a PDF named .ai', { name: 'logo.ai' }, d('pdf', 'application/pdf'), bin, 'application/postscript'],
    ['a WebM named .mkv', { name: 'a.mkv' }, d('webm', 'video/webm'), bin, 'video/x-matroska'],
    ['a WebM named .webm', { name: 'a.webm' }, d('webm', 'video/webm'), bin, null],
    [
      'an SVG (xml)',
      { name: 'a.svg' },
      d('xml', 'application/xml'),
      text('<?xml?><svg width="1">'),
      'image/svg+xml',
    ],
    [
      'an SVG with no xml prolog',
      { name: 'a.svg' },
      undefined,
      text('<svg viewBox="0 0 1 1">'),
      'image/svg+xml',
    ],
    ['HTML named .svg', { name: 'a.svg' }, undefined, text('<html><script>x</script>'), null],
    ['a CSV', { name: 'a.csv', type: 'application/vnd.ms-excel' }, undefined, text('a,b\n1,2'), 'text/csv'],
    ['binary named .csv', { name: 'a.csv' }, undefined, bin, null],
    ['text named .txt', { name: 'a.txt' }, undefined, text('hello'), null],
    ['nothing at all', { name: 'a.png' }, undefined, Buffer.alloc(0), null],
    ['a HEIC photo', { name: 'a.heic' }, d('heic', 'image/heic'), bin, null],
  ];
  it.each(cases)('%s', (_name, declared, detected, head, expected) => {
    expect(decideKind(declared, detected, head)?.contentType ?? null).toBe(expected);
  });
});

/** An ISO-BMFF box: 4-byte size, 4-byte type, body. */
const box = (type: string, ...body: Buffer[]) => {
  const inner = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + inner.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, inner]);
};
/** A track whose handler is `handler` ('soun', 'vide'): version and flags, pre_defined, handler_type. */
const trak = (handler: string) =>
  box('trak', box('tkhd', Buffer.alloc(8)), box('mdia', box('hdlr', Buffer.alloc(8), Buffer.from(handler))));
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso6mp41', 'latin1'));
const mp4 = (...tracks: Buffer[]) =>
  Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(8)), ...tracks)]);

describe("an MP4 recorder's audio (the inbox's voice notes)", () => {
  const isom = d('mp4', 'video/mp4');
  it('reads the track handlers from the head', () => {
    expect(mp4TrackHandlers(mp4(trak('soun')))).toEqual(['soun']);
    expect(mp4TrackHandlers(mp4(trak('vide'), trak('soun')))).toEqual(['vide', 'soun']);
    // 'moov' cut off by the end of the bytes read, or missing: cannot be told.
    expect(mp4TrackHandlers(mp4(trak('soun')).subarray(0, 60))).toBeNull();
    expect(mp4TrackHandlers(ftyp)).toBeNull();
  });

  it.each([
    [
      'sound only, named .m4a',
      { name: 'voice-20250102-030405.m4a', type: 'audio/mp4' },
      mp4(trak('soun')),
      'audio/mp4',
    ],
    [
      'sound only, declared with codecs',
      { name: 'v.m4a', type: 'audio/mp4;codecs=opus' },
      mp4(trak('soun')),
      'audio/mp4',
    ],
    [
      'with a video track, named .m4a',
      { name: 'v.m4a', type: 'audio/mp4' },
      mp4(trak('vide'), trak('soun')),
      null,
    ],
    ['sound only, named .mp4 (a video by its name)', { name: 'v.mp4' }, mp4(trak('soun')), 'video/mp4'],
    ['no tracks, named .m4a', { name: 'v.m4a' }, mp4(), null],
    ['moov not in the head, named .m4a', { name: 'v.m4a' }, ftyp, null],
  ])('%s', (_name, declared, head, expected) => {
    expect(decideKind(declared, isom, head)?.contentType ?? null).toBe(expected);
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'invalid'],
    ['bytes=9-1', 100, 'invalid'],
    ['bytes=-0', 100, 'invalid'],
    ['bytes=x-y', 100, 'invalid'],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('names and headers', () => {
  it.each([
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\Users\\me\\photo.jpg', 'photo.jpg'],
    ['  two   spaces .pdf ', 'two spaces .pdf'],
    ['evil\u202Egpj.exe', 'evilgpj.exe'],
    ['a"b<c>d|e:f*g?.png', 'abcdefg.png'],
    ['...hidden.png', 'hidden.png'],
    ['', 'file'],
    ['รูปสินค้า.png', 'รูปสินค้า.png'],
  ])('cleanFileName(%j) is %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('adds an extension only when the name has none', () => {
    expect(withExtension('photo', 'jpg')).toBe('photo.jpg');
    expect(withExtension('photo.png', 'jpg')).toBe('photo.png');
  });

  it('serves images, video and audio inline, never SVG or documents', () => {
    expect(['image/png', 'video/mp4', 'audio/mpeg'].map(isInline)).toEqual([true, true, true]);
    expect(['image/svg+xml', 'application/pdf', 'text/csv'].map(isInline)).toEqual([false, false, false]);
    expect(contentDisposition('ราคา "พิเศษ".pdf', false)).toBe(
      `attachment; filename="____ _______.pdf"; filename*=UTF-8''${encodeURIComponent('ราคา "พิเศษ".pdf')}`,
    );
  });
});
