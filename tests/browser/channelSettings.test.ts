// Settings → Channels as a user meets it (spec 2 "channel accounts", spec 5 messages and Yes / No):
// each platform's fields named as the platform names them, a value of the wrong shape refused under
// its field in the page's language with nothing saved, a platform refusing the credentials, the
// platform's answer in the page's language, the webhook address copied, and switching a channel off
// asked first. The platforms are the local fakes.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { type FakeLine, startFakeLine } from '../helpers/fakePlatforms/line';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { signIn } from './liveHelpers';

const SECRET = 'fedcba9876543210fedcba9876543210';
let server: TestServer;
let browser: Browser;
let line: FakeLine;
let context: BrowserContext;
let page: Page;

interface Listed {
  _id: string;
  name: string;
  enabled: boolean;
}

async function listed(): Promise<Listed[]> {
  const { headers } = await login(server.url);
  const res = await fetch(`${server.url}/api/channels`, { headers });
  return ((await res.json()) as { list: Listed[] }).list;
}

beforeAll(async () => {
  line = await startFakeLine();
  [server, browser] = await Promise.all([startServer({ env: { LINE_API_BASE: line.url } }), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await line?.close();
});

const modal = () => page.getByTestId('platform-channel-modal');

describe('channel settings in the console', () => {
  it("WeChat's fields carry WeChat's names, not Facebook's", async () => {
    await page.goto(`${server.url}/setting/channel`);
    await page.getByRole('button', { name: 'Connect WeChat' }).click();
    await expect.poll(() => modal().locator('label').count()).toBeGreaterThan(2);
    expect(await modal().locator('label').allTextContents()).not.toContain('Facebook app ID');
    expect(await modal().getByLabel('AppID', { exact: true }).count()).toBe(1);
    expect(await modal().getByLabel('AppSecret', { exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal().count()).toBe(0);
  });

  it('the Connect button is drawn as the primary button', async () => {
    await page.goto(`${server.url}/setting/channel`);
    await page.getByRole('button', { name: 'Connect LINE' }).click();
    const connect = modal().getByRole('button', { name: 'Connect', exact: true });
    const [background, primary] = await connect.evaluate((button) => [
      getComputedStyle(button).backgroundColor,
      getComputedStyle(document.body).getPropertyValue('--color-primary').trim(),
    ]);
    const probe = await page.evaluate((color) => {
      const span = document.createElement('span');
      span.style.color = color;
      document.body.append(span);
      const rgb = getComputedStyle(span).color;
      span.remove();
      return rgb;
    }, primary);
    expect(background).toBe(probe);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal().count()).toBe(0);
  });

  it('a value of the wrong shape is refused under its field, in Thai under /th, and nothing is saved', async () => {
    const before = (await listed()).length;
    await page.goto(`${server.url}/th/setting/channel`);
    await page.getByRole('button', { name: 'เชื่อมต่อ LINE' }).click();
    await modal().getByLabel('ชื่อช่องทาง').fill('ร้านบน LINE');
    await modal().getByLabel('Channel ID').fill('12ab');
    await modal().getByLabel('Channel secret').fill('not-hex');
    await modal().getByLabel('Channel access token (แบบระยะยาว)').fill('tok en');
    await modal().getByRole('button', { name: 'เชื่อมต่อ', exact: true }).click();
    const text = await modal().textContent();
    expect(text).toContain('Channel ID ต้องเป็นตัวเลข 0–9 เท่านั้น');
    expect(text).toContain('Channel secret ต้องมีเฉพาะตัวเลข 0–9 และตัวอักษร a–f เท่านั้น');
    expect(text).not.toContain('This value is not in the form the platform gives.');
    expect((await listed()).length).toBe(before);
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/setting/channel`);
    await page.getByRole('button', { name: 'Connect LINE' }).click();
    await modal().getByLabel('Channel name').fill('Shop');
    await modal().getByLabel('Channel ID').fill('12ab');
    await modal().getByRole('button', { name: 'Connect', exact: true }).click();
    expect(await modal().textContent()).toContain('Channel ID holds digits only (0–9).');
    await page.keyboard.press('Escape');
  });

  let webhookUrl = '';

  it('a platform refusing the credentials says so; a fixed token, saved after Yes, tests as connected', async () => {
    await page.goto(`${server.url}/setting/channel`);
    await page.getByRole('button', { name: 'Connect LINE' }).click();
    await modal().getByLabel('Channel name').fill('Shop on LINE');
    await modal().getByLabel('Channel ID').fill('1650000123');
    await modal().getByLabel('Channel secret').fill(SECRET);
    await modal().getByLabel('Channel access token (long-lived)').fill('wrong-token');
    await modal().getByRole('button', { name: 'Connect', exact: true }).click();
    await expect.poll(() => modal().getByTestId('webhook-url').count()).toBe(1);
    webhookUrl = await modal().getByTestId('webhook-url').inputValue();

    await modal().getByRole('button', { name: 'Test connection' }).click();
    const result = modal().getByTestId('connection-result');
    await expect.poll(() => result.textContent(BRIEFLY)).toContain('Connection failed');
    expect(await result.textContent()).toContain('invalid token');

    await modal().getByLabel('Channel access token (long-lived)').fill(line.token);
    await modal().getByRole('button', { name: 'Save', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Save changes' });
    await expect
      .poll(() => question.textContent(BRIEFLY))
      .toContain('Are you sure you want to save changes ?');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => modal().textContent(BRIEFLY)).toContain('save success');
    // The failed test spoke of the old token: it is gone once new credentials are saved.
    expect(await result.count()).toBe(0);

    await modal().getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result.textContent(BRIEFLY)).toContain('Connected');
    const labels = await result.locator('dt').allTextContents();
    expect(labels).toContain('Display name');
    expect(labels).not.toContain('display_name');
    await page.keyboard.press('Escape');
  });

  it("the platform's answer is labelled in Thai under /th; the webhook address is copied", async () => {
    await page.goto(`${server.url}/th/setting/channel`);
    await page.getByRole('button', { name: 'ตั้งค่า — Shop on LINE' }).click();
    await modal().getByRole('button', { name: 'ทดสอบการเชื่อมต่อ' }).click();
    const result = modal().getByTestId('connection-result');
    await expect.poll(() => result.textContent(BRIEFLY)).toContain('เชื่อมต่อสำเร็จ');
    expect(await result.locator('dt').allTextContents()).toContain('ชื่อที่แสดง');
    await modal().getByRole('button', { name: 'คัดลอก' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(webhookUrl);
    await page.keyboard.press('Escape');
  });

  it('switching a channel off asks first; No and Escape keep it on and the form open, Yes switches it off', async () => {
    await page.goto(`${server.url}/setting/channel`);
    const status = () =>
      page
        .getByRole('row', { name: /Shop on LINE/ })
        .locator('.channel-status')
        .textContent();
    await expect.poll(status).toBe('On');
    await page.getByRole('button', { name: 'Settings — Shop on LINE' }).click();
    await modal().getByLabel('Channel is on (receives and sends messages)').uncheck();
    await modal().getByRole('button', { name: 'Save', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Switch off channel' });
    await expect.poll(() => question.textContent(BRIEFLY)).toContain('Switch off Shop on LINE?');
    await question.getByRole('button', { name: 'No' }).click();
    expect(await question.count()).toBe(0);
    await modal().getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => question.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => question.count()).toBe(0);
    expect(await modal().count()).toBe(1);
    expect((await listed()).find((c) => c.name === 'Shop on LINE')?.enabled).toBe(true);

    await modal().getByRole('button', { name: 'Save', exact: true }).click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => modal().textContent(BRIEFLY)).toContain('save success');
    expect((await listed()).find((c) => c.name === 'Shop on LINE')?.enabled).toBe(false);
    // The channel list says so.
    await page.keyboard.press('Escape');
    await expect.poll(status).toBe('Off');
    await page.goto(`${server.url}/th/setting/channel`);
    await expect.poll(status).toBe('ปิด');
  });

  it('Facebook login that cannot load (offline, blocked) says so in Thai', async () => {
    await page.route('https://connect.facebook.net/**', (route) => route.abort());
    await page.goto(`${server.url}/th/setting/channel`);
    await page.getByRole('button', { name: 'เชื่อมต่อ Messenger' }).click();
    await modal().getByLabel('Facebook App ID (ไม่บังคับ)').fill('123456789');
    await modal().getByRole('button', { name: 'ดำเนินการต่อด้วย Facebook' }).click();
    await expect
      .poll(() => modal().locator('.pc-facebook').textContent(BRIEFLY))
      .toContain('โหลดการเข้าสู่ระบบด้วย Facebook ไม่สำเร็จ');
    await page.unroute('https://connect.facebook.net/**');
    await page.keyboard.press('Escape');
  });

  it('Facebook login with no Page says so; a Page picked fills the form', async () => {
    // A stand-in SDK served at Facebook's address, under the console's own CSP (which must let
    // Facebook's SDK in): the login succeeds and lists window.fakePages.
    const fbContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const fb = await fbContext.newPage();
    await fb.route('https://connect.facebook.net/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.FB = { init() {}, login(cb) { cb({ authResponse: {} }); },
          api(path, cb) { cb({ data: window.fakePages }); } };`,
      }),
    );
    await signIn(fb, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await fb.goto(`${server.url}/setting/channel`);
    await fb.evaluate(() => {
      (window as unknown as { fakePages: unknown[] }).fakePages = [];
    });
    await fb.getByRole('button', { name: 'Connect Messenger' }).click();
    const form = fb.getByTestId('platform-channel-modal');
    await form.getByLabel('Facebook app ID (optional)').fill('123456789');
    await form.getByRole('button', { name: 'Continue with Facebook' }).click();
    await expect
      .poll(() => form.locator('.pc-facebook').textContent(BRIEFLY))
      .toContain('This Facebook login manages no Page.');
    await fb.evaluate(() => {
      (window as unknown as { fakePages: unknown[] }).fakePages = [
        { id: '1000001', name: 'Fake Page', access_token: 'page-token' },
      ];
    });
    await form.getByRole('button', { name: 'Continue with Facebook' }).click();
    await form.getByRole('button', { name: 'Fake Page' }).click();
    expect(await form.getByLabel('Page ID').inputValue()).toBe('1000001');
    expect(await form.getByLabel('Channel name').inputValue()).toBe('Fake Page');
    expect(await form.locator('.pc-facebook').textContent()).not.toContain('manages no Page');
    await fbContext.close();
  });

  it('at 768 px the channel form fits without sideways scrolling', async () => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(`${server.url}/th/setting/channel`);
    await page.getByRole('button', { name: 'ตั้งค่า — Shop on LINE' }).click();
    await expect.poll(() => modal().getByTestId('webhook-url').count()).toBe(1);
    const [scroll, client] = await modal().evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  });
});
