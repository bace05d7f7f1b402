// core/chat/mediaUrl.ts: only web and same-origin addresses become links or images.
import { describe, expect, it } from 'vitest';
import { safeMediaUrl, stickerImageUrl } from '../../../core/chat/mediaUrl';

describe('safeMediaUrl', () => {
  it.each([
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['http://example.com/b.pdf', 'http://example.com/b.pdf'],
    ['/api/chat/files/abc/report.pdf', '/api/chat/files/abc/report.pdf'],
    ['blob:http://localhost/123', 'blob:http://localhost/123'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['javascript:alert(1)', null],
    [' JavaScript:alert(1)', null],
    ['//evil.example.com/x', null],
    ['data:text/html;base64,PHNjcmlwdD4=', null],
    ['', null],
    [42, null],
  ])('%s', (input, expected) => {
    expect(safeMediaUrl(input)).toBe(expected);
  });

  it('builds a sticker address from its id', () => {
    expect(stickerImageUrl('1988')).toBe(
      'https://stickershop.line-scdn.net/stickershop/v1/sticker/1988/android/sticker.png',
    );
  });
});
