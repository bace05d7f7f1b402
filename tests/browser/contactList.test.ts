// The contact list in real Chromium, as a user works it: a date typed that is no date is refused
// under its field (it used to reach the form as '' and clear the stored day), a refusal of the
// server naming a field shows under that field, and a new sort or filter asks for its first page
// without the old sort's cursor (which the server refused with a 500).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { signIn } from './liveHelpers';

let server: TestServer;
let browser: Browser;

async function call(method: string, path: string, body?: unknown) {
  const { 'content-type': _json, ...headers } = (await login(server.url)).headers;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const birthdayOf = async (id: string) =>
  (await call('GET', `/api/contact/${id}`)).contact.contact_detail.find(
    (d: { key: string }) => d.key === 'birthday',
  )?.value;

let danaId: string;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await call('POST', '/api/contact/fields', { key: 'birthday', label: 'Birthday', type: 'date' });
  await call('POST', '/api/contact/fields', { key: 'shoe_size', label: 'Shoe size', type: 'other' });
  danaId = (
    await call('POST', '/api/contact/create', {
      line_name: 'Dana Date',
      contact_detail: [{ key: 'birthday', value: '1990-03-21' }],
    })
  ).contact._id;
  for (let i = 0; i < 55; i++) await call('POST', '/api/contact/create', { line_name: `Pager ${i}` });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openContact(page: Page, prefix: string, name: string) {
  await page.goto(`${server.url}${prefix}/contact-list`);
  await page.locator('input[type=search]:visible').fill(name);
  const row = page.getByTestId('contact-row').filter({ hasText: name });
  await expect.poll(() => page.getByTestId('contact-row').count()).toBe(1);
  await row.click();
  const drawer = page.getByTestId('contact-drawer');
  await expect.poll(() => drawer.isVisible()).toBe(true);
  return drawer;
}

describe('contact details', () => {
  it('a date typed that is no date is refused under its field; the stored day stays (en and /th)', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const [prefix, save, english] of [
      ['', 'Save', true],
      ['/th', 'บันทึก', false],
    ] as const) {
      const drawer = await openContact(page, prefix, 'Dana Date');
      const birthday = drawer.locator('.st-field', { hasText: 'Birthday' });
      await birthday.locator('input.date-field-input').fill('31/02/1990');
      await drawer.getByRole('button', { name: save, exact: true }).click();
      const error = birthday.locator('small.error');
      await expect.poll(() => error.count()).toBe(1);
      const text = (await error.textContent()) ?? '';
      if (english) expect(text).toBe('date is invalid format');
      else expect(text).toMatch(/[\u0E00-\u0E7F]/);
      // Nothing is asked, nothing is sent: the contact keeps its birthday.
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await birthdayOf(danaId)).toBe('1990-03-21');
      // Cancel draws the box anew with the stored day, and the error goes.
      await drawer.locator('.ct-drawer-foot button').first().click();
      await expect
        .poll(() => birthday.locator('input.date-field-input').inputValue(BRIEFLY))
        .toBe('21/03/1990');
      expect(await error.count()).toBe(0);
    }
    // Emptying the box on purpose still clears the day.
    const drawer = await openContact(page, '', 'Dana Date');
    const birthday = drawer.locator('.st-field', { hasText: 'Birthday' });
    await birthday.locator('input.date-field-input').fill('');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save changes' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => birthdayOf(danaId)).toBe(null);
    await page.close();
  });

  it("the server's refusal of a field shows under that field (a field removed while the details are open)", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const drawer = await openContact(page, '', 'Dana Date');
    const shoe = drawer.locator('.st-field', { hasText: 'Shoe size' });
    await shoe.locator('input').fill('42');
    const fields = await call('GET', '/api/contact/fields');
    const field = fields.list.find((f: { key: string }) => f.key === 'shoe_size');
    await call('DELETE', `/api/contact/fields/${field._id}`);
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save changes' }).getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(() => shoe.locator('small.error').textContent(BRIEFLY))
      .toBe('This field does not exist.');
    await page.close();
  });
});

describe('contact dialogs in Thai', () => {
  it("the import and field dialogs' own checks speak Thai under /th", async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/th/contact-list`);
    const thai = /^[\u0E00-\u0E7F0-9_ ,.()]+$/;
    // Import without a file.
    await page.getByRole('button', { name: 'นำเข้า', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'นำเข้า' });
    await importDialog.getByRole('button', { name: 'นำเข้า', exact: true }).click();
    await expect.poll(() => importDialog.locator('.st-error').textContent(BRIEFLY)).toMatch(thai);
    await importDialog.getByRole('button', { name: 'ยกเลิก' }).click();
    // A field key that is no key.
    await page.getByRole('button', { name: 'ฟิลด์ผู้ติดต่อ' }).click();
    const fieldsDialog = page.getByRole('dialog', { name: 'ฟิลด์ผู้ติดต่อ' });
    await fieldsDialog.locator('.st-section input').nth(1).fill('1 bad key');
    await fieldsDialog.getByRole('button', { name: /เพิ่มฟิลด์/ }).click();
    await expect.poll(() => fieldsDialog.locator('small.st-error').textContent(BRIEFLY)).toMatch(thai);
    await page.close();
  });
});

describe('contact list paging', () => {
  it("a new sort starts from its first page without the old sort's cursor", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const asked: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/contact/list')) asked.push({ url: r.url(), status: r.status() });
    });
    await page.goto(`${server.url}/contact-list`);
    await page.getByLabel('Sort').selectOption('name:asc');
    await expect
      .poll(() => page.getByTestId('contact-row').first().textContent(BRIEFLY))
      .toContain('Dana Date');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator('.st-pager').textContent(BRIEFLY)).toContain('51–');
    await page.getByLabel('Sort').selectOption('created:asc');
    await expect
      .poll(() => page.getByTestId('contact-row').first().textContent(BRIEFLY))
      .toContain('Dana Date');
    await expect.poll(() => page.locator('.st-pager').textContent(BRIEFLY)).toContain('1–50');
    await page.waitForTimeout(300);
    const created = asked.filter((a) => new URL(a.url).searchParams.get('sort') === 'created');
    expect(created.length).toBeGreaterThan(0);
    expect(created.filter((a) => new URL(a.url).searchParams.has('cursor'))).toEqual([]);
    expect(asked.filter((a) => a.status !== 200)).toEqual([]);
    await page.close();
  });
});
