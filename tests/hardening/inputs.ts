// Every input that stores or shows text, as a table others extend by adding rows (issue 14). A
// row sends one string through one endpoint the way its real client does; the sweep checks that
// the answer is 2xx or 4xx and never 5xx, and the browser tests then open the pages that show it.
// The setup (sweepContext) starts the real server with the fake platforms, signs in, connects a
// LINE and a Messenger channel and makes the objects the rows write into.
import { randomUUID } from 'node:crypto';
import { WIDGET_SESSION_HEADER } from '../../core/widget/message';
import {
  type ChannelHarness,
  LINE_SECRET,
  lineSignature,
  metaSignature,
  startChannelHarness,
} from '../server/channels/channelHarness';
import { bubbleForm } from '../server/templates/templateForms';

// biome-ignore lint/suspicious/noExplicitAny: wire payloads.
type Payload = any;

export interface SweepContext {
  h: ChannelHarness;
  url: string;
  widgetId: string;
  lineChannelId: string;
  metaChannelId: string;
  followerId: string;
  /** The widget session of the visitor whose conversation followerId is. */
  seedToken: string;
  contactId: string;
  noteNo: number;
  replyId: string;
  folderId: string;
  fileId: string;
  agentUserId: string;
  /** A fresh widget session token from its own address, so rate limits of one do not hit the next. */
  visitor(address: string): Promise<{ token: string; visitorId: string }>;
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  upload(
    path: string,
    field: string,
    fileName: string,
    bytes: Uint8Array,
    type: string,
    headers?: Record<string, string>,
  ): Promise<Response>;
}

export interface InputRow {
  /** What the text is: "widget message", "note", … */
  name: string;
  /** Console pages where a stored value shows (the browser sweep opens these). */
  shows: (
    | 'live'
    | 'contact-list'
    | 'settings-tags'
    | 'message-template'
    | 'reply-message'
    | 'location'
    | 'media'
    | 'settings-users'
    | 'widget'
  )[];
  send(c: SweepContext, text: string, n: number): Promise<Response>;
}

/** A tiny valid PNG (1×1) for uploads whose name is the hostile part. */
export const PNG_1x1 = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A query value as a browser would send it; strings that are not valid UTF-16 go as invalid UTF-8 bytes. */
function query(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80%FF%C0%AF`;
  }
}

const ip = (n: number, k: number) => ({ 'x-forwarded-for': `10.77.${k % 250}.${n % 250}` });

function lineBody(userId: string, text: string) {
  return JSON.stringify({
    destination: 'Ubot0000000000000000000000000000',
    events: [
      {
        type: 'message',
        message: {
          id: String(Date.now()) + Math.floor(Math.random() * 1e6),
          type: 'text',
          text,
          quoteToken: 'q',
        },
        webhookEventId: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
        deliveryContext: { isRedelivery: false },
        timestamp: Date.now(),
        source: { type: 'user', userId },
        replyToken: randomUUID().replace(/-/g, ''),
        mode: 'active',
      },
    ],
  });
}

export const INPUTS: InputRow[] = [
  // ── The widget (customers, on strangers' pages) ──────────────────────────────────────────
  {
    name: 'widget message',
    shows: ['live', 'widget'],
    async send(c, text, n) {
      const { token, visitorId } = await c.visitor(`10.70.1.${n % 250}`);
      return c.json(
        'POST',
        `/service/webhook/widget/${c.widgetId}`,
        {
          events: [
            {
              id: `hostile-${n}-${randomUUID()}`,
              type: 'message',
              source: { type: 'widget', userId: visitorId },
              timestamp: Date.now(),
              message: { type: 'text', text },
            },
          ],
        },
        { [WIDGET_SESSION_HEADER]: token, ...ip(n, 1) },
      );
    },
  },
  {
    name: 'widget pre-chat form',
    shows: ['live'],
    async send(c, text, n) {
      const { token } = await c.visitor(`10.70.2.${n % 250}`);
      return c.json(
        'POST',
        '/service/widget/verify',
        { widget_id: c.widgetId, form: { name: text, topic: text } },
        {
          [WIDGET_SESSION_HEADER]: token,
          ...ip(n, 2),
        },
      );
    },
  },
  {
    name: 'widget setUser identity',
    shows: ['live'],
    async send(c, text, n) {
      const { token } = await c.visitor(`10.70.3.${n % 250}`);
      return c.json(
        'POST',
        '/service/widget/verify',
        { widget_id: c.widgetId, user: { name: text, user_id: text, phone: text, user_hash: text } },
        { [WIDGET_SESSION_HEADER]: token, ...ip(n, 3) },
      );
    },
  },
  {
    name: 'widget rating comment',
    shows: [],
    // Rating needs a conversation: the seeded visitor's (rating again replaces the comment).
    async send(c, text, n) {
      const token = c.seedToken;
      return c.json(
        'POST',
        '/service/widget/rating',
        { widget_id: c.widgetId, score: 3, comment: text },
        {
          [WIDGET_SESSION_HEADER]: token,
          ...ip(n, 4),
        },
      );
    },
  },
  {
    name: 'widget upload file name',
    shows: ['live'],
    async send(c, text, n) {
      const { token } = await c.visitor(`10.70.5.${n % 250}`);
      return c.upload(
        `/service/widget/upload?widget_id=${c.widgetId}`,
        'file',
        `${text}.png`,
        PNG_1x1,
        'image/png',
        {
          [WIDGET_SESSION_HEADER]: token,
          ...ip(n, 5),
        },
      );
    },
  },
  // ── Platform webhooks (signed exactly as LINE and Meta sign) ──────────────────────────────
  {
    name: 'LINE webhook text',
    shows: ['live'],
    async send(c, text, n) {
      const body = lineBody(`Uhostile${String(n).padStart(24, '0')}`, text);
      return fetch(`${c.url}/webhook/line/${c.lineChannelId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': lineSignature(LINE_SECRET, body) },
        body,
      });
    },
  },
  {
    name: 'Messenger webhook text',
    shows: ['live'],
    async send(c, text, n) {
      const body = JSON.stringify({
        object: 'page',
        entry: [
          {
            id: '1000001',
            time: Date.now(),
            messaging: [
              {
                sender: { id: `psid-hostile-${n}` },
                recipient: { id: '1000001' },
                timestamp: Date.now(),
                message: { mid: `m_hostile_${n}_${randomUUID()}`, text },
              },
            ],
          },
        ],
      });
      return fetch(`${c.url}/webhook/meta/${c.metaChannelId}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': metaSignature(c.h.meta.appSecret, body),
        },
        body,
      });
    },
  },
  // ── The inbox ───────────────────────────────────────────────────────────────────────────
  {
    name: 'reply (agent message)',
    shows: ['live', 'widget'],
    send: (c, text, n) =>
      c.json('POST', '/api/chat/send/message', {
        followerId: c.followerId,
        message: text,
        tempId: `hx-${n}-${randomUUID()}`,
      }),
  },
  {
    name: 'nickname',
    shows: ['live'],
    send: (c, text) => c.json('POST', '/api/chat/nickname', { followerId: c.followerId, nickname: text }),
  },
  {
    name: 'note create',
    shows: ['live'],
    send: (c, text) => c.json('POST', '/api/note/create', { followerId: c.followerId, text }),
  },
  {
    name: 'note update',
    shows: ['live'],
    send: (c, text) => c.json('PATCH', '/api/note/update', { followerId: c.followerId, no: c.noteNo, text }),
  },
  {
    name: 'chat tag',
    shows: ['live'],
    send: (c, text) => c.json('POST', '/api/tag/add', { followerId: c.followerId, name: text }),
  },
  {
    name: 'search by message',
    shows: [],
    send: (c, text) => c.json('POST', '/api/chat/search/message', { text, keyword: text }),
  },
  {
    name: 'search by name',
    shows: [],
    send: (c, text) => c.json('POST', '/api/chat/search/name', { text, keyword: text }),
  },
  // ── Contacts ────────────────────────────────────────────────────────────────────────────
  {
    name: 'contact name',
    shows: ['contact-list'],
    send: (c, text) => c.json('POST', '/api/contact/create', { line_name: text, line_nickname: text }),
  },
  {
    name: 'contact field value',
    shows: ['contact-list', 'live'],
    send: (c, text) =>
      c.json('POST', '/api/contact/update', { _id: c.contactId, contact_detail: { city: text } }),
  },
  {
    name: 'contact field label',
    shows: [],
    send: (c, text, n) =>
      c.json('POST', '/api/contact/fields', { key: `f${n}x`, label: text, type: 'other' }),
  },
  {
    name: 'contact list search',
    shows: [],
    send: (c, text) => c.json('GET', `/api/contact/list?search=${query(text)}`),
  },
  // ── Settings ────────────────────────────────────────────────────────────────────────────
  {
    name: 'tag name',
    shows: ['settings-tags', 'contact-list'],
    // The chat tag row above made tags of these very names (names are unique): a suffix keeps them new.
    send: (c, text, n) => c.json('POST', '/api/settings/tags', { name: `${text} #${n}` }),
  },
  {
    name: 'queue name',
    shows: [],
    send: (c, text) => c.json('POST', '/api/settings/queues', { name: text }),
  },
  {
    name: 'role name',
    shows: [],
    send: (c, text) => c.json('POST', '/api/settings/roles', { name: text, level: 3 }),
  },
  {
    name: 'user display name',
    shows: ['settings-users'],
    send: (c, text) =>
      c.json('PUT', `/api/settings/users/${c.agentUserId}`, {
        display_name: text,
        first_name: text,
        last_name: text,
      }),
  },
  {
    name: 'account greeting',
    shows: [],
    send: (c, text) => c.json('PUT', '/api/settings/general', { greeting_message: text }),
  },
  {
    name: 'widget settings texts',
    shows: ['widget'],
    send: (c, text) =>
      c.json('PUT', '/api/widget/settings', {
        widget_id: c.widgetId,
        settings: {
          header: text,
          description: text,
          welcome_message: text,
          scatter_message: text,
          brand_label: text,
        },
      }),
  },
  // ── Automation, templates, locations ────────────────────────────────────────────────────
  {
    name: 'reply message',
    shows: ['reply-message'],
    send: (c, text) =>
      c.json('POST', '/api/reply/message/create', { name: text, items: [{ type: 'text', text }] }),
  },
  {
    name: 'reply group',
    shows: ['reply-message'],
    send: (c, text) => c.json('POST', '/api/reply/group/create', { name: text }),
  },
  {
    name: 'keyword mapping',
    shows: [],
    send: (c, text) =>
      c.json('POST', '/api/keyword/create', {
        name: text,
        keywords: [{ text, match: 'contains' }],
        action: 'reply',
        reply_message_id: c.replyId,
      }),
  },
  { name: 'keyword test', shows: [], send: (c, text) => c.json('POST', '/api/keyword/test', { text }) },
  {
    name: 'intent',
    shows: [],
    send: (c, text) =>
      c.json('POST', '/api/intent/create', {
        name: text,
        training_phrases: [text],
        reply_message_id: c.replyId,
      }),
  },
  {
    name: 'message template',
    shows: ['message-template'],
    send: (c, text) =>
      c.json('POST', '/api/message-template/create', { name: text, kind: 'bubble', form: bubbleForm(text) }),
  },
  {
    name: 'template preview',
    shows: [],
    send: (c, text) => c.json('POST', '/api/message-template/preview', { form: bubbleForm(text) }),
  },
  {
    name: 'location',
    shows: ['location'],
    send: (c, text) =>
      c.json('POST', '/api/location/create', {
        name: text,
        address: text,
        nearby_place: text,
        open_time: '10:00',
        close_time: '21:00',
        latitude: '13.7462',
        longitude: '100.5347',
      }),
  },
  // ── Media library ───────────────────────────────────────────────────────────────────────
  {
    name: 'folder name',
    shows: ['media'],
    send: (c, text) => c.json('POST', '/api/folder/create', { name: text }),
  },
  {
    name: 'uploaded file name',
    shows: ['media'],
    send: (c, text) =>
      c.upload(`/api/file/upload?folderId=${c.folderId}`, 'files', `${text}.png`, PNG_1x1, 'image/png'),
  },
  {
    name: 'file rename',
    shows: ['media'],
    send: (c, text) => c.json('POST', '/api/file/edit', { file_id: c.fileId, name: text }),
  },
  {
    name: 'file list search',
    shows: [],
    send: (c, text) => c.json('GET', `/api/file/list?search=${query(text)}`),
  },
  // ── Broadcasts ──────────────────────────────────────────────────────────────────────────
  // The broadcast engineer adds rows here (broadcast name, message texts, …) as those endpoints land.
];

export const MEMBER_PASSWORD = 'Str0ng$Password';

/** A new member of the signed-in account at a role level, through the invitation link; their user id. */
export async function addMember(
  json: SweepContext['json'],
  url: string,
  email: string,
  level: number,
): Promise<string> {
  const roles = await must(await json('GET', '/api/settings/roles'), 'roles');
  const role = roles.list.find((r: Payload) => r.level === level);
  const invite = await must(
    await json('POST', '/api/settings/users/invite', { email, role_id: role._id }),
    'invite',
  );
  const token = invite.link.split('/invite/')[1];
  await must(
    await fetch(`${url}/api/auth/invitation/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: MEMBER_PASSWORD, display_name: email.split('@')[0] }),
    }),
    'accept',
  );
  const users = await must(await json('GET', '/api/settings/users'), 'users');
  return users.list.find((u: Payload) => u.email === email)._id;
}

export async function must(res: Response, what: string): Promise<Payload> {
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text);
}

export async function sweepContext(): Promise<SweepContext> {
  const h = await startChannelHarness({ PUBLIC_URL: 'https://chat.example.test' });
  const url = h.server.url;
  const headers = h.owner.headers;
  const json: SweepContext['json'] = (method, path, body, extra = {}) =>
    fetch(`${url}${path}`, {
      method,
      headers: { ...(path.startsWith('/api/') ? headers : { 'content-type': 'application/json' }), ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const upload: SweepContext['upload'] = (path, field, fileName, bytes, type, extra) => {
    const form = new FormData();
    form.append(field, new Blob([Buffer.from(bytes)], { type }), fileName);
    const h2: Record<string, string> = path.startsWith('/api/') ? { ...headers } : {};
    delete h2['content-type'];
    return fetch(`${url}${path}`, { method: 'POST', headers: { ...h2, ...extra }, body: form });
  };
  const widgetId = h.owner.widgetId;
  const visitor = async (address: string) => {
    const res = await json(
      'POST',
      '/service/widget/verify',
      { widget_id: widgetId },
      { 'x-forwarded-for': address },
    );
    const data = (await must(res, 'verify')).data;
    return { token: data.session_id as string, visitorId: data.visitor_id as string };
  };

  h.line.profiles.set('Uhostile', {
    displayName: 'Hostile',
    pictureUrl: 'https://profile.line-scdn.net/h.png',
  });
  const lineChannelId = (
    await h.connect('line', {
      channel_id: '1650000000',
      channel_secret: LINE_SECRET,
      access_token: h.line.token,
    })
  )._id;
  const metaChannelId = (
    await h.connect('messenger', {
      page_id: '1000001',
      app_secret: h.meta.appSecret,
      page_token: h.meta.pageToken,
      verify_token: 'v',
    })
  )._id;
  await must(
    await json('PUT', '/api/widget/settings', {
      widget_id: widgetId,
      settings: {
        chat_form: true,
        pre_chat_form_fields: [
          { key: 'name', label: 'Name', type: 'text', required: true },
          { key: 'topic', label: 'Topic', type: 'text', required: false },
        ],
      },
    }),
    'widget settings',
  );
  // One visitor conversation the inbox rows write into.
  const seed = await visitor('10.60.0.1');
  const sent = await must(
    await json(
      'POST',
      `/service/webhook/widget/${widgetId}`,
      {
        events: [
          {
            id: 'seed-1',
            type: 'message',
            source: { type: 'widget', userId: seed.visitorId },
            timestamp: Date.now(),
            message: { type: 'text', text: 'Seed customer' },
          },
        ],
      },
      { [WIDGET_SESSION_HEADER]: seed.token },
    ),
    'seed message',
  );
  const followerId: string = (await must(await json('GET', `/api/chat/followers?chat_type=all`), 'followers'))
    .chat.data[0]._id;
  void sent;
  const noteNo: number = (
    await must(await json('POST', '/api/note/create', { followerId, text: 'first' }), 'note')
  ).note.no;
  await must(
    await json('POST', '/api/contact/fields', { key: 'city', label: 'City', type: 'other' }),
    'field',
  );
  const contactId: string = (
    await must(await json('POST', '/api/contact/create', { line_name: 'Seed contact' }), 'contact')
  ).contact._id;
  const replyId: string = (
    await must(
      await json('POST', '/api/reply/message/create', {
        name: 'Seed reply',
        items: [{ type: 'text', text: 'hi' }],
      }),
      'reply',
    )
  ).reply_message._id;
  const folderId: string = (
    await must(await json('POST', '/api/folder/create', { name: 'Seed folder' }), 'folder')
  ).folderId;
  const up = await must(
    await upload(`/api/file/upload?folderId=${folderId}`, 'files', 'seed.png', PNG_1x1, 'image/png'),
    'upload',
  );
  const fileId: string = up.resultUpload[0].id;
  const agentUserId = await addMember(json, url, 'agent.hostile@example.com', 3);

  return {
    h,
    url,
    widgetId,
    lineChannelId,
    metaChannelId,
    followerId,
    seedToken: seed.token,
    contactId,
    noteNo,
    replyId,
    folderId,
    fileId,
    agentUserId,
    visitor,
    json,
    upload,
  };
}
