// Issue 8 in real Chromium: the media page (upload with progress, refusals with spec 8's
// warnings, cancel, search, folders, move, drag-and-drop) and the picker other screens open,
// mounted on a bare harness page since the chat composer is built in the live-chat issue.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { jpeg, mediaClient, pdf, png } from '../server/media/fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
let server: TestServer;
let browser: Browser;
let harness: { js: string; css: string };

async function buildHarness() {
  const result = await esbuild.build({
    entryPoints: [path.join(here, 'harness/mediaPicker.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    outdir: '/harness',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const text = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { js: text('.js'), css: text('.css') };
}

beforeAll(async () => {
  [server, browser, harness] = await Promise.all([startServer(), launchBrowser(), buildHarness()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(page: Page) {
  await page.goto(`${server.url}/`);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/dashboard`);
}

const card = (page: Page, name: string) => page.locator('.media-card', { hasText: name });
const upload = (name: string, buffer: Buffer, mimeType = '') => ({ name, mimeType, buffer });

/** Opens the media picker on its own page (tests/browser/harness/mediaPicker.tsx) with `query`. */
async function openPicker(page: Page, query: string) {
  const harnessUrl = `${server.url}/__media-picker-harness`;
  await page.route(`${harnessUrl}**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><style>${harness.css}</style></head><body><div id="root"></div><script type="module" src="/__media-picker-harness.js"></script></body></html>`,
    }),
  );
  await page.route(`${server.url}/__media-picker-harness.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: harness.js }),
  );
  await page.goto(`${harnessUrl}${query}`);
}

describe('media page', () => {
  it('uploads, refuses bad files with the spec 8 warnings, searches, makes a folder and moves a file', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/media`);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('Media Library');
    await expect.poll(() => page.getByTestId('media-empty').isVisible()).toBe(true);

    await page
      .getByTestId('media-file-input')
      .setInputFiles([
        upload('summer-sale.png', await png(120, 80), 'image/png'),
        upload('price-list.pdf', pdf(), 'application/pdf'),
        upload('winter.jpg', await jpeg(), 'image/jpeg'),
      ]);
    // Each upload is drawn by sharp on the server; beside the other test files on a busy 2-core
    // machine three of them once took over 10 s. A failure names each row's state.
    await expect
      .poll(
        () =>
          page
            .locator('[data-upload-state]')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-upload-state'))),
        {
          timeout: 30_000,
        },
      )
      .toEqual(['success', 'success', 'success']);
    await expect.poll(() => page.locator('.media-card').count()).toBe(3);
    expect(await card(page, 'summer-sale.png').textContent()).toContain('120 × 80');
    await expect.poll(() => page.locator('.media-storage').textContent(BRIEFLY)).not.toContain('0 Bytes of');

    // Refused in the browser: a program renamed .jpg cannot be drawn, and a .zip is not allowed.
    await page
      .getByTestId('media-file-input')
      .setInputFiles([
        upload('holiday.jpg', Buffer.from('MZ not a picture')),
        upload('archive.zip', Buffer.from('PK')),
      ]);
    const warning = page.getByRole('alertdialog');
    await expect.poll(() => warning.locator('h2').textContent(BRIEFLY)).toBe("Something's wrong");
    expect(await warning.textContent()).toContain('Image have no resolution');
    expect(await warning.textContent()).toContain('Not allow file type');
    await warning.getByRole('button', { name: 'Close' }).click();

    // Refused by the server, whose bytes check sees through a text file named .pdf: marked failed.
    await page.getByTestId('media-file-input').setInputFiles([upload('fake.pdf', Buffer.from('plain text'))]);
    const failed = page.locator('[data-upload-state="fail"]');
    await expect.poll(() => failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('Not allow file type');
    expect(await failed.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

    await page.getByLabel('Search files').fill('summer');
    await expect.poll(() => page.locator('.media-card').count()).toBe(1);
    await page.getByLabel('Search files').fill('');
    await expect.poll(() => page.locator('.media-card').count()).toBe(3);

    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Campaigns');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const campaigns = page.locator('.media-folder-open', { hasText: 'Campaigns' });
    await expect.poll(() => campaigns.getAttribute('aria-current', BRIEFLY)).toBe('true');
    await page.locator('.media-folder-open', { hasText: 'Default folder' }).click();
    await expect.poll(() => page.locator('.media-card').count()).toBe(3);

    await card(page, 'price-list.pdf').getByRole('checkbox').check();
    await page.getByRole('toolbar').getByRole('button', { name: 'Move' }).click();
    await page.getByRole('dialog').getByRole('combobox').selectOption({ label: 'Campaigns' });
    await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
    await expect.poll(() => page.locator('.media-card').count()).toBe(2);
    await campaigns.click();
    await expect.poll(() => page.locator('.media-card').count()).toBe(1);
    expect(await page.locator('.media-card').textContent()).toContain('price-list.pdf');
    await page.close();
  });

  it('uploads dropped files and cancels an upload that is under way', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/th/media`);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('คลังสื่อ');
    await expect.poll(() => page.locator('.media-card').count()).toBeGreaterThan(0);
    const before = await page.locator('.media-card').count();

    const bytes = [...(await png(30, 30))];
    await page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
      const zone = document.querySelector('.media-files') as HTMLElement;
      zone.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, bytes);
    await expect.poll(() => page.locator('.media-card').count()).toBe(before + 1);
    expect(await card(page, 'dropped.png').isVisible()).toBe(true);

    // Hold the next upload on the wire so it can be cancelled while sending.
    let release: () => void = () => {};
    await page.route('**/api/file/upload', async (route) => {
      await new Promise<void>((r) => {
        release = r;
      });
      // The browser has dropped the request by then; nothing is left to answer.
      await route.abort().catch(() => undefined);
    });
    await page.getByTestId('media-file-input').setInputFiles([upload('slow.pdf', pdf('slow'))]);
    const row = page.locator('.media-upload', { hasText: 'slow.pdf' });
    await expect.poll(() => row.getAttribute('data-upload-state', BRIEFLY)).toBe('sending');
    await row.getByRole('button').click();
    await expect.poll(() => row.getAttribute('data-upload-state', BRIEFLY)).toBe('cancel');
    expect(await row.textContent()).toContain('ผู้ใช้ยกเลิกการทำงาน');
    release();
    await page.unroute('**/api/file/upload');
    await page.close();
  });
});

describe('folder actions', () => {
  // The menu of the last folder used to open inside the scrolling folder list and be cut off.
  it('shows the folder menu in full, renames and deletes a folder through it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/media`);
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Drafts');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const folders = page.locator('.media-folder-open');
    await expect.poll(() => folders.filter({ hasText: 'Drafts' }).count()).toBe(1);

    const lastName = (await folders.last().locator('.media-folder-name').textContent()) ?? '';
    await page.getByRole('button', { name: `Actions for ${lastName}` }).click();
    const menu = page.locator('.media-menu');
    // Every item can be seen and hit where it is drawn, without scrolling anything.
    const hits = await menu.locator('button').evaluateAll((buttons) =>
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    );
    expect(hits.length).toBeGreaterThan(1);
    expect(hits.every(Boolean)).toBe(true);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Actions for Drafts' }).click();
    await menu.getByRole('button', { name: 'Rename folder' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Drafts 2025');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => folders.filter({ hasText: 'Drafts 2025' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Actions for Drafts 2025' }).click();
    await menu.getByRole('button', { name: 'Delete folder' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => folders.filter({ hasText: 'Drafts 2025' }).count()).toBe(0);
    await page.close();
  });
});

describe('video posters', () => {
  it('draws a poster frame in the browser and keeps it as the video thumbnail', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/media`);
    await expect.poll(() => page.locator('.media-files').isVisible()).toBe(true);
    // A real video made here: one second of a canvas recorded as WebM (a Matroska file, .mkv).
    const bytes = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start();
      const started = performance.now();
      while (performance.now() - started < 1000) {
        context.fillStyle = `hsl(${Math.round(performance.now() - started) % 360} 80% 50%)`;
        context.fillRect(0, 0, 320, 180);
        await new Promise((r) => requestAnimationFrame(r));
      }
      recorder.stop();
      await stopped;
      return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
    });
    await page.getByTestId('media-file-input').setInputFiles([upload('clip.mkv', Buffer.from(bytes), '')]);
    const clip = card(page, 'clip.mkv');
    await expect.poll(() => clip.count()).toBe(1);
    await expect.poll(() => clip.locator('.media-thumb-video img').count()).toBe(1);
    const poster = await clip.locator('.media-thumb-video img').getAttribute('src');
    expect(poster).toMatch(/\/media\/thumbs\/[a-z0-9]{20}\.webp$/);
    expect((await fetch(poster as string)).headers.get('content-type')).toBe('image/webp');
    await page.close();
  });
});

describe('media picker', () => {
  it('shows only images, picks at most the limit and hands back the files', async () => {
    const session = await login(server.url);
    const api = mediaClient(server.url, session);
    for (const name of ['a.png', 'b.png', 'c.png']) await api.upload([{ name, body: await png(50, 50) }]);
    await api.upload([{ name: 'manual.pdf', body: pdf() }]);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await openPicker(page, '?accept=image&limit=2');
    const picker = page.getByRole('dialog', { name: 'Choose from the media library' });
    await expect.poll(() => picker.locator('.media-card').count()).toBeGreaterThanOrEqual(3);
    expect(await picker.locator('.media-card', { hasText: 'manual.pdf' }).count()).toBe(0);
    expect(await picker.getByRole('combobox', { name: 'Type' }).count()).toBe(0);

    for (const name of ['a.png', 'b.png', 'c.png'])
      await picker.locator('.media-card', { hasText: name }).locator('.media-card-open').click();
    await expect.poll(() => picker.locator('.media-card.selected').count()).toBe(2);
    expect(await picker.textContent()).toContain('Choose up to 2 files · 2 selected');
    await picker.getByRole('button', { name: 'Use selected' }).click();
    await expect
      .poll(() => page.evaluate(() => window.picked?.map((f) => f.name).sort()))
      .toEqual(['a.png', 'b.png']);
    const picked = await page.evaluate(() => window.picked?.[0]);
    expect(picked?.url).toMatch(new RegExp(`^${server.url}/media/[a-z0-9]{20}/a.png$`));
    expect(picked?.isImage).toBe(true);
    await page.close();
  });
});

describe('selection, counts and names', () => {
  const folderButton = (page: Page, name: string) => page.locator('.media-folder-open', { hasText: name });

  // Picks in one folder used to stay picked after opening another, so the bulk delete there also
  // deleted files the user could not see.
  it('drops the picks when another folder opens, so a bulk delete touches only files on screen', async () => {
    const api = mediaClient(server.url, await login(server.url));
    const a = (await api.post('/api/folder/create', { name: 'Pick A' })).body.folderId;
    const b = (await api.post('/api/folder/create', { name: 'Pick B' })).body.folderId;
    await api.upload([{ name: 'stays-in-a.pdf', body: pdf('stays a') }], a);
    await api.upload([{ name: 'goes-in-b.pdf', body: pdf('goes b') }], b);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/media`);
    await folderButton(page, 'Pick A').click();
    await expect.poll(() => card(page, 'stays-in-a.pdf').count()).toBe(1);
    await card(page, 'stays-in-a.pdf').getByRole('checkbox').check();
    await expect.poll(() => page.locator('.media-bulk').textContent(BRIEFLY)).toContain('1 selected');

    await folderButton(page, 'Pick B').click();
    await expect.poll(() => card(page, 'goes-in-b.pdf').count()).toBe(1);
    expect(await page.locator('.media-bulk').count()).toBe(0);
    await card(page, 'goes-in-b.pdf').getByRole('checkbox').check();
    await expect.poll(() => page.locator('.media-bulk').textContent(BRIEFLY)).toContain('1 selected');
    await page.locator('.media-bulk').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => card(page, 'goes-in-b.pdf').count()).toBe(0);

    const left = await api.get(`/api/file/list?folderId=${a}`);
    expect(left.body.files.map((f: { name: string }) => f.name)).toEqual(['stays-in-a.pdf']);
    await folderButton(page, 'Pick A').click();
    await expect.poll(() => card(page, 'stays-in-a.pdf').count()).toBe(1);
    expect(await card(page, 'stays-in-a.pdf').getByRole('checkbox').isChecked()).toBe(false);
    await page.close();
  });

  it('an image picker counts the images of each folder and says how many picks are in other folders', async () => {
    const api = mediaClient(server.url, await login(server.url));
    const pics = (await api.post('/api/folder/create', { name: 'Pics only' })).body.folderId;
    await api.upload(
      [
        { name: 'pic.png', body: await png(44, 44) },
        { name: 'notes-1.pdf', body: pdf('notes 1') },
        { name: 'notes-2.pdf', body: pdf('notes 2') },
      ],
      pics,
    );

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await openPicker(page, '?accept=image');
    const picker = page.getByRole('dialog', { name: 'Choose from the media library' });
    const count = (name: string) => folderButton(page, name).locator('.media-folder-count').textContent();

    await folderButton(page, 'Pics only').click();
    await expect.poll(() => picker.locator('.media-card').count()).toBe(1);
    expect(await count('Pics only')).toBe('1');
    await picker.locator('.media-card', { hasText: 'pic.png' }).locator('.media-card-open').click();

    await folderButton(page, 'Default folder').click();
    await expect.poll(() => picker.locator('.media-card', { hasText: 'pic.png' }).count()).toBe(0);
    await expect.poll(() => picker.locator('.media-card').count()).toBeGreaterThan(0);
    expect(await count('Default folder')).toBe(String(await picker.locator('.media-card').count()));
    expect(await picker.getByTestId('media-pick-elsewhere').textContent()).toContain('1 not shown here');
    await page.close();
  });

  it('refuses a rename to a name upload would not keep, in Thai, naming the field', async () => {
    const th = JSON.parse(fs.readFileSync(path.join(here, '../../locales/th.json'), 'utf8'));
    const api = mediaClient(server.url, await login(server.url));
    const folder = (await api.post('/api/folder/create', { name: 'Names' })).body.folderId;
    await api.upload([{ name: 'offer.pdf', body: pdf('offer') }], folder);

    const page = await browser.newPage({ viewport: { width: 768, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/th/media`);
    await folderButton(page, 'Names').click();
    await card(page, 'offer.pdf').locator('.media-card-open').click();
    await page.getByRole('dialog').getByRole('button', { name: th.media.rename }).click();
    const dialog = page.getByRole('dialog', { name: th.media.rename });
    await dialog.getByLabel(th.media.fileName).fill('offer <b>');
    await dialog.getByRole('button', { name: th.media.save }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent(BRIEFLY))
      .toBe(th.messages.server.fileNameCharacters);
    expect(await dialog.getByLabel(th.media.fileName).getAttribute('aria-invalid')).toBe('true');
    const list = await api.get(`/api/file/list?folderId=${folder}`);
    expect(list.body.files.map((f: { name: string }) => f.name)).toEqual(['offer.pdf']);
    await page.close();
  });
});
