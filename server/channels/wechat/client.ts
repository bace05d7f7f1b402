// WeChat's API: an access token fetched with the app id and secret, kept in the database for
// every process until shortly before it expires, and renewed once when WeChat says it is no
// longer valid. WeChat answers HTTP 200 with an errcode; those become delivery errors here.
import { and, eq, gt } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import type { AppContext } from '../../context';
import { PermanentDeliveryError, TemporaryDeliveryError } from '../adapters';
import { networkFailure, PLATFORM_TIMEOUT_MS, platformFailure, reasonFromBody } from '../platformErrors';
import { channelAccessTokens } from '../schema';
import { type PlatformChannel, setting } from '../store';

export const WECHAT = 'WeChat';
/** Renewed this long before WeChat's own expiry. */
const EARLY_MS = 5 * 60_000;
/** errcodes meaning the token is stale: invalid credential, invalid token, token expired. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);
/**
 * errcodes meaning "later" (WeChat's global return codes): -1 system busy, 45009 API call quota
 * reached, 45011 API minute quota reached. Others are final, among them 45015 (the 48-hour window
 * has passed), 45047 (20 answers to one customer message: only their next message reopens it),
 * 40003 (not a follower's openid) and 43004 (the customer unfollowed).
 */
const TEMPORARY = new Set([-1, 45009, 45011]);

interface WeChatAnswer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

/** WeChat's refusal: our frame, its errcode and its own errmsg. */
function answeredText(code: number, errmsg: string | undefined): string {
  const detail = (errmsg ?? '').trim();
  return detail
    ? SERVER_MESSAGES.platformAnswered(WECHAT, code, detail)
    : SERVER_MESSAGES.platformAnsweredBare(WECHAT, code);
}

export class WeChatError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(answeredText(errcode, errmsg));
  }
}

function failureOf(answer: WeChatAnswer): Error {
  const code = Number(answer.errcode);
  const text = answeredText(code, answer.errmsg);
  return TEMPORARY.has(code) ? new TemporaryDeliveryError(text) : new PermanentDeliveryError(text);
}

async function request(url: URL, init: RequestInit = {}): Promise<WeChatAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch (err) {
    throw networkFailure(WECHAT, err);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok)
    throw platformFailure(WECHAT, res.status, reasonFromBody(text), res.headers.get('retry-after'));
  try {
    return JSON.parse(text) as WeChatAnswer;
  } catch {
    throw new TemporaryDeliveryError(SERVER_MESSAGES.platformNotJson(WECHAT));
  }
}

/** A new token straight from WeChat (the connection test uses it as is). */
export async function fetchAccessToken(
  ctx: AppContext,
  channel: PlatformChannel,
): Promise<{ token: string; expiresIn: number }> {
  const url = new URL(`${ctx.config.wechatApiBase}/cgi-bin/token`);
  url.searchParams.set('grant_type', 'client_credential');
  url.searchParams.set('appid', setting(channel, 'app_id'));
  url.searchParams.set('secret', setting(channel, 'app_secret'));
  const answer = await request(url);
  if (typeof answer.access_token !== 'string') throw failureOf(answer);
  return { token: answer.access_token, expiresIn: Number(answer.expires_in ?? 7200) };
}

export async function accessToken(ctx: AppContext, channel: PlatformChannel, renew = false): Promise<string> {
  if (!renew) {
    const [row] = await ctx.db
      .select()
      .from(channelAccessTokens)
      .where(
        and(eq(channelAccessTokens.channelId, channel.id), gt(channelAccessTokens.expiresAt, new Date())),
      )
      .limit(1);
    if (row) return row.token;
  }
  const { token, expiresIn } = await fetchAccessToken(ctx, channel);
  const expiresAt = new Date(Date.now() + Math.max(60_000, expiresIn * 1000 - EARLY_MS));
  await ctx.db
    .insert(channelAccessTokens)
    .values({ channelId: channel.id, token, expiresAt })
    .onConflictDoUpdate({ target: channelAccessTokens.channelId, set: { token, expiresAt } });
  return token;
}

/** Calls `path` with the channel's token (renewed once if WeChat finds it stale); answers errcode 0. */
export async function wechatCall(
  ctx: AppContext,
  channel: PlatformChannel,
  path: string,
  init: { json?: unknown; form?: FormData; query?: Record<string, string> } = {},
): Promise<WeChatAnswer> {
  for (let attempt = 0; ; attempt++) {
    const url = new URL(`${ctx.config.wechatApiBase}${path}`);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    url.searchParams.set('access_token', await accessToken(ctx, channel, attempt > 0));
    const answer = await request(
      url,
      init.form
        ? { method: 'POST', body: init.form }
        : init.json !== undefined
          ? {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(init.json),
            }
          : { method: 'GET' },
    );
    const code = Number(answer.errcode ?? 0);
    if (code === 0) return answer;
    if (STALE_TOKEN.has(code)) {
      if (attempt === 0) continue;
      // Stale again straight after renewal (another process renewing at the same moment, say):
      // not renewed in a loop here; the delivery tries again after its backoff.
      throw new TemporaryDeliveryError(answeredText(code, answer.errmsg));
    }
    throw failureOf(answer);
  }
}
