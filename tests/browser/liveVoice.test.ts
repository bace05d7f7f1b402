// Spec 2's voice tool in real Chromium with a fake microphone: the composer records a voice note,
// shows the recording bar (red dot, m:ss, Cancel, Stop & send), and sends it through the
// attachment's upload as an .m4a file message the server keeps; Cancel sends nothing; a refused
// microphone says so; the tool row fits at 768 px in English and Thai.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { chatRow, customerSays, newCustomer, signIn } from './liveHelpers';

const SHOTS = process.env.SHOTS_DIR;

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof login>>;
let page: Page;
let followerId: string;

interface Item {
  type: string;
  fileName?: string;
  fileSize?: number;
  originalContentUrl?: string;
}

const api = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: owner.headers });
  return { status: res.status, body: await res.json() };
};
const messages = async (): Promise<{ messages_sent?: Item[] }[]> =>
  (await api(`/api/chat/messages?follower_id=${followerId}&skip=0&limit=20`)).body.list;
const bar = () => page.getByTestId('voice-bar');
const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

beforeAll(async () => {
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([
    startServer(),
    // getUserMedia answers at once with a fake microphone (a beeping tone).
    launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
  ]);
  owner = await login(server.url);
  const customer = await newCustomer(server.url, owner.widgetId, 'Mali Voice');
  await customerSays(server.url, customer, 'Can you call me back?');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`${server.url}/live`);
  await chatRow(page, 'Mali Voice').click();
  await page.getByRole('button', { name: 'Take', exact: true }).click();
  // The click answers before the server has stored the take: wait until the chat is pinned (ours).
  followerId = await eventually(async () => {
    const id: string | undefined = (await api('/api/chat/followers?chat_type=all')).body.chat_pin.data[0]
      ?._id;
    if (!id) throw new Error('the take is not stored: no pinned chat');
    return id;
  }, 10_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('voice notes in the composer', () => {
  it('records with the microphone, shows the recording bar, and sends an .m4a file message the server keeps', async () => {
    const before = (await messages()).length;
    await page.getByRole('button', { name: 'Record a voice message' }).click();
    await expect.poll(() => bar().getAttribute('data-phase', BRIEFLY)).toBe('recording');
    // The bar takes the composer row's place; the reply box is hidden meanwhile.
    expect(await page.getByRole('textbox', { name: 'Reply' }).isVisible()).toBe(false);
    expect(await bar().getByText('Recording').isVisible()).toBe(true);
    await page.waitForTimeout(1500);
    expect(await bar().getByRole('timer').textContent()).toMatch(/^0:0[1-3]$/);
    await shot('voice-recording-first');

    await bar().getByRole('button', { name: 'Stop & send' }).click();
    await expect.poll(() => bar().count()).toBe(0);
    const card = page.getByTestId('file-card').last();
    await expect
      .poll(() => card.locator('.file-name').textContent(BRIEFLY))
      .toMatch(/^voice-\d{8}-\d{6}\.m4a$/);
    expect(await card.textContent()).toContain('M4A');
    // Pending first (no link yet), then the stored file with its Download link.
    await expect.poll(() => card.getByRole('link', { name: 'Download' }).count()).toBe(1);

    // Stored by the server as a file message (spec 3 has no audio item), with its bytes.
    await expect.poll(async () => (await messages()).length).toBe(before + 1);
    const [item] = (await messages()).at(-1)?.messages_sent ?? [];
    expect(item.type).toBe('file');
    expect(item.fileName).toMatch(/^voice-\d{8}-\d{6}\.m4a$/);
    expect(item.fileSize).toBeGreaterThan(1000);
    const file = await fetch(new URL(item.originalContentUrl ?? '', server.url), { headers: owner.headers });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('audio/mp4');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(item.fileSize);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // The reply box is back, with the caret in it.
    await expect
      .poll(() =>
        page.getByRole('textbox', { name: 'Reply' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
  });

  it('Cancel throws the recording away and sends nothing', async () => {
    const before = (await messages()).length;
    await page.getByRole('button', { name: 'Record a voice message' }).click();
    await expect.poll(() => bar().getAttribute('data-phase', BRIEFLY)).toBe('recording');
    await page.waitForTimeout(600);
    await bar().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => bar().count()).toBe(0);
    await page.waitForTimeout(800);
    expect((await messages()).length).toBe(before);
    expect(await page.locator('.upload', { hasText: 'voice-' }).count()).toBe(0);
  });

  it('another screen throws the recording away and lets the microphone go; back in the inbox, nothing was sent', async () => {
    const before = (await messages()).length;
    // Keeps the microphone's tracks the page is given, to see them ended.
    await page.evaluate(() => {
      const md = navigator.mediaDevices as MediaDevices & { tracks?: MediaStreamTrack[] };
      const real = md.getUserMedia.bind(md);
      md.tracks = [];
      md.getUserMedia = async (c) => {
        const stream = await real(c);
        md.tracks?.push(...stream.getTracks());
        return stream;
      };
    });
    const trackStates = () =>
      page.evaluate(() =>
        ((navigator.mediaDevices as MediaDevices & { tracks?: MediaStreamTrack[] }).tracks ?? []).map(
          (t) => t.readyState,
        ),
      );
    await page.getByRole('button', { name: 'Record a voice message' }).click();
    await expect.poll(() => bar().getAttribute('data-phase', BRIEFLY)).toBe('recording');
    expect(await trackStates()).toEqual(['live']);
    await page.locator('.left-menu a[href$="/contact-list"]').click();
    await page.locator('main h1:visible', { hasText: 'Contact List' }).waitFor();
    await expect.poll(trackStates, BRIEFLY).toEqual(['ended']);
    await page.locator('.left-menu a[href$="/live"]').click();
    await page.getByRole('button', { name: 'Record a voice message' }).waitFor();
    expect(await bar().count()).toBe(0);
    await page.waitForTimeout(800);
    expect((await messages()).length).toBe(before);
  });

  it('a refused microphone says so, and the composer stays usable', async () => {
    await page.evaluate(() => {
      const md = navigator.mediaDevices as MediaDevices & { realGetUserMedia?: MediaDevices['getUserMedia'] };
      md.realGetUserMedia = md.getUserMedia.bind(md);
      md.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: 'Record a voice message' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(BRIEFLY))
      .toContain('Microphone access was refused.');
    expect(await bar().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Record a voice message' }).isEnabled()).toBe(true);
    await page.evaluate(() => {
      const md = navigator.mediaDevices as MediaDevices & { realGetUserMedia?: MediaDevices['getUserMedia'] };
      if (md.realGetUserMedia) md.getUserMedia = md.realGetUserMedia;
    });
  });

  it.each([
    ['en', 1440],
    ['en', 768],
    ['th', 1440],
    ['th', 768],
  ] as const)('%s at %i px: the tool row fits and the bar is laid out', async (lang, width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}${lang === 'th' ? '/th' : ''}/live`);
    await chatRow(page, 'Mali Voice').click();
    const mic = page.getByTestId('voice-button');
    await mic.waitFor();
    expect(await mic.getAttribute('aria-label')).toBe(
      lang === 'th' ? 'บันทึกข้อความเสียง' : 'Record a voice message',
    );
    expect(await mic.getAttribute('title')).toBe(await mic.getAttribute('aria-label'));
    // Nothing in the composer row spills out of the message pane.
    const fits = await page.evaluate(() => {
      const pane = document.querySelector('[data-testid="message-pane"]')?.getBoundingClientRect();
      const row = document.querySelector('.composer-row');
      const tools = document.querySelector('.composer-tools');
      if (!pane || !row || !tools) return 'missing';
      const parts = [...row.children].map((el) => el.getBoundingClientRect());
      return (
        parts.every((r) => r.right <= pane.right + 0.5 && r.left >= pane.left - 0.5) &&
        tools.scrollWidth <= tools.clientWidth
      );
    });
    expect(fits).toBe(true);
    await shot(`voice-tools-${lang}-${width}`);
    await mic.click();
    await expect.poll(() => bar().getAttribute('data-phase', BRIEFLY)).toBe('recording');
    await page.waitForTimeout(1200);
    const barFits = await page.evaluate(() => {
      const pane = document.querySelector('[data-testid="message-pane"]')?.getBoundingClientRect();
      const buttons = [...document.querySelectorAll('.voice-bar button')].map((b) =>
        b.getBoundingClientRect(),
      );
      return !!pane && buttons.length === 2 && buttons.every((r) => r.right <= pane.right + 0.5);
    });
    expect(barFits).toBe(true);
    if (lang === 'th') expect(await bar().textContent()).toContain('กำลังบันทึก');
    await shot(`voice-bar-${lang}-${width}`);
    await bar()
      .getByRole('button', { name: lang === 'th' ? 'ยกเลิก' : 'Cancel' })
      .click();
    await expect.poll(() => bar().count()).toBe(0);
  });
});
