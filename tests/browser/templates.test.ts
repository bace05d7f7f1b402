// The template editor end to end (issue 6): build a two-bubble carousel with a button and an image
// map from scratch, save, reload, send the carousel into a chat, and check that the chat stored
// exactly the schema-valid flex the converter produces; plus the spec's dialogs on the way.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFlexMessage } from '../../core/template/flex';
import { receiveCustomerMessage } from '../../server/chat/inbound';
import { validatorFor } from '../core/template/lineSchema';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { signIn } from './liveHelpers';

const lineMessage = validatorFor('Message');
let server: TestServer;
let browser: Browser;
let page: Page;
let session: Awaited<ReturnType<typeof login>>;
let followerId: string;

const api = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: session.headers });
  return res.json();
};

beforeAll(async () => {
  server = await startServer();
  session = await login(server.url);
  const chat = await receiveCustomerMessage(server.app.ctx, {
    channel: { id: session.widgetId, accountId: session.accountId, type: 'widget' },
    externalId: 'template-visitor',
    profile: { name: 'Nok Tester' },
    items: [{ type: 'text', text: 'Any offers today?' }],
  });
  followerId = chat!.follower._id;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const settings = () => page.getByTestId('block-settings');

async function addBlock(kind: string) {
  await page.getByTestId(`palette-${kind}`).click();
  await expect.poll(() => settings().count()).toBe(1);
}

describe('message template editor', () => {
  it('builds a two-bubble carousel, saves, reloads and sends it to a chat', async () => {
    await page.goto(`${server.url}/message-template`);
    await page.getByTestId('templates-empty').waitFor();
    await page.getByTestId('create-template').click();
    await page.getByTestId('template-editor').waitFor();

    await page.getByLabel('Template name').fill('Summer cards');
    await page.getByTestId('preset-custom').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByTestId('block-row').count()).toBe(0);

    // Bubble 1: image, title, button that opens a page. Saving too early names the missing image.
    await addBlock('imageCover');
    await page.getByTestId('save').click();
    await page.getByText('Unable to save data').waitFor();
    await page.getByText('Please make sure all required fields are filled out correctly.').waitFor();
    await page.getByRole('button', { name: 'Close' }).last().click();
    const imageField = page.locator('[data-field="items[0].contents[0].url"]');
    expect(await imageField.getByTestId('field-error').textContent()).toBe('This field is required.');
    await settings().getByLabel('Image address').fill('https://cdn.example.com/summer/one.png');
    await addBlock('textHeader');
    await settings().getByLabel('Text', { exact: true }).fill('First card');
    await addBlock('button');
    await settings().getByLabel('Button label').fill('Buy now');
    await settings().getByLabel('Action', { exact: true }).selectOption('uri');
    await settings().getByLabel('URL', { exact: true }).fill('shop.example.com');
    await expect.poll(() => settings().getByText('url is invalid format').count()).toBe(1);
    await settings().getByLabel('URL', { exact: true }).fill('https://shop.example.com/summer');

    // Bubble 2: a text and a button that sends a message, then the button dragged (by keyboard) on top.
    await page.getByTestId('add-bubble').click();
    await addBlock('textHeader');
    await settings().getByLabel('Text', { exact: true }).fill('Second card');
    await addBlock('button');
    await settings().getByLabel('Button label').fill('Tell me more');
    await settings().getByLabel('Action', { exact: true }).selectOption('message');
    await settings().getByLabel('Message text').fill('More about the second card, please');
    const rows = page.getByTestId('block-row');
    await rows.nth(1).locator('.tpl-handle').focus();
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      // dnd-kit measures and animates between steps.
      await page.waitForTimeout(200);
    }
    await expect.poll(() => rows.first().getAttribute('data-kind', BRIEFLY)).toBe('button');

    // The live preview draws both bubbles as LINE would, and nothing is left to fix.
    await expect.poll(() => page.getByTestId('line-bubble').count()).toBe(2);
    expect(await page.getByTestId('line-bubble').first().getAttribute('data-size')).toBe('mega');
    await page.getByTestId('ready').waitFor();
    await page.getByTestId('channels-tab').click();
    expect(await page.getByTestId('channel-messenger').locator('.tpl-badge').textContent()).toBe('Can send');

    await page.getByTestId('save').click();
    await page.getByText('save success').first().waitFor();
    await page.waitForURL(/\/message-template\/[a-z0-9]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;

    await page.reload();
    await page.getByTestId('template-editor').waitFor();
    expect(await page.getByLabel('Template name').inputValue()).toBe('Summer cards');
    expect(await page.getByTestId('bubble-tab').count()).toBe(2);
    await page.getByTestId('bubble-tab').nth(1).click();
    expect(await rows.first().getAttribute('data-kind')).toBe('button');

    await page.getByTestId('send-test').click();
    await page.getByText('Nok Tester').filter({ visible: true }).click();
    await page.getByTestId('send-confirm').click();
    await page.getByText('Sent to Nok Tester.').waitFor();

    const saved = await api(`/api/message-template/${id}`);
    expect(saved.kind).toBe('carousel');
    const expected = toFlexMessage(saved.form, { mode: 'submit', values: {}, fallbackName: saved.name });
    if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
    const chat = await api(`/api/chat/messages?follower_id=${followerId}`);
    const sent = chat.list.filter((m: { type: string }) => m.type === 'reply');
    expect(sent).toHaveLength(1);
    expect(sent[0].messages_sent).toEqual([expected.message]);
    expect(lineMessage(sent[0].messages_sent[0])).toEqual([]);
    const [first, second] =
      expected.message.contents.type === 'carousel' ? expected.message.contents.contents : [];
    expect(JSON.stringify(first)).toContain('https://shop.example.com/summer');
    expect(JSON.stringify(second)).toContain('More about the second card, please');
  });

  it('builds a vertical image map with a live grid and saves the LINE imagemap', async () => {
    await page.goto(`${server.url}/message-template/new?kind=imagemap`);
    await page.getByTestId('imagemap-editor').waitFor();
    await page.getByLabel('Template name').fill('Spring map');
    await page.getByLabel('Image address').fill('https://cdn.example.com/imagemap/spring');
    await page.getByTestId('layout-vertical-2').click();
    const canvas = page.getByTestId('imagemap-canvas').first();
    await expect.poll(() => canvas.locator('.tpl-area').count()).toBe(2);
    const area = page.getByTestId('area-settings');
    await area.getByLabel('Action', { exact: true }).selectOption('uri');
    await area.getByLabel('URL', { exact: true }).fill('https://shop.example.com/left');
    await canvas.getByRole('button', { name: 'Area 2' }).click();
    await area.getByLabel('Action', { exact: true }).selectOption('message');
    await area.getByLabel('Message text').fill('The right one');
    await page.getByTestId('ready').waitFor();
    await page.getByTestId('save').click();
    await page.getByText('save success').first().waitFor();
    await page.waitForURL(/\/message-template\/[a-z0-9]+$/);
    const saved = await api(`/api/message-template/${new URL(page.url()).pathname.split('/').pop()}`);
    expect(saved.kind).toBe('imagemap');
    expect(saved.message).toEqual({
      type: 'imagemap',
      baseUrl: 'https://cdn.example.com/imagemap/spring',
      altText: 'Spring map',
      baseSize: { width: 1040, height: 1560 },
      actions: [
        {
          type: 'uri',
          linkUri: 'https://shop.example.com/left',
          area: { x: 0, y: 0, width: 520, height: 1560 },
        },
        { type: 'message', text: 'The right one', area: { x: 520, y: 0, width: 520, height: 1560 } },
      ],
    });
    expect(lineMessage(saved.message)).toEqual([]);
  });

  it('asks before leaving unsaved work, stops at 5 bubbles, and deletes with the spec confirm', async () => {
    await page.goto(`${server.url}/message-template/new`);
    await page.getByTestId('template-editor').waitFor();
    for (let i = 0; i < 4; i++) await page.getByTestId('add-bubble').click();
    expect(await page.getByTestId('bubble-tab').count()).toBe(5);
    await page.getByTestId('add-bubble').click();
    await page.getByText('Can you send Message templates only 5 Bubble.').waitFor();
    await page.getByRole('button', { name: 'Close' }).last().click();
    expect(await page.getByTestId('bubble-tab').count()).toBe(5);

    await page.getByRole('link', { name: 'Message Template' }).click();
    await page.getByText('Are you sure want to leave this page ?').waitFor();
    await page.getByRole('button', { name: 'No' }).click();
    expect(new URL(page.url()).pathname).toBe('/message-template/new');
    await page.getByRole('link', { name: 'Message Template' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((u) => u.pathname === '/message-template');

    await expect.poll(() => page.getByTestId('template-row').count()).toBe(2);
    await page.getByRole('button', { name: 'Delete — Spring map' }).click();
    await page.getByText('Are you sure you want to delete this items ?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByTestId('template-row').count()).toBe(1);
    expect(await page.getByTestId('template-row').textContent()).toContain('Summer cards');
  });

  it('fits a Large (giga) card in the preview panel at 1440 and 768 px, without sideways scrolling', async () => {
    await page.goto(`${server.url}/message-template/new`);
    await page.getByTestId('template-editor').waitFor();
    await page.getByText('Large', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('line-bubble').first().getAttribute('data-size', BRIEFLY))
      .toBe('giga');
    const fit = () =>
      page.evaluate(() => {
        const phone = document.querySelector('.tpl-phone') as HTMLElement;
        const bubble = (
          document.querySelector('[data-testid=line-bubble]') as HTMLElement
        ).getBoundingClientRect();
        const box = phone.getBoundingClientRect();
        return {
          scrolls: phone.scrollWidth > phone.clientWidth,
          inside: bubble.left >= box.left && bubble.right <= box.right - 14,
        };
      });
    await expect.poll(fit).toEqual({ scrolls: false, inside: true });
    await page.setViewportSize({ width: 768, height: 1000 });
    await expect.poll(fit).toEqual({ scrolls: false, inside: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
  });
});
