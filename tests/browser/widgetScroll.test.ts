// The newest message stays in view when it grows after it is drawn: a card sent by an agent shows
// its alt text first and its body once the card code has loaded, and the box used to stay scrolled
// to the short alt text, the card's buttons hidden below. In real Chromium against a real server.
import { describe, expect, it } from 'vitest';
import { browserSuite } from '../helpers/browserSuite';
import { boxOf, followerOf, launcherOf, sendConfirmed } from './widgetHelpers';

const suite = browserSuite();
const { ok } = suite;

describe('widget scrolling', () => {
  it('keeps a card that arrives at the bottom wholly in view once it is drawn', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 380, height: 640 } });
    await page.goto(`${suite.server.url}/demo/`);
    await launcherOf(page).click();
    for (let i = 1; i <= 6; i++) await sendConfirmed(page, `question ${i}`);
    const reply = await ok('POST', '/api/reply/message/create', {
      name: 'Tall card',
      items: [
        {
          type: 'button',
          text: 'What would you like to know? '.repeat(6),
          numberActions: 3,
          actions: [
            { type: 'message', buttonName: 'Prices', message: 'prices' },
            { type: 'message', buttonName: 'Hours', message: 'hours' },
            { type: 'message', buttonName: 'Wholesale', message: 'wholesale' },
          ],
        },
      ],
    });
    const follower = await followerOf(suite.server, suite.owner, page);
    await ok('POST', '/api/chat/send/template', {
      followerId: follower?.id,
      reply_message_id: reply.reply_message._id,
      tempId: 'tall-card',
    });
    const body = boxOf(page).locator('.body');
    await boxOf(page).getByRole('button', { name: 'Wholesale' }).waitFor();
    await expect
      .poll(() => body.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight)))
      .toBeLessThan(2);
    await page.close();
  });
});
