// Tracked links (server/links): trackedLink() gives /go?l={code} for web addresses (the same code
// for the same source, place, contact and address), the redirect counts clicks and different
// people (the contact when the link was made for one, else one browser; link-preview robots and
// form posts are not counted), and an unknown code is the friendly 404 page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import th from '../../../locales/th.json';
import { clicksByPart, usersByPrefix } from '../../../server/links/stats';
import { trackedLink } from '../../../server/links/store';
import { login, startServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let accountId: string;
const ORIGIN = 'https://chat.example.test';
const source = { kind: 'template' as const, id: 'tpl1', part: 'b0' };

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Line/13.1.0';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) Line/13.2.0';

beforeAll(async () => {
  server = await startServer();
  accountId = (await login(server.url)).accountId;
});
afterAll(() => server?.close());

const codeOf = (address: string) => /go\?l=([a-z0-9]{10})$/.exec(address)?.[1] ?? '';
const open = (code: string, agent: string, method = 'GET', prefix = '') =>
  fetch(`${server.url}${prefix}/go?l=${code}`, {
    method,
    redirect: 'manual',
    headers: { 'user-agent': agent },
  });

describe('trackedLink', () => {
  it('gives the same address for the same link, another for another place or contact', async () => {
    const ctx = server.app.ctx;
    const input = { accountId, url: 'https://shop.example.com/a?x=1', source, origin: ORIGIN };
    const first = await trackedLink(ctx, input);
    expect(first).toMatch(/^https:\/\/chat\.example\.test\/go\?l=[a-z0-9]{10}$/);
    expect(await trackedLink(ctx, input)).toBe(first);
    expect(await trackedLink(ctx, { ...input, source: { ...source, part: 'b1' } })).not.toBe(first);
    expect(await trackedLink(ctx, { ...input, followerId: 'follower1' })).not.toBe(first);
    expect(await trackedLink(ctx, { ...input, url: 'https://shop.example.com/b' })).not.toBe(first);
  });

  it('leaves addresses that are not http(s), and everything when no public origin is known', async () => {
    const ctx = server.app.ctx;
    expect(await trackedLink(ctx, { accountId, url: 'tel:021234567', source, origin: ORIGIN })).toBe(
      'tel:021234567',
    );
    expect(await trackedLink(ctx, { accountId, url: 'line://ti/p/@shop', source, origin: ORIGIN })).toBe(
      'line://ti/p/@shop',
    );
    expect(await trackedLink(ctx, { accountId, url: 'https://shop.example.com/', source })).toBe(
      'https://shop.example.com/',
    );
  });
});

describe('the redirect', () => {
  it('sends people on and counts clicks and different people; robots and posts do not count', async () => {
    const ctx = server.app.ctx;
    const countSource = { kind: 'broadcast' as const, id: 'bc-clicks' };
    const shared = codeOf(
      await trackedLink(ctx, {
        accountId,
        url: 'https://shop.example.com/sale',
        source: { ...countSource, part: 'm0.t0' },
        origin: ORIGIN,
      }),
    );
    const personal = codeOf(
      await trackedLink(ctx, {
        accountId,
        url: 'https://shop.example.com/sale',
        source: { ...countSource, part: 'm0.t0' },
        followerId: 'follower-9',
        origin: ORIGIN,
      }),
    );
    const first = await open(shared, IPHONE);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('https://shop.example.com/sale');
    expect(first.headers.get('cache-control')).toBe('no-store');
    await open(shared, IPHONE);
    await open(shared, ANDROID, 'GET', '/th');
    await open(shared, 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)');
    await open(shared, 'Mozilla/5.0 (compatible; Googlebot/2.1)');
    expect((await open(shared, IPHONE, 'POST')).status).toBe(302);
    // The contact's own link: their clicks count as theirs, whatever browser.
    await open(personal, IPHONE);
    await open(personal, ANDROID);

    const byPart = await clicksByPart(ctx.db, accountId, countSource);
    expect(byPart).toEqual([{ part: 'm0.t0', url: 'https://shop.example.com/sale', click: 5, users: 3 }]);
    const people = await usersByPrefix(ctx.db, accountId, countSource);
    expect(people.total).toBe(3);
    expect(people.byPrefix.get('m0')).toBe(3);
  });

  it('an unknown or malformed code is the friendly not-found page, in the page language', async () => {
    const unknown = await open('zzzzzzzzzz', IPHONE);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(en.go.notFoundTitle);
    const thai = await open('zzzzzzzzzz', IPHONE, 'GET', '/th');
    expect(thai.status).toBe(404);
    expect(await thai.text()).toContain(th.go.notFoundTitle);
    const bad = await fetch(`${server.url}/go?l=${encodeURIComponent('<script>')}`, { redirect: 'manual' });
    expect(bad.status).toBe(404);
    expect(await bad.text()).not.toContain('<script>');
  });
});
