// Issue 2 in real Chromium: sign in through the form, land on /dashboard, switch to Thai,
// see the 404 page for an unknown route, and see the widget launcher on the demo site.
import { describe, expect, it } from 'vitest';
import { BRIEFLY } from '../helpers/browser';
import { browserSuite } from '../helpers/browserSuite';
import { ADMIN_EMAIL } from '../helpers/server';

const suite = browserSuite();
const { signIn } = suite;

describe('console shell', () => {
  it('signs in through the form and lands on the dashboard with the layout', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('Dashboard');
    const topBar = await page.locator('.top-bar').boundingBox();
    const leftMenu = await page.locator('.left-menu').boundingBox();
    expect(topBar?.height).toBe(49);
    expect(leftMenu?.width).toBe(80);
    await expect.poll(() => page.locator('.account-name').textContent(BRIEFLY)).toBe('My Official Account');
    // The user's initial sits in the middle of its circle (the chat screen's avatars share the class).
    const initial = await page.locator('.top-bar .avatar').evaluate((el) => {
      const circle = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const glyph = range.getBoundingClientRect();
      return {
        dx: Math.abs(glyph.left + glyph.width / 2 - (circle.left + circle.width / 2)),
        dy: Math.abs(glyph.top + glyph.height / 2 - (circle.top + circle.height / 2)),
      };
    });
    expect(initial.dx).toBeLessThan(2);
    expect(initial.dy).toBeLessThan(3);
    // A reload keeps the session.
    await page.reload();
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('Dashboard');
    await page.close();
  });

  it('shows a clear message for a wrong password and for a malformed e-mail', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/`);
    await page.getByLabel('Email').fill('nobody');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.locator('#email-error').textContent(BRIEFLY))
      .toBe('email is invalid format');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(BRIEFLY))
      .toBe('The e-mail or password is incorrect.');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('switches to Thai: the address gains /th, the screen is Thai, and the choice is remembered', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('button', { name: 'TH' }).click();
    await page.waitForURL(`${suite.server.url}/th/dashboard`);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('แดชบอร์ด');
    expect(await page.locator('html').getAttribute('lang')).toBe('th');
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('th');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    // The Thai menu leads to Thai routes.
    await page.locator('.left-menu').getByRole('link', { name: 'แชท' }).click();
    await page.waitForURL(`${suite.server.url}/th/live`);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('แชท');
    await context.close();
  });

  it('shows the 404 page for an unknown route', async () => {
    const page = await suite.browser.newPage();
    const response = await page.goto(`${suite.server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.locator('h1:visible').textContent(BRIEFLY))
      .toBe('This page could not be found');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.close();
  });

  it('shows the 404 page for a widget id that does not exist and for a malformed id, in Thai too', async () => {
    const page = await suite.browser.newPage();
    // Signed out, as a customer following a stale link: not an endless "Loading…".
    let response = await page.goto(`${suite.server.url}/widget/no-such-widget`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.locator('h1:visible').textContent(BRIEFLY))
      .toBe('This page could not be found');
    expect(await page.getByRole('link', { name: 'Back to the home page' }).isVisible()).toBe(true);
    response = await page.goto(`${suite.server.url}/th/widget/no-such-widget`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('ไม่พบหน้าที่คุณต้องการ');
    expect(await page.getByRole('link', { name: 'กลับไปหน้าแรก' }).isVisible()).toBe(true);
    // Signed in, the console shows the same page (not a placeholder screen inside the layout).
    await signIn(page);
    response = await page.goto(`${suite.server.url}/widget/no-such-widget`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.locator('h1:visible').textContent(BRIEFLY))
      .toBe('This page could not be found');
    expect(await page.locator('.left-menu').count()).toBe(0);
    // A detail route whose id fails the route's own check.
    response = await page.goto(`${suite.server.url}/th/broadcast/a!b/report`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('ไม่พบหน้าที่คุณต้องการ');
    await page.close();
  });

  it('keeps the query of the address when the language is switched (the image-map editor stays one)', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${suite.server.url}/message-template/new?kind=imagemap`);
    await expect.poll(() => page.getByRole('radio', { name: 'Image map' }).isChecked(BRIEFLY)).toBe(true);
    await page.getByRole('button', { name: 'TH', exact: true }).click();
    await page.waitForURL(`${suite.server.url}/th/message-template/new?kind=imagemap`);
    await expect.poll(() => page.getByRole('radio', { name: 'อิมเมจแมป' }).isChecked(BRIEFLY)).toBe(true);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.waitForURL(`${suite.server.url}/message-template/new?kind=imagemap`);
    await expect.poll(() => page.getByRole('radio', { name: 'Image map' }).isChecked(BRIEFLY)).toBe(true);
    await context.close();
  });

  it('signs out and returns to the root when the session is no longer valid', async () => {
    const page = await suite.browser.newPage();
    await signIn(page);
    await page.evaluate(() => localStorage.setItem('chatdesk.token', 'forged'));
    // The 401 loads the sign-in page again, which may come before this visit's load event.
    await page.goto(`${suite.server.url}/dashboard`, { waitUntil: 'commit' });
    await page.waitForURL(`${suite.server.url}/`);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await page.close();
  });

  it('signs out from the profile menu: the page starts afresh at the sign-in form, the inbox it kept gone', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.locator('.left-menu a[href$="/live"]').click();
    await page.getByTestId('live-page').waitFor();
    await page.locator('.left-menu a[href$="/dashboard"]').click();
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('Dashboard');
    await page.evaluate(() => {
      (window as Window & { beforeSignOut?: boolean }).beforeSignOut = true;
    });
    await page.getByRole('button', { name: /^Profile/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as Window & { beforeSignOut?: boolean }).beforeSignOut)).toBe(
      undefined,
    );
    expect(await page.getByTestId('live-page').count()).toBe(0);
    await page.close();
  });

  it('signs out on Token_Expired from a file download too (calls made outside the API client)', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.goto(`${suite.server.url}/contact-list`);
    await page.route('**/api/contact/export**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Token_Expired"}' }),
    );
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await page.close();
  });
});

describe('widget on the demo site', () => {
  it('shows the launcher inside its shadow root and opens the chat box', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/demo/`);
    const launcher = page.locator('chat-widget').locator('button.launcher');
    await expect.poll(() => launcher.isVisible()).toBe(true);
    expect(await launcher.textContent()).toContain('Chat');
    await launcher.click();
    await expect
      .poll(() => page.locator('chat-widget-box').locator('section[role="dialog"]').isVisible())
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => launcher.isVisible()).toBe(true);
    await page.close();
  });
});
