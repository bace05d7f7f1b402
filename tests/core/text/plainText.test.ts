import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../core/text/plainText';

describe('spec 5: customer text is never rendered as HTML', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['"quoted" & \'single\' `tick`', '&quot;quoted&quot; &amp; &#39;single&#39; &#96;tick&#96;'],
    ['สวัสดี 😀', 'สวัสดี 😀'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [12, '12'],
  ])('%j → %j', (text, html) => expect(escapeHtml(text)).toBe(html));

  it('escaped text shows exactly the original characters when parsed', () => {
    const div = document.createElement('div');
    const hostile = '<img src=x onerror=alert(1)><b onclick="x">&amp;</b>';
    div.innerHTML = escapeHtml(hostile);
    expect(div.textContent).toBe(hostile);
    expect(div.querySelectorAll('*')).toHaveLength(0);
  });
});
