// /go?l={code} (and /th/go?l=…): records the click and sends the customer on to the real address.
// Registered at this module's top level (server/go/pages.ts); anything unknown gets the friendly
// "link not available" page with status 404.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locale } from '../../core/i18n/index';
import { escapeHtml } from '../../core/text/plainText';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import type { AppContext } from '../context';
import { type GoAnswer, registerGoPage } from '../go/pages';
import { linkClicks, trackedLinks } from './schema';

const CODE = /^[a-z0-9]{10}$/;

/** Link-preview fetchers and crawlers open links nobody clicked. */
const ROBOT =
  /bot|crawl|spider|preview|facebookexternalhit|whatsapp|slurp|embedly|skypeuripreview|vkshare|quora link|outbrain|pinterest|bitlybot|google-inspectiontool|headless/i;

export function isRobot(userAgent: string | undefined): boolean {
  return !userAgent || ROBOT.test(userAgent);
}

/** One browser, for counting people when the contact is not known: never the address itself. */
export function visitorKey(ip: string, userAgent: string): string {
  return `v:${createHash('sha256').update(`${ip}|${userAgent}`).digest('hex').slice(0, 32)}`;
}

function notFound(locale: Locale): GoAnswer {
  const texts = locale === 'th' ? th.go : en.go;
  return {
    status: 404,
    title: texts.notFoundTitle,
    body: `<h1>${escapeHtml(texts.notFoundTitle)}</h1><p>${escapeHtml(texts.notFoundBody)}</p>`,
  };
}

export async function followLink(
  ctx: AppContext,
  code: string,
  who: { ip: string; userAgent: string | undefined; count: boolean },
): Promise<string | null> {
  if (!CODE.test(code)) return null;
  const [link] = await ctx.db.select().from(trackedLinks).where(eq(trackedLinks.id, code)).limit(1);
  if (!link || !/^https?:\/\//i.test(link.url)) return null;
  if (who.count && !isRobot(who.userAgent)) {
    await ctx.db.insert(linkClicks).values({
      linkId: link.id,
      accountId: link.accountId,
      followerId: link.followerId || null,
      visitor: link.followerId ? `f:${link.followerId}` : visitorKey(who.ip, who.userAgent ?? ''),
    });
  }
  return link.url;
}

registerGoPage('l', async (ctx, request) => {
  const url = await followLink(ctx, request.value, {
    ip: request.request.ip,
    userAgent: request.request.headers['user-agent'],
    count: request.method === 'GET',
  });
  return url ? { redirect: url } : notFound(request.locale);
});
