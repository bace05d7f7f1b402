// The widget as integrators and visitors meet it, in real Chromium (issue 5 audit): the element's
// JavaScript API and DOM events, label-color live, a second tab continuing the conversation, a new
// conversation (sess_expired) and a session that expired, saved settings reaching open widgets
// without a reload or a socket, the header's logo, brand label and description, and styles that
// stay on their own side of the shadow root in both directions.
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetSessions } from '../../server/widget/schema';
import { hashToken, SESSION_IDLE_MS } from '../../server/widget/sessions';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import {
  type Auth,
  agentReply,
  boxOf,
  bubbles,
  followerOf,
  launcherOf,
  putSettings,
  sendConfirmed,
  sessionToken,
} from './widgetHelpers';

let server: TestServer;
let browser: Browser;
let auth: Auth;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  auth = await login(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A visitor with a browser (and so a localStorage) of their own; `clock` lets the test move time on. */
async function visitor(clock = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (clock) await page.clock.install();
  await page.goto(`${server.url}/demo/`);
  await launcherOf(page).waitFor();
  return { context, page };
}

type Method = 'open' | 'close' | 'toggle' | 'setLocale' | 'setUser';

/** Calls the element's JavaScript API as a site's own script would. */
const invoke = (page: Page, method: Method, ...args: unknown[]) =>
  page
    .locator('chat-widget')
    .evaluate(
      (el, [name, rest]) => (el as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...rest),
      [method, args] as const,
    );
const isOpen = (page: Page) =>
  page.locator('chat-widget').evaluate((el) => (el as unknown as { isOpen: boolean }).isOpen);

/** Every chat-widget:* event the page's element sends from now on, in order. */
async function recordEvents(page: Page) {
  await page.locator('chat-widget').evaluate((el) => {
    const w = window as unknown as { events: { type: string; text?: string; count?: number }[] };
    w.events = [];
    for (const type of ['open', 'close', 'message', 'unread'])
      el.addEventListener(`chat-widget:${type}`, (e) => {
        const detail = (e as CustomEvent).detail as { message?: { message: string }; count?: number } | null;
        w.events.push({ type, text: detail?.message?.message, count: detail?.count });
      });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { events: { type: string; text?: string; count?: number }[] }).events,
    );
}

describe('the element API and its DOM events', () => {
  it('open, close, toggle, setUser, setLocale and the open/close/message/unread events', async () => {
    const { context, page } = await visitor();
    const events = await recordEvents(page);
    const textarea = boxOf(page).locator('textarea');

    await invoke(page, 'open');
    await textarea.waitFor();
    expect(await isOpen(page)).toBe(true);
    expect(await launcherOf(page).isHidden()).toBe(true);
    await invoke(page, 'close');
    expect(await launcherOf(page).isVisible()).toBe(true);
    expect(await boxOf(page).isHidden()).toBe(true);
    await invoke(page, 'toggle');
    await expect.poll(() => textarea.isVisible()).toBe(true);
    await invoke(page, 'toggle');
    await expect.poll(() => launcherOf(page).isVisible()).toBe(true);
    expect(await events()).toEqual([
      { type: 'open' },
      { type: 'close' },
      { type: 'open' },
      { type: 'close' },
    ]);

    // An identified visitor: the agents see the name the site gave.
    await invoke(page, 'setUser', { name: 'Somchai Jaidee', email: 'somchai@example.com' });
    await invoke(page, 'open');
    await sendConfirmed(page, 'Is the Doi Chang in stock?');
    expect((await followerOf(server, auth, page))?.lineName).toBe('Somchai Jaidee');

    await agentReply(server, auth, page, 'Yes, 12 bags left.');
    await expect.poll(() => bubbles(page)).toContain('Yes, 12 bags left.');
    await invoke(page, 'close');
    await agentReply(server, auth, page, 'Shall I keep one for you?');
    await expect.poll(() => launcherOf(page).locator('.badge').textContent(BRIEFLY)).toBe('1');
    const heard = (await events()).slice(4);
    expect(heard.filter((e) => e.type === 'message').map((e) => e.text)).toEqual([
      'Yes, 12 bags left.',
      'Shall I keep one for you?',
    ]);
    expect(heard.filter((e) => e.type === 'unread').map((e) => e.count)).toEqual([1]);

    // setLocale: the launcher and the box speak Thai; opening reads the reply (unread back to 0).
    await invoke(page, 'setLocale', 'th');
    expect(await page.locator('chat-widget').getAttribute('lang')).toBe('th');
    expect(await launcherOf(page).textContent()).toContain('แชท');
    await invoke(page, 'open');
    await expect.poll(() => textarea.getAttribute('placeholder', BRIEFLY)).toBe('พิมพ์ข้อความ…');
    await expect.poll(async () => (await events()).at(-1)).toEqual({ type: 'unread', count: 0 });
    await context.close();
  });

  it('applies label-color (and button-color) live, on the launcher and in the open box', async () => {
    const { context, page } = await visitor();
    const widget = page.locator('chat-widget');
    const color = () => launcherOf(page).evaluate((el) => getComputedStyle(el).color);
    expect(await color()).toBe('rgb(89, 199, 249)');
    await widget.evaluate((el) => el.setAttribute('label-color', '#ffcc00'));
    expect(await color()).toBe('rgb(255, 204, 0)');
    await invoke(page, 'open');
    const header = boxOf(page).locator('header.header');
    await header.waitFor();
    expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 204, 0)');
    await widget.evaluate((el) => el.setAttribute('button-color', '#123456'));
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(18, 52, 86)');
    await widget.evaluate((el) => el.removeAttribute('label-color'));
    expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(89, 199, 249)');
    await context.close();
  });
});

describe('one visitor, several tabs and conversations', () => {
  it('a second tab continues the same conversation and hears the agent too', async () => {
    const { context, page: first } = await visitor();
    await invoke(first, 'open');
    await sendConfirmed(first, 'Written in the first tab');
    const second = await context.newPage();
    await second.goto(`${server.url}/demo/`);
    await invoke(second, 'open');
    await expect.poll(() => bubbles(second)).toContain('Written in the first tab');
    expect(await sessionToken(second, auth)).toBe(await sessionToken(first, auth));

    await sendConfirmed(second, 'And this from the second');
    expect((await followerOf(server, auth, second))?.id).toBe((await followerOf(server, auth, first))?.id);
    await agentReply(server, auth, first, 'Both tabs see this');
    await expect.poll(() => bubbles(first)).toContain('Both tabs see this');
    await expect.poll(() => bubbles(second)).toContain('Both tabs see this');
    await context.close();
  });

  it('"New conversation" sends sess_expired and starts a new conversation; so does a session that expired', async () => {
    const { context, page } = await visitor();
    await invoke(page, 'open');
    await sendConfirmed(page, 'About my first order');
    const firstFollower = (await followerOf(server, auth, page))?.id;
    const other = await context.newPage();
    await other.goto(`${server.url}/demo/`);
    await invoke(other, 'open');
    await expect.poll(() => bubbles(other)).toContain('About my first order');

    const sent: { sess_expired: boolean }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/service/webhook/widget/')) sent.push(...(r.postDataJSON()?.events ?? []));
    });
    await boxOf(page).getByRole('button', { name: 'New conversation' }).click();
    expect(await bubbles(page)).toEqual([]);
    await sendConfirmed(page, 'A new question');
    expect(sent.map((e) => e.sess_expired)).toEqual([true]);
    const secondFollower = (await followerOf(server, auth, page))?.id;
    expect(secondFollower).toBeDefined();
    expect(secondFollower).not.toBe(firstFollower);
    expect(await bubbles(page)).toEqual(['A new question']);
    // The other tab is told (SESSION_EXPIRED) and lets the old conversation go.
    await expect.poll(() => bubbles(other)).not.toContain('About my first order');
    await other.close();

    // Months later the session has expired: the widget starts over with a new session and conversation.
    const oldToken = await sessionToken(page, auth);
    await server.app.ctx.db
      .update(widgetSessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(widgetSessions.tokenHash, hashToken(oldToken ?? '')));
    await page.reload();
    await invoke(page, 'open');
    await boxOf(page).locator('textarea').waitFor();
    await sendConfirmed(page, 'Back again');
    expect(await sessionToken(page, auth)).not.toBe(oldToken);
    const thirdFollower = (await followerOf(server, auth, page))?.id;
    expect(thirdFollower).toBeDefined();
    expect([firstFollower, secondFollower]).not.toContain(thirdFollower);
    expect(await bubbles(page)).toEqual(['Back again']);
    await context.close();
  });
});

describe('saved settings reach open widgets', () => {
  it('an open box and a bare launcher, neither with a socket, pick up what the owner saves in the console', async () => {
    const sockets: string[] = [];
    const open = await visitor();
    const bare = await visitor(true);
    for (const p of [open.page, bare.page]) p.on('websocket', (ws) => sockets.push(ws.url()));
    await invoke(open.page, 'open');
    await boxOf(open.page).locator('textarea').waitFor();

    const consolePage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await consolePage.goto(`${server.url}/`);
    await consolePage.getByLabel('Email').fill(ADMIN_EMAIL);
    await consolePage.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await consolePage.getByRole('button', { name: 'Sign in' }).click();
    await consolePage.waitForURL(`${server.url}/dashboard`);
    await consolePage.goto(`${server.url}/setting/channel`);
    await consolePage.getByRole('button', { name: 'Settings — Website chat' }).click();
    const modal = consolePage.getByRole('dialog', { name: 'Chat widget settings' });
    await modal.getByRole('textbox', { name: 'Brand label' }).fill('Baan Kafe');
    await modal.getByRole('textbox', { name: 'Header' }).fill('Chat with our baristas');
    await modal.getByRole('textbox', { name: 'Description' }).fill('We reply within minutes');
    await modal.getByRole('textbox', { name: 'Button label' }).fill('Ask a barista');
    // The typed value, not the colour picker beside it.
    await modal
      .getByRole('textbox', { name: 'Button colour' })
      .and(modal.locator('input:not([type="color"])'))
      .fill('#8a4b1fff');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => modal.getByRole('status').textContent(BRIEFLY)).toBe('save success');

    // A page left open and visible checks once a minute (a 304 while nothing changed).
    await bare.page.clock.fastForward(61_000);
    await expect.poll(() => launcherOf(bare.page).textContent(BRIEFLY)).toContain('Ask a barista');
    expect(await launcherOf(bare.page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(138, 75, 31)',
    );
    // The visitor comes back to the other page: the event the browser sends then makes it check.
    // (Headless Chromium has no window focus to move, so the test sends the event itself.)
    // Checks are at least 2 s apart, and this page may have just made one (the box opening, a
    // visibility change): the visitor comes back again until a check sees the new settings.
    const header = boxOf(open.page).locator('header.header');
    await expect
      .poll(
        async () => {
          await open.page.evaluate(() => window.dispatchEvent(new Event('focus')));
          return header.locator('.title').textContent(BRIEFLY);
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe('Chat with our baristas');
    // Spec 3: the header shows the brand label and the description too.
    expect(await header.locator('.brand').textContent()).toBe('Baan Kafe');
    expect(await header.locator('.description').textContent()).toBe('We reply within minutes');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(138, 75, 31)');
    // The next page load paints the saved look at once, before asking the server.
    await bare.page.route('**/service/widget/info*', (route) => route.abort());
    await bare.page.reload();
    expect(await launcherOf(bare.page).textContent()).toContain('Ask a barista');
    expect(sockets).toEqual([]);
    await Promise.all([open.context.close(), bare.context.close(), consolePage.close()]);
    await putSettings(server, auth, {
      brand_label: '',
      header: '',
      description: '',
      button_label: 'Chat',
      button_color: '#000000ff',
    });
  });
});

/** Computed styles of every element matching `selector` in `root` (a page or a shadow root). */
const STYLES_OF = `(root, selector) => [...root.querySelectorAll(selector)].map((el) => {
  const cs = getComputedStyle(el);
  return [...cs].map((p) => p + ':' + cs.getPropertyValue(p)).join(';');
})`;

describe('styles stay on their own side of the shadow root', () => {
  /** The widget's own CSS, read from its shadow roots once the box is open. */
  async function widgetCss(): Promise<string[]> {
    const { context, page } = await visitor();
    await invoke(page, 'open');
    await boxOf(page).locator('textarea').waitFor();
    const css = await page.evaluate(() => {
      const host = document.querySelector('chat-widget')!.shadowRoot!;
      const box = host.querySelector('chat-widget-box')!.shadowRoot!;
      return [...host.querySelectorAll('style'), ...box.querySelectorAll('style')].map(
        (s) => s.textContent ?? '',
      );
    });
    await context.close();
    return css;
  }

  /** A page with an element for every class and tag the widget's CSS names, to watch for leaks. */
  function probePage(css: string[], extraHead: string, body: string) {
    const classes = [...new Set(css.join('\n').match(/\.[A-Za-z][\w-]*/g) ?? [])].map((c) => c.slice(1));
    const tags = [
      'button',
      'input',
      'textarea',
      'p',
      'small',
      'strong',
      'section',
      'header',
      'legend',
      'img',
    ];
    const probes = [
      ...classes.map((c) => `<div class="${c}" data-probe>${c}</div>`),
      ...tags.map((tag) =>
        tag === 'img' || tag === 'input' ? `<${tag} data-probe>` : `<${tag} data-probe>x</${tag}>`,
      ),
      '<div hidden data-probe></div>',
    ].join('');
    return `<!doctype html><html><head><meta charset="utf-8"><title>Probe</title>${extraHead}</head><body><main>${probes}</main>${body}</body></html>`;
  }

  async function probeStyles(html: string, openWidget: boolean): Promise<string[]> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const url = `${server.url}/probe-${Math.random().toString(36).slice(2)}.html`;
    await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    await page.goto(url);
    if (openWidget) {
      await invoke(page, 'open');
      await boxOf(page).locator('textarea').waitFor();
    }
    const styles = (await page.evaluate(`(${STYLES_OF})(document, '[data-probe]')`)) as string[];
    await context.close();
    return styles;
  }

  it("the widget's CSS does not change a page's own elements, even ones named like the widget's", async () => {
    const css = await widgetCss();
    expect(css.join('').length).toBeGreaterThan(1000);
    const embed = `<script type="module" src="${server.url}/chat-widget.js"></script><chat-widget widget-id="${auth.widgetId}"></chat-widget>`;
    const without = await probeStyles(probePage(css, '', ''), false);
    const withWidget = await probeStyles(probePage(css, '', embed), true);
    expect(without.length).toBeGreaterThan(40);
    expect(withWidget).toEqual(without);
    // The check notices a leak: the same CSS put in the page's own head does change them.
    const leaked = await probeStyles(probePage(css, `<style>${css.join('\n')}</style>`, ''), false);
    expect(leaked).not.toEqual(without);
  });

  it("a hostile page's CSS does not reach the widget's launcher, box, header or input", async () => {
    const hostile = `<style>
* { all: unset !important; font: italic 40px/3 serif !important; color: red !important; }
html, body, div, section, header, main { display: block !important; }
div, section, header, button, span, textarea, p { position: static !important; transform: scale(1.5) !important;
  padding: 30px !important; margin: 9px !important; border: 5px dashed lime !important; background: navy !important; }
chat-widget { color: red !important; font-size: 40px !important; }
.launcher, .box, .header, textarea, .composer { display: none !important; }
</style>`;
    const page = (head: string) =>
      `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>${head}</head><body><p>Shop</p><script type="module" src="${server.url}/chat-widget.js"></script><chat-widget widget-id="${auth.widgetId}"></chat-widget></body></html>`;
    async function inside(html: string) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.grantPermissions(['local-network-access']);
      const p = await context.newPage();
      // Another site (localhost) than the server's, as a shop embedding the widget would be.
      const url = `${server.url.replace('127.0.0.1', 'localhost')}/shop-${Math.random().toString(36).slice(2)}.html`;
      await p.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
      await p.goto(url);
      await launcherOf(p).waitFor();
      const launcher = (await p.evaluate(
        `(${STYLES_OF})(document.querySelector('chat-widget').shadowRoot, '.launcher, .label, .launcher svg')`,
      )) as string[];
      await invoke(p, 'open');
      const input = boxOf(p).locator('textarea');
      // The box focuses its input once drawn; compared unfocused, as whether a background page
      // still holds focus is the browser's business, not the stylesheet's.
      await expect
        .poll(() => input.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement))
        .toBe(true);
      await input.evaluate((el) => (el as HTMLElement).blur());
      const box = (await p.evaluate(
        `(${STYLES_OF})(document.querySelector('chat-widget').shadowRoot.querySelector('chat-widget-box').shadowRoot, 'section.box, header.header, .titles strong, .body, .composer, textarea, button.send, button.close')`,
      )) as string[];
      await context.close();
      return { launcher, box };
    }
    const plain = await inside(page(''));
    const attacked = await inside(page(hostile));
    expect(plain.launcher.length).toBe(3);
    expect(plain.box.length).toBe(8);
    const differences = (a: string[], b: string[]) =>
      a.flatMap((style, i) => {
        const other = new Set(b[i]?.split(';'));
        return style
          .split(';')
          .filter((p) => !other.has(p))
          .map((p) => `${i}:${p}`);
      });
    expect(differences(attacked.launcher, plain.launcher)).toEqual([]);
    expect(differences(attacked.box, plain.box)).toEqual([]);
  });
});
