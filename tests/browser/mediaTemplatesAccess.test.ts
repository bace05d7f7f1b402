// Issue 5 audit, item 9 (spec 6): the console hides what the server would refuse. A role that only
// reads media (an agent, by default) browses the library and the picker without upload, new
// folder, folder actions, selection for bulk changes, rename, move or delete; a role that only
// reads templates opens them without Save, create, duplicate or delete. A role given write sees
// them all (the same page, so a missing control means the role, not the page).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import {
  MEMBER_PASSWORD,
  type Session,
  startTeamHarness,
  type TeamHarness,
} from '../server/contacts/teamHarness';
import { mediaClient, png } from '../server/media/fixtures';
import { bubbleForm } from '../server/templates/templateForms';

let h: TeamHarness;
let browser: Browser;
let agent: Session & { userId: string };
let writer: Session & { userId: string };
let templateId: string;

beforeAll(async () => {
  [h, browser] = await Promise.all([startTeamHarness(), launchBrowser()]);
  agent = await h.addMember(4, 'Agent Reader');
  // A custom agent role trusted with media and templates.
  const role = await h.api('POST', '/api/settings/roles', {
    name: 'Trusted agent',
    level: 4,
    permissions: { media: 'write', templates: 'write' },
  });
  writer = await h.addMember(4, 'Agent Writer');
  await h.api('PUT', `/api/settings/users/${writer.userId}`, { role_id: role.body.role._id });
  const media = mediaClient(h.server.url, h.owner);
  await h.api('POST', '/api/folder/create', { name: 'Campaigns' });
  const up = await media.upload([{ name: 'menu-board.png', body: await png(60, 40), type: 'image/png' }]);
  expect(up.status).toBe(200);
  const made = await h.api('POST', '/api/message-template/create', {
    name: 'Opening hours',
    form: bubbleForm(),
  });
  templateId = made.body._id;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function signIn(session: Session) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${h.server.url}/`);
  await page.getByLabel('Email').fill(session.user.email);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/');
  return page;
}

async function mediaControls(page: Page) {
  await page.goto(`${h.server.url}/media`);
  await expect.poll(() => page.locator('.media-card').count()).toBe(1);
  const controls = {
    upload: await page.getByRole('button', { name: 'Upload' }).count(),
    fileInput: await page.getByTestId('media-file-input').count(),
    newFolder: await page.getByRole('button', { name: 'New folder' }).count(),
    folderActions: await page.getByRole('button', { name: /^Actions for/ }).count(),
    checkboxes: await page.locator('.media-card .media-check').count(),
  };
  await page.locator('.media-card-open').first().click();
  const preview = page.getByRole('dialog', { name: 'menu-board.png' });
  await preview.waitFor();
  return {
    ...controls,
    previewActions: await preview.getByRole('button', { name: /^(Rename|Move|Delete)$/ }).count(),
  };
}

async function templateControls(page: Page) {
  await page.goto(`${h.server.url}/message-template`);
  await page.getByTestId('template-row').first().waitFor();
  const list = {
    create: await page.getByTestId('create-template').count(),
    duplicate: await page.getByRole('button', { name: /^Duplicate/ }).count(),
    remove: await page.getByRole('button', { name: /^Delete/ }).count(),
    rowLink: await page.locator('.tpl-row-actions a').first().textContent(),
  };
  await page.goto(`${h.server.url}/message-template/${templateId}`);
  await page.getByTestId('template-editor').waitFor();
  return {
    ...list,
    save: await page.getByTestId('save').count(),
    sendTest: await page.getByTestId('send-test').count(),
    heading: await page.locator('.tpl-editor-head h1').textContent(),
  };
}

describe('a role that only reads media and templates', () => {
  it('sees no control the server would refuse', async () => {
    const page = await signIn(agent);
    expect(await mediaControls(page)).toEqual({
      upload: 0,
      fileInput: 0,
      newFolder: 0,
      folderActions: 0,
      checkboxes: 0,
      previewActions: 0,
    });
    expect(await page.getByText('No files in this folder yet. Use Upload').count()).toBe(0);
    expect(await templateControls(page)).toEqual({
      create: 0,
      duplicate: 0,
      remove: 0,
      rowLink: 'View',
      save: 0,
      sendTest: 1,
      heading: 'Message template',
    });
    expect(await page.getByText('Your role can view and try templates but not change them.').count()).toBe(1);
    await page.close();
  });

  it('a role given write sees them all', async () => {
    const page = await signIn(writer);
    const media = await mediaControls(page);
    expect(media).toMatchObject({ upload: 1, fileInput: 1, newFolder: 1, checkboxes: 1, previewActions: 3 });
    expect(media.folderActions).toBeGreaterThan(0);
    expect(await templateControls(page)).toEqual({
      create: 1,
      duplicate: 1,
      remove: 1,
      rowLink: 'Edit',
      save: 1,
      sendTest: 1,
      heading: 'Edit message template',
    });
    await page.close();
  });
});
