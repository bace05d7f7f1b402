// A fake WeChat API for the tests: access tokens for the right app id and secret (and a way to
// make the current one stale), customer-service sends checked against the documented shapes
// (touser, msgtype text with content of at most 2048 bytes, image with a media_id this fake
// issued, news with one article), temporary media upload and download, user info.
import { type FakeServer, PNG_1X1, type Recorded, route, startFakeServer } from './server';

export interface FakeWeChat extends FakeServer {
  appId: string;
  appSecret: string;
  /** Customer-service sends WeChat took (valid; a call refused through `failNext` is not among them). */
  sent: Record<string, unknown>[];
  tokensIssued: number;
  /** Makes the current token stale (WeChat answers 40001 until a new one is fetched). */
  expireToken(): void;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkCustomSend(body: unknown, media: Set<string>): string[] {
  const problems: string[] = [];
  if (!isNode(body)) return ['body'];
  if (typeof body.touser !== 'string' || !body.touser) problems.push('touser');
  switch (body.msgtype) {
    case 'text': {
      const content = isNode(body.text) ? body.text.content : undefined;
      if (typeof content !== 'string' || !content || Buffer.byteLength(content) > 2048)
        problems.push('text.content: 1 to 2048 bytes');
      break;
    }
    case 'image': {
      const id = isNode(body.image) ? body.image.media_id : undefined;
      if (typeof id !== 'string' || !media.has(id)) problems.push('image.media_id: unknown');
      break;
    }
    case 'news': {
      const articles = isNode(body.news) ? body.news.articles : undefined;
      if (!Array.isArray(articles) || articles.length !== 1) problems.push('news.articles: exactly 1');
      break;
    }
    default:
      problems.push(`msgtype: ${String(body.msgtype)}`);
  }
  return problems;
}

export async function startFakeWeChat(
  appId = 'wx1234567890abcdef',
  appSecret = 'wechatsecret123',
): Promise<FakeWeChat> {
  const sent: Record<string, unknown>[] = [];
  const media = new Set<string>();
  let token = '';
  let issued = 0;
  const valid = (r: Recorded) => Boolean(token) && r.query.get('access_token') === token;
  const stale = {
    json: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' },
  };
  const fake = await startFakeServer([
    route('GET', '/cgi-bin/token', (r) => {
      if (
        r.query.get('grant_type') !== 'client_credential' ||
        r.query.get('appid') !== appId ||
        r.query.get('secret') !== appSecret
      )
        return { json: { errcode: 40125, errmsg: 'invalid appsecret' } };
      issued += 1;
      token = `token-${issued}`;
      fakeState.tokensIssued = issued;
      return { json: { access_token: token, expires_in: 7200 } };
    }),
    route('POST', '/cgi-bin/message/custom/send', (r) => {
      if (!valid(r)) return stale;
      r.problems.push(...checkCustomSend(r.body, media));
      if (r.problems.length) return { json: { errcode: 40003, errmsg: r.problems.join('; ') } };
      sent.push(r.body as Record<string, unknown>);
      return { json: { errcode: 0, errmsg: 'ok' } };
    }),
    route('POST', '/cgi-bin/media/upload', (r) => {
      if (!valid(r)) return stale;
      if (r.query.get('type') !== 'image' || !r.raw.includes(Buffer.from('name="media"'))) {
        r.problems.push('upload: type=image with a media part');
        return { json: { errcode: 40004, errmsg: 'invalid media type' } };
      }
      const id = `media-${media.size + 1}`;
      media.add(id);
      return { json: { type: 'image', media_id: id, created_at: 1 } };
    }),
    route('GET', '/cgi-bin/user/info', (r) => {
      if (!valid(r)) return stale;
      return {
        json: {
          subscribe: 1,
          openid: r.query.get('openid'),
          nickname: 'Wang Wei',
          headimgurl: 'https://wx.fake/head.png',
        },
      };
    }),
    route('GET', '/cgi-bin/media/get', (r) => {
      if (!valid(r)) return stale;
      return { body: PNG_1X1, headers: { 'content-type': 'image/png' } };
    }),
    route('GET', '/pic/:name', () => ({ body: PNG_1X1, headers: { 'content-type': 'image/png' } })),
  ]);
  const fakeState = Object.assign(fake, {
    appId,
    appSecret,
    sent,
    tokensIssued: 0,
    expireToken() {
      token = `stale-${token}`;
    },
  });
  return fakeState;
}
