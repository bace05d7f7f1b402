// A tap in the widget on a card button whose display text is also a keyword (issue 16): the
// visitor's words show once in the widget and in the inbox, and only the action answers them —
// the keyword's reply does not come as well (the widget marks the words as the tap's, temp id
// `postback:…`, as LINE's are marked). In real Chromium against a real server.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAction } from '../../core/template/action';
import { createBlock } from '../../core/template/blocks';
import { messages } from '../../server/chat/schema';
import { BRIEFLY } from '../helpers/browser';
import { browserSuite } from '../helpers/browserSuite';
import { chatRow } from './liveHelpers';
import { boxOf, followerOf, sendConfirmed } from './widgetHelpers';

const suite = browserSuite();
const { ok } = suite;

const KEYWORD_REPLY = 'We open 9:00–18:00';
const ACTION_REPLY = 'Open every day, 9:00 to 18:00';

async function template(name: string, contents: unknown[]) {
  return ok('POST', '/api/message-template/create', {
    name,
    form: { name, altText: '', template: 'custom', contentSize: 'mega', items: [{ contents }] },
  });
}

async function keyword(word: string, items: unknown[]) {
  const reply = await ok('POST', '/api/reply/message/create', { name: word, items });
  await ok('POST', '/api/keyword/create', {
    name: word,
    keywords: [{ text: word, match: 'exact' }],
    action: 'reply',
    reply_message_id: reply.reply_message._id,
    priority: 1,
  });
}

beforeAll(async () => {
  await keyword('hours', [{ type: 'text', text: KEYWORD_REPLY }]);
  const hoursCard = await template('Hours card', [
    createBlock('textHeader', { text: ACTION_REPLY, position: 0 }),
  ]);
  const helpCard = await template('Help card', [
    createBlock('textHeader', { text: 'How can we help?', position: 0 }),
    createBlock('button', {
      text: 'Opening hours',
      action: { ...createAction('templateId'), templateId: hoursCard._id, displayText: 'hours' },
      position: 1,
    }),
  ]);
  await keyword('help', [{ type: 'bubble', bubbleIds: [helpCard._id] }]);
}, 60_000);

/** The customer's and the bot's messages of the visitor's conversation, as stored. */
async function stored(page: Page) {
  const follower = await followerOf(suite.server, suite.owner, page);
  if (!follower) throw new Error('the visitor has no conversation');
  const rows = await suite.server.app.ctx.db
    .select()
    .from(messages)
    .where(eq(messages.followerId, follower.id))
    .orderBy(messages.seq);
  return {
    name: follower.lineName,
    customer: rows.filter((r) => r.type === 'question').map((r) => r.text),
    bot: rows.filter((r) => r.fromType === 'bot').map((r) => JSON.stringify(r.items)),
  };
}

describe('a widget tap on a card button whose display text is a keyword', () => {
  it('shows the words once in the widget and the inbox, and gets the action’s answer only', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1024, height: 760 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${suite.server.url}/widget/${suite.owner.widgetId}`);
    const box = boxOf(page);
    await sendConfirmed(page, 'help');
    const button = box.getByRole('button', { name: 'Opening hours' });
    await button.waitFor();
    await button.click();

    // The action's answer arrives; by then a keyword answer to the words would have too.
    await box.getByText(ACTION_REPLY).waitFor();
    await page.waitForTimeout(800);
    const visitorSaid = () => box.locator('.row.me:not([data-status]) .bubble').allTextContents();
    await expect.poll(visitorSaid).toEqual(['help', 'hours']);
    expect(await box.getByText(ACTION_REPLY).count()).toBe(1);
    expect(await box.getByText(KEYWORD_REPLY).count()).toBe(0);

    const conversation = await stored(page);
    expect(conversation.customer).toEqual(['help', 'hours']);
    expect(conversation.bot).toHaveLength(2);
    expect(conversation.bot[1]).toContain(ACTION_REPLY);
    expect(conversation.bot.join()).not.toContain(KEYWORD_REPLY);
    await page.screenshot({ path: '/tmp/retries-widget-tap.png' });

    // The inbox shows the chat as the visitor saw it.
    const agent = await (
      await suite.browser.newContext({ viewport: { width: 1440, height: 900 } })
    ).newPage();
    await suite.signIn(agent);
    await agent.goto(`${suite.server.url}/live`);
    await chatRow(agent, conversation.name).click();
    const thread = agent.getByTestId('messages');
    await expect.poll(() => thread.textContent(BRIEFLY)).toContain(ACTION_REPLY);
    expect(await thread.locator('.item-text', { hasText: /^hours$/ }).count()).toBe(1);
    expect(await thread.getByText(KEYWORD_REPLY).count()).toBe(0);
    await agent.screenshot({ path: '/tmp/retries-inbox-tap.png' });
    expect(errors).toEqual([]);
    await agent.close();
    await page.close();
  });
});
