// The set-up every browser test file shares: one real server and one Chromium for the file, the
// owner signed in over HTTP, calls made as the owner, and the console's sign-in form.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from './server';

export type Owner = Awaited<ReturnType<typeof login>>;

/** The sign-in form's labels per language (locales: login.email, login.password, login.submit). */
const FORM = {
  en: { email: 'Email', password: 'Password', submit: 'Sign in' },
  th: { email: 'อีเมล', password: 'รหัสผ่าน', submit: 'เข้าสู่ระบบ' },
};

export interface SignInOptions {
  /** Where the console lands after signing in (default /dashboard, the owner's). */
  path?: string;
  /** The form's language: `th` signs in at /th/ and lands under /th. */
  lang?: keyof typeof FORM;
  email?: string;
  password?: string;
}

export class BrowserSuite {
  /** Set in beforeAll. */
  server!: TestServer;
  browser!: Browser;
  owner!: Owner;

  /** A call as the owner; the status and the JSON body. */
  call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${this.server.url}${path}`, {
      method,
      headers: this.owner.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: wire payloads; each call reads what it needs.
    return { status: res.status, body: (await res.json()) as any };
  };

  /** A call as the owner that must answer 200; its JSON body. */
  ok = async (method: string, path: string, body?: unknown) => {
    const res = await this.call(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };

  /** Fills the console's sign-in form (the owner's by default) and waits for the landing page. */
  signIn = async (page: Page, options: SignInOptions = {}) => {
    const { path = '/dashboard', lang = 'en', email = ADMIN_EMAIL, password = ADMIN_PASSWORD } = options;
    const prefix = lang === 'en' ? '' : `/${lang}`;
    const form = FORM[lang];
    await page.goto(`${this.server.url}${prefix}/`);
    await page.getByLabel(form.email).fill(email);
    await page.getByLabel(form.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: form.submit }).click();
    await page.waitForURL(`${this.server.url}${prefix}${path}`);
  };
}

/**
 * Call at a test file's top level: registers beforeAll/afterAll that start the server (with
 * `options`, e.g. env) and Chromium and sign the owner in; the fields are filled from then on.
 */
export function browserSuite(options: Parameters<typeof startServer>[0] = {}): BrowserSuite {
  const suite = new BrowserSuite();
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(options), launchBrowser()]);
    suite.owner = await login(suite.server.url);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
