// Hostile strings for every input that stores or shows text (issue 14). Each script-bearing entry
// calls window.__pwned(n) if it ever runs, so a browser test only has to watch that one hook (and
// dialogs). Entries are short enough for 300-character fields; one huge entry tests the limits.

export interface Hostile {
  id: string;
  text: string;
  /** True when the string would run script if it reached the page as HTML or a URL. */
  executes: boolean;
}

const PWN = (n: number) => `__pwned(${n})`;

export const HOSTILE: Hostile[] = [
  { id: 'script-tag', text: `<script>${PWN(1)}</script>`, executes: true },
  { id: 'img-onerror', text: `<img src=x onerror=${PWN(2)}>`, executes: true },
  { id: 'svg-onload', text: `<svg onload=${PWN(3)}>`, executes: true },
  { id: 'svg-script', text: `<svg><script>${PWN(4)}</script></svg>`, executes: true },
  {
    id: 'mathml-mxss',
    text: `<math><mtext><table><mglyph><style><img src=x onerror=${PWN(5)}>`,
    executes: true,
  },
  { id: 'attr-break-dq', text: `"><img src=x onerror=${PWN(6)}>`, executes: true },
  { id: 'attr-break-sq', text: `'><svg/onload=${PWN(7)}>`, executes: true },
  { id: 'javascript-url', text: `javascript:${PWN(8)}`, executes: true },
  { id: 'anchor-js', text: `<a href="javascript:${PWN(9)}">click me</a>`, executes: true },
  {
    id: 'iframe-srcdoc',
    text: `<iframe srcdoc="<script>parent.${PWN(10)}</script>"></iframe>`,
    executes: true,
  },
  { id: 'details-toggle', text: `<details open ontoggle=${PWN(11)}>`, executes: true },
  { id: 'textarea-break', text: `</textarea><script>${PWN(12)}</script>`, executes: true },
  { id: 'input-autofocus', text: `<input autofocus onfocus=${PWN(13)}>`, executes: true },
  { id: 'nested-script', text: `<scr<script>ipt>${PWN(14)}</scr</script>ipt>`, executes: true },
  { id: 'data-url', text: `data:text/html,<script>${PWN(15)}</script>`, executes: true },
  { id: 'markdown-link', text: `[click](javascript:${PWN(16)})`, executes: true },
  {
    id: 'form-action',
    text: `<form><button formaction=javascript:${PWN(17)}>go</button></form>`,
    executes: true,
  },
  { id: 'template-expr', text: `{{constructor.constructor('${PWN(18)}')()}} \${${PWN(19)}}`, executes: true },
  { id: 'style-import', text: `<style>@import 'javascript:${PWN(20)}';</style>`, executes: true },
  { id: 'broken-html', text: '<div><b>unclosed <i>tags</div></span>&amp; &lt;b&gt; <!-- x', executes: false },
  { id: 'control-chars', text: 'a\u0001b\u0007c\u001b[31md\u007fe\u0000f', executes: false },
  { id: 'rtl-override', text: 'invoice\u202Egnp.exe\u202C ok \u2066isolate\u2069', executes: false },
  { id: 'emoji-zwj', text: '👨‍👩‍👧‍👦 🏳️‍🌈 👩🏽‍💻 🇹🇭', executes: false },
  { id: 'thai-combining', text: 'ก้้้้้้้้้้้้ ผู้ใช้ น้ำ กำ ฤๅ', executes: false },
  { id: 'lone-surrogates', text: 'bad\uD800mid\uDFFFend\uDBFF', executes: false },
  { id: 'zero-width-bom', text: '\uFEFFzero\u200Bwidth\u200Djoin', executes: false },
  { id: 'crlf-header', text: 'name\r\nX-Injected: 1\r\n\r\n<b>body</b>', executes: false },
  { id: 'sql-ish', text: '\'; drop table users; -- " or 1=1', executes: false },
  {
    id: 'json-proto',
    text: '"}]},{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}',
    executes: false,
  },
  { id: 'path-traversal', text: '../../../etc/passwd%00.png', executes: false },
  { id: 'percent-encoded', text: `%3Cscript%3E${PWN(21)}%3C/script%3E`, executes: false },
  { id: 'huge', text: `${'ข'.repeat(1000)}${'A'.repeat(199_000)}`, executes: false },
];

/** The hook a payload would call: the browser tests install it and read it back. */
export const PWNED_HOOK = `
  window.__pwnedCalls = [];
  window.__pwned = (n) => { window.__pwnedCalls.push(n); };
`;

/** What the stored text should look like for a spot-check (the huge one is shown cut). */
export function visiblePart(h: Hostile): string {
  return h.text.slice(0, 40);
}
