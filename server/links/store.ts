// Tracked links: an address customers get instead of the real one, /go?l={code}, that counts the
// opening and sends them on (server/links/redirect.ts). Broadcasts, templates and actions call
// trackedLink(); the same source, place, contact and address always get the same code, so a
// message built twice (a retried send, another process) carries the same link.
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../accounts/ids';
import type { AppContext } from '../context';
import './redirect';
import { type LinkSourceKind, trackedLinks } from './schema';

export const LINK_CODE_LENGTH = 10;
export const LINK_URL_MAX = 2000;
export const LINK_PARAM = 'l';

export interface LinkSource {
  kind: LinkSourceKind;
  /** The broadcast's, template's or action's id. */
  id: string;
  /** Where inside it (a message and button); the report groups by it. */
  part?: string;
}

export interface TrackedLinkInput {
  accountId: string;
  url: string;
  source: LinkSource;
  /** The contact it is made for, when it goes to one; their clicks then count as theirs. */
  followerId?: string | null;
  /** The server's public origin when PUBLIC_URL is not set (the origin a request came to). */
  origin?: string | null;
}

/** Only web addresses are tracked; tel:, line: and the like go out as they are. */
export function isTrackable(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url) && url.length <= LINK_URL_MAX;
}

export function linkAddress(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/go?${LINK_PARAM}=${code}`;
}

/** The code of a link, made the first time it is asked for. */
export async function linkCode(ctx: AppContext, input: Omit<TrackedLinkInput, 'origin'>): Promise<string> {
  const key = {
    accountId: input.accountId,
    sourceKind: input.source.kind,
    sourceId: input.source.id,
    sourcePart: input.source.part ?? '',
    followerId: input.followerId ?? '',
    url: input.url,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const [made] = await ctx.db
      .insert(trackedLinks)
      .values({ id: newId(LINK_CODE_LENGTH), ...key })
      .onConflictDoNothing()
      .returning({ id: trackedLinks.id });
    if (made) return made.id;
    const [found] = await ctx.db
      .select({ id: trackedLinks.id })
      .from(trackedLinks)
      .where(
        and(
          eq(trackedLinks.accountId, key.accountId),
          eq(trackedLinks.sourceKind, key.sourceKind),
          eq(trackedLinks.sourceId, key.sourceId),
          eq(trackedLinks.sourcePart, key.sourcePart),
          eq(trackedLinks.followerId, key.followerId),
          sql`md5(${trackedLinks.url}) = md5(${key.url})`,
          eq(trackedLinks.url, key.url),
        ),
      )
      .limit(1);
    if (found) return found.id;
    // The random code was taken by another link: draw again.
  }
  throw new Error('could not make a link code');
}

/**
 * The address to give customers for `url`: `${public origin}/go?l={code}`. Addresses that are
 * not http(s), and every address when the server knows no public origin (no PUBLIC_URL and no
 * `origin`), are returned as they are, untracked.
 */
export async function trackedLink(ctx: AppContext, input: TrackedLinkInput): Promise<string> {
  const origin = ctx.config.publicUrl ?? input.origin ?? null;
  if (!origin || !isTrackable(input.url)) return input.url;
  return linkAddress(origin, await linkCode(ctx, input));
}
