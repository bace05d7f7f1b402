// The post-chat rating in real Chromium (issue 12, spec 2 "satisfaction"): a visitor chats on the
// demo site, an agent closes the chat, the widget shows a 1–5 star card in the conversation, the
// visitor rates with the keyboard alone, the card thanks them and asks no more, and the dashboard's
// satisfaction tile and the satisfaction report count the rating.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WIDGET_EVENTS, WIDGET_NAMESPACE } from '../../core/realtime/events';
import { visitorRoom } from '../../server/chat/rooms';
import { chatRatings } from '../../server/reports/schema';
import { browserSuite } from '../helpers/browserSuite';
import { boxOf, followerOf } from './widgetHelpers';

const suite = browserSuite();
const api = (path: string, body?: unknown) => suite.call(body === undefined ? 'GET' : 'POST', path, body);

describe('post-chat rating', () => {
  it('an agent closes the chat, the visitor rates 4 stars by keyboard, the satisfaction tile counts it', async () => {
    const before = await api('/api/dashboard/tiles?preset=today');
    expect(before.status).toBe(200);
    // No rating yet today: nothing to measure.
    expect(before.body.tiles.satisfaction_rate.value).toBeNull();

    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${suite.server.url}/demo/`);
    await page.locator('chat-widget').locator('button.launcher').click();
    const box = boxOf(page);
    const input = box.locator('textarea');
    await input.fill('My order has not arrived.');
    await input.press('Enter');
    await expect.poll(() => box.locator('.row.me:not([data-status])').count()).toBe(1);
    expect(await box.locator('.rating').count()).toBe(0);

    const follower = (await followerOf(suite.server, suite.owner, page))!;
    const closed = await api('/api/chat/close', {
      liveChatId: follower.livechatId,
      userId: suite.owner.user._id,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const card = box.locator('form.rating');
    await card.waitFor();
    expect(await card.locator('legend').textContent()).toBe('How was your chat?');
    const send = card.getByRole('button', { name: 'Send rating' });
    expect(await send.isDisabled()).toBe(true);

    // Keyboard only: into the stars, arrow to the fourth, then on to the button.
    await card.getByRole('radio', { name: '1 of 5 stars' }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await card.getByRole('radio', { name: '4 of 5 stars' }).isChecked()).toBe(true);
    expect(await card.locator('.star.on').count()).toBe(4);
    await page.keyboard.press('Tab');
    expect(await send.evaluate((b) => b === (b.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    const done = box.locator('.rating.done');
    await done.waitFor();
    expect(await done.getByRole('status').textContent()).toBe('Thank you for your rating!');
    expect(await done.getByRole('img').getAttribute('aria-label')).toBe('You rated 4 of 5 stars');
    expect(await box.locator('form.rating').count()).toBe(0);

    const ratings = await suite.server.app.ctx.db
      .select()
      .from(chatRatings)
      .where(eq(chatRatings.followerId, follower.id));
    expect(ratings).toHaveLength(1);
    expect(ratings[0]).toMatchObject({ score: 4, livechatId: follower.livechatId });

    const tiles = await api('/api/dashboard/tiles?preset=today');
    expect(tiles.body.tiles.satisfaction_rate.value).toBe(100);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const report = await api(`/api/report/satisfaction?start_date=${today}&end_date=${today}`);
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body)).toContain('"ratings":1');

    // Asked once: the same close again (another tab, a repeated event) asks no more after a reload.
    await page.reload();
    await page.locator('chat-widget').locator('button.launcher').click();
    await box.locator('textarea').waitFor();
    // Sent again until the reloaded widget's socket has joined and shows the chat as ended.
    await expect
      .poll(async () => {
        suite.server.app.ctx.io
          .of(WIDGET_NAMESPACE)
          .to(visitorRoom(follower.id))
          .emit(WIDGET_EVENTS.CHAT_CLOSED, { timestamp: 0, livechat_id: follower.livechatId });
        return box.locator('.ended').count();
      })
      .toBe(1);
    expect(await box.locator('.rating').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
