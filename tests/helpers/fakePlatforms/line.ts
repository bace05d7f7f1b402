// A fake LINE Messaging API for the tests: checks every message request against LINE's official
// OpenAPI file (tests/fixtures/line-openapi, through tests/core/template/lineSchema.ts) and LINE's
// rules the schema cannot carry (the bearer token, the retry key's UUID form and its 409 on a
// repeat, single-use reply tokens), records it, and answers as LINE does.
import { imageSize } from 'image-size';
import { validatorFor } from '../../core/template/lineSchema';
import { type Answer, type FakeServer, PNG_1X1, type Recorded, route, startFakeServer } from './server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FakeLine extends FakeServer {
  token: string;
  /** Accepted pushes and replies (valid, first time). */
  sent: { kind: 'push' | 'reply'; to: string; body: Record<string, unknown>; retryKey?: string }[];
  /** Accepted multicasts (valid, first time with their retry key). */
  multicasts: { to: string[]; body: Record<string, unknown>; retryKey?: string }[];
  /** Answers for the next multicasts instead of accepting them (nothing is sent). */
  multicastRefusals: Answer[];
  /** Reply tokens this fake will accept once (the tests put them in the webhooks they send). */
  replyTokens: Set<string>;
  /** Message content served by /v2/bot/message/{id}/content. */
  content: Map<string, { body: Buffer; type: string }>;
  profiles: Map<string, { displayName: string; pictureUrl?: string }>;
  /** Rich menus made through the API, with their uploaded image (LINE accepts one, once). */
  richMenus: Map<string, FakeRichMenu>;
  /** Groups and rooms the bot left (leaveGroup / leaveRoom), as 'group:{id}' or 'room:{id}'. */
  left: Set<string>;
  /** The default rich menu of every user (null when none). */
  defaultRichMenu: { id: string | null };
  /**
   * When set, an accepted image map's picture is fetched as LINE would (`{baseUrl}/1040`), at the
   * address this gives (tests map their PUBLIC_URL to the server), and what came back is recorded
   * in `imagemapImages`; a picture that is not a 1040-wide JPEG or PNG adds to the request's problems.
   */
  fetchImagemapImages: ((url: string) => string) | null;
  imagemapImages: { url: string; status: number; type: string; width: number; height: number }[];
  /** Rich menus linked to single users. */
  userRichMenus: Map<string, string>;
}

export interface FakeRichMenu {
  request: { size: { width: number; height: number }; areas: unknown[]; chatBarText: string };
  image: { type: string; bytes: number; width: number; height: number } | null;
  deleted: boolean;
}

export async function startFakeLine(token = 'line-access-token'): Promise<FakeLine> {
  const pushRequest = validatorFor('PushMessageRequest');
  const replyRequest = validatorFor('ReplyMessageRequest');
  const multicastRequest = validatorFor('MulticastRequest');
  const multicasts: FakeLine['multicasts'] = [];
  const multicastRefusals: Answer[] = [];
  const acceptedKeys = new Map<string, { id: string; quoteToken: string }[]>();
  const sent: FakeLine['sent'] = [];
  const replyTokens = new Set<string>();
  const content = new Map<string, { body: Buffer; type: string }>();
  const profiles = new Map<string, { displayName: string; pictureUrl?: string }>();
  const richMenuRequest = validatorFor('RichMenuRequest');
  const bulkLinkRequest = validatorFor('RichMenuBulkLinkRequest');
  const bulkUnlinkRequest = validatorFor('RichMenuBulkUnlinkRequest');
  const richMenus = new Map<string, FakeRichMenu>();
  const defaultRichMenu: { id: string | null } = { id: null };
  const userRichMenus = new Map<string, string>();
  const left = new Set<string>();
  const imagemapImages: FakeLine['imagemapImages'] = [];
  let counter = 0;
  // LINE fetches an image map's picture at {baseUrl}/{width} when it shows the message.
  const fetchImagemaps = async (r: Recorded, messages: unknown[]) => {
    const via = (fake as FakeLine).fetchImagemapImages;
    if (!via) return;
    for (const m of messages as { type?: string; baseUrl?: string; baseSize?: { height?: number } }[]) {
      if (m.type !== 'imagemap' || typeof m.baseUrl !== 'string') continue;
      const url = `${m.baseUrl}/1040`;
      const res = await fetch(via(url)).catch(() => null);
      const body = res ? Buffer.from(await res.arrayBuffer()) : Buffer.alloc(0);
      const type = res?.headers.get('content-type') ?? '';
      let size = { width: 0, height: 0 };
      try {
        const found = imageSize(body);
        size = { width: found.width ?? 0, height: found.height ?? 0 };
      } catch {
        r.problems.push(`imagemap picture ${url} is not an image`);
      }
      imagemapImages.push({ url, status: res?.status ?? 0, type, ...size });
      if (res?.status !== 200)
        r.problems.push(`imagemap picture ${url} answered ${res?.status ?? 'nothing'}`);
      if (type !== 'image/jpeg' && type !== 'image/png') r.problems.push(`imagemap picture type ${type}`);
      if (size.width !== 1040 || size.height !== m.baseSize?.height)
        r.problems.push(`imagemap picture is ${size.width}x${size.height}, not 1040x${m.baseSize?.height}`);
    }
  };
  // messaging-api.yml leaveGroup / leaveRoom: 200 with an empty body; LINE answers 404 when the
  // bot is not (or no longer) in the chat.
  const leave = (r: Recorded, key: string): Answer => {
    const auth = authorized(r);
    if (auth) return auth;
    if (left.has(key)) return { status: 404, json: { message: 'Not found' } };
    left.add(key);
    return { json: {} };
  };

  const authorized = (r: Recorded): Answer | null => {
    if (r.headers.authorization !== `Bearer ${token}`) {
      r.problems.push('bad bearer token');
      return {
        status: 401,
        json: { message: 'Authentication failed due to the following reason: invalid token.' },
      };
    }
    return null;
  };
  const invalid = (r: Recorded, errors: string[]): Answer | null => {
    if (errors.length === 0) return null;
    r.problems.push(...errors);
    return {
      status: 400,
      json: {
        message: 'The request body has 1 error(s)',
        details: errors.map((message) => ({ message, property: '' })),
      },
    };
  };
  const sentMessages = (body: { messages?: unknown[] }) =>
    (body.messages ?? []).map(() => ({ id: String(++counter), quoteToken: `q${counter}` }));

  const fake = await startFakeServer([
    route('POST', '/v2/bot/message/push', async (r) => {
      const auth = authorized(r);
      if (auth) return auth;
      const key = r.headers['x-line-retry-key'];
      if (key !== undefined && (typeof key !== 'string' || !UUID.test(key)))
        r.problems.push(`X-Line-Retry-Key is not a UUID: ${key}`);
      const bad = invalid(r, [...pushRequest(r.body), ...r.problems]);
      if (bad) return bad;
      if (typeof key === 'string' && acceptedKeys.has(key))
        return {
          status: 409,
          json: { message: 'The retry key is already accepted', sentMessages: acceptedKeys.get(key) },
          headers: { 'x-line-accepted-request-id': `req-${key}` },
        };
      const body = r.body as { to: string; messages: unknown[] };
      const messages = sentMessages(body);
      if (typeof key === 'string') acceptedKeys.set(key, messages);
      await fetchImagemaps(r, body.messages);
      sent.push({
        kind: 'push',
        to: body.to,
        body: body as Record<string, unknown>,
        retryKey: key as string | undefined,
      });
      return { json: { sentMessages: messages } };
    }),
    // Multicast (broadcasts): at most 500 user ids, the same retry-key rules as push.
    route('POST', '/v2/bot/message/multicast', (r) => {
      const auth = authorized(r);
      if (auth) return auth;
      const key = r.headers['x-line-retry-key'];
      if (key !== undefined && (typeof key !== 'string' || !UUID.test(key)))
        r.problems.push(`X-Line-Retry-Key is not a UUID: ${key}`);
      const bad = invalid(r, [...multicastRequest(r.body), ...r.problems]);
      if (bad) return bad;
      if (typeof key === 'string' && acceptedKeys.has(key))
        return {
          status: 409,
          json: { message: 'The retry key is already accepted' },
          headers: { 'x-line-accepted-request-id': `req-${key}` },
        };
      const refusal = multicastRefusals.shift();
      if (refusal) return refusal;
      const body = r.body as { to: string[]; messages: unknown[] };
      if (typeof key === 'string') acceptedKeys.set(key, []);
      multicasts.push({
        to: body.to,
        body: body as Record<string, unknown>,
        retryKey: key as string | undefined,
      });
      return { json: {} };
    }),
    route('POST', '/v2/bot/message/reply', async (r) => {
      const auth = authorized(r);
      if (auth) return auth;
      const bad = invalid(r, replyRequest(r.body));
      if (bad) return bad;
      const body = r.body as { replyToken: string; messages: unknown[] };
      if (!replyTokens.delete(body.replyToken))
        return { status: 400, json: { message: 'Invalid reply token' } };
      sent.push({ kind: 'reply', to: body.replyToken, body: body as Record<string, unknown> });
      await fetchImagemaps(r, body.messages);
      return { json: { sentMessages: sentMessages(body) } };
    }),
    route('GET', '/v2/bot/profile/:userId', (r, p) => {
      const auth = authorized(r);
      if (auth) return auth;
      const profile = profiles.get(p.userId);
      return profile
        ? { json: { userId: p.userId, ...profile, language: 'th' } }
        : { status: 404, json: { message: 'Not found' } };
    }),
    route('GET', '/v2/bot/group/:groupId/summary', (r, p) => {
      const auth = authorized(r);
      if (auth) return auth;
      return {
        json: {
          groupId: p.groupId,
          groupName: `Group ${p.groupId}`,
          pictureUrl: 'https://profile.line-scdn.net/group.png',
        },
      };
    }),
    route('POST', '/v2/bot/group/:groupId/leave', (r, p) => leave(r, `group:${p.groupId}`)),
    route('POST', '/v2/bot/room/:roomId/leave', (r, p) => leave(r, `room:${p.roomId}`)),
    route('GET', '/v2/bot/info', (r) => {
      const auth = authorized(r);
      if (auth) return auth;
      return {
        json: {
          userId: 'Ubot0000000000000000000000000000',
          basicId: '@123abcde',
          displayName: 'Fake Shop',
          pictureUrl: 'https://profile.line-scdn.net/bot.png',
          chatMode: 'chat',
          markAsReadMode: 'manual',
        },
      };
    }),
    // Rich menus: LINE's documented order is create, upload the image (once), then set as the
    // default or link to users; a menu without its image cannot be shown or linked.
    route('POST', '/v2/bot/richmenu/validate', (r) => {
      const auth = authorized(r);
      if (auth) return auth;
      return invalid(r, richMenuRequest(r.body)) ?? { json: {} };
    }),
    route('POST', '/v2/bot/richmenu', (r) => {
      const auth = authorized(r);
      if (auth) return auth;
      const bad = invalid(r, richMenuRequest(r.body));
      if (bad) return bad;
      const id = `richmenu-${(++counter).toString(16).padStart(32, '0')}`;
      richMenus.set(id, { request: r.body as FakeRichMenu['request'], image: null, deleted: false });
      return { json: { richMenuId: id } };
    }),
    route('POST', '/v2/bot/richmenu/:id/content', (r, p) => {
      const auth = authorized(r);
      if (auth) return auth;
      const menu = richMenus.get(p.id);
      if (!menu || menu.deleted) return { status: 404, json: { message: 'Not found' } };
      const type = String(r.headers['content-type'] ?? '');
      const problems: string[] = [];
      if (type !== 'image/png' && type !== 'image/jpeg') problems.push(`content type ${type}`);
      if (r.raw.length > 1024 * 1024) problems.push('image over 1 MB');
      let size = { width: 0, height: 0 };
      try {
        const found = imageSize(r.raw);
        size = { width: found.width ?? 0, height: found.height ?? 0 };
      } catch {
        problems.push('not an image');
      }
      if (size.width !== menu.request.size.width || size.height !== menu.request.size.height)
        problems.push(`image ${size.width}x${size.height} does not match the menu size`);
      if (menu.image)
        return { status: 400, json: { message: 'An image has already been uploaded to the richmenu' } };
      const bad = invalid(r, problems);
      if (bad) return bad;
      menu.image = { type, bytes: r.raw.length, ...size };
      return { json: {} };
    }),
    route('POST', '/v2/bot/user/all/richmenu/:id', (r, p) => {
      const auth = authorized(r);
      if (auth) return auth;
      const menu = richMenus.get(p.id);
      if (!menu || menu.deleted) return { status: 404, json: { message: 'Not found' } };
      if (!menu.image) return invalid(r, ['the rich menu has no image']) as Answer;
      defaultRichMenu.id = p.id;
      return { json: {} };
    }),
    route('DELETE', '/v2/bot/user/all/richmenu', (r) => {
      const auth = authorized(r);
      if (auth) return auth;
      defaultRichMenu.id = null;
      return { json: {} };
    }),
    route('POST', '/v2/bot/richmenu/bulk/link', (r) => {
      const auth = authorized(r);
      if (auth) return auth;
      const bad = invalid(r, bulkLinkRequest(r.body));
      if (bad) return bad;
      const body = r.body as { richMenuId: string; userIds: string[] };
      const menu = richMenus.get(body.richMenuId);
      if (!menu || menu.deleted) return { status: 404, json: { message: 'Not found' } };
      if (!menu.image) return invalid(r, ['the rich menu has no image']) as Answer;
      for (const user of body.userIds) userRichMenus.set(user, body.richMenuId);
      return { status: 202, json: {} };
    }),
    route('POST', '/v2/bot/richmenu/bulk/unlink', (r) => {
      const auth = authorized(r);
      if (auth) return auth;
      const bad = invalid(r, bulkUnlinkRequest(r.body));
      if (bad) return bad;
      for (const user of (r.body as { userIds: string[] }).userIds) userRichMenus.delete(user);
      return { status: 202, json: {} };
    }),
    route('DELETE', '/v2/bot/richmenu/:id', (r, p) => {
      const auth = authorized(r);
      if (auth) return auth;
      const menu = richMenus.get(p.id);
      if (!menu || menu.deleted) return { status: 404, json: { message: 'Not found' } };
      menu.deleted = true;
      if (defaultRichMenu.id === p.id) defaultRichMenu.id = null;
      for (const [user, id] of userRichMenus) if (id === p.id) userRichMenus.delete(user);
      return { json: {} };
    }),
    route('GET', '/v2/bot/message/:id/content', (r, p) => {
      const auth = authorized(r);
      if (auth) return auth;
      const found = content.get(p.id);
      if (!found) return { status: 404, json: { message: 'Not found' } };
      return { body: found.body, headers: { 'content-type': found.type } };
    }),
  ]);
  return Object.assign(fake, {
    fetchImagemapImages: null as FakeLine['fetchImagemapImages'],
    imagemapImages,
    token,
    sent,
    multicasts,
    multicastRefusals,
    replyTokens,
    content,
    profiles,
    richMenus,
    defaultRichMenu,
    userRichMenus,
    left,
  });
}

export { PNG_1X1 };
