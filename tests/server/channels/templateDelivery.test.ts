// Saved templates (the editor's own forms) sent to Messenger, Instagram and WeChat through the fake
// platforms (issue 6/7): every button arrives, in the shape the editor's per-channel preview shows;
// the same through a reply message made of saved cards; and what a channel cannot carry (a call
// button on Instagram) is refused before anything is stored, with the converter's field-named reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action, createAction } from '../../../core/template/action';
import { createBlock } from '../../../core/template/blocks';
import type { TemplateForm } from '../../../core/template/form';
import { META_MESSAGES } from '../../../core/template/messenger';
import { createItem, createTemplate } from '../../../core/template/presets';
import {
  type ChannelHarness,
  conversation,
  eventually,
  META_VERIFY,
  messageRow,
  metaSignature,
  type Payload,
  postRaw,
  startChannelHarness,
  WECHAT_TOKEN,
  wechatQuery,
} from './channelHarness';

const IMAGE = 'https://cdn.example.com/pictures/tea.png';
const SHOP = 'https://shop.example.com/tea';

let h: ChannelHarness;
const followerOf: Record<'messenger' | 'instagram' | 'wechat', string> = {
  messenger: '',
  instagram: '',
  wechat: '',
};

const action = (type: Action['type'], fields: Partial<Action> = {}): Action => ({
  ...createAction(type),
  ...fields,
});

/** What the editor saves after "template_1", a picture, texts and a button that opens the shop. */
function productCard(title: string, button: { text: string; action: Action }): TemplateForm['items'][number] {
  const item = createItem('template_1');
  const [image, heading, description, cta] = item.contents as Payload[];
  image.url = IMAGE;
  heading.text = title;
  description.text = 'Fresh leaves from Chiang Rai';
  cta.text = button.text;
  cta.action = button.action;
  return item;
}

function productForm(): TemplateForm {
  const form = createTemplate('template_1');
  form.items = [productCard('Green tea', { text: 'Buy now', action: action('uri', { uri: SHOP }) })];
  return form;
}

/** A custom card of a question and three choices: a message, a postback and a link. */
function choicesForm(extra: Payload[] = []): TemplateForm {
  const form = createTemplate('custom');
  form.items = [
    {
      contents: [
        createBlock('textHeader', { text: 'How can we help?', position: 0 }),
        createBlock('button', {
          text: 'Order status',
          position: 1,
          action: action('message', { text: 'Where is my order?' }),
        }),
        createBlock('button', {
          text: 'Talk to sales',
          position: 2,
          action: action('postback', { data: 'menu=sales' }),
        }),
        createBlock('button', { text: 'Website', position: 3, action: action('uri', { uri: SHOP }) }),
        ...extra,
      ],
    },
  ];
  return form;
}

/** Two product cards: a carousel, the second with a message button. */
function carouselForm(): TemplateForm {
  const form = createTemplate('template_1');
  form.items = [
    productCard('Green tea', { text: 'Buy now', action: action('uri', { uri: SHOP }) }),
    productCard('Oolong', {
      text: 'Ask about it',
      action: action('message', { text: 'Tell me about oolong' }),
    }),
  ];
  return form;
}

function callForm(): TemplateForm {
  const form = createTemplate('custom');
  form.items = [
    {
      contents: [
        createBlock('textHeader', { text: 'Call us', position: 0 }),
        createBlock('button', { text: 'Call', position: 1, action: action('tel', { tel: '0812345678' }) }),
      ],
    },
  ];
  return form;
}

async function saveTemplate(name: string, form: TemplateForm): Promise<string> {
  const res = await h.api('POST', '/api/message-template/create', { name, form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body._id;
}

async function preview(id: string) {
  const res = await h.api('GET', `/api/message-template/${id}/preview`);
  expect(res.status).toBe(200);
  return res.body.channels;
}

const row = (id: string) => messageRow(h, id);

/** Sends a saved template into a chat and waits until its delivery settles. */
async function sendTemplate(id: string, channel: keyof typeof followerOf) {
  const res = await h.api('POST', `/api/message-template/${id}/send`, { followerId: followerOf[channel] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return eventually(async () => {
    const r = await row(res.body.message._id);
    expect(r.delivery).not.toBe('pending');
    return r;
  });
}

const metaSent = (recipient: string) => h.meta.sent.filter((s) => s.recipient === recipient);

/**
 * Templates an agent sends carry tracked /go links (clicks count for the template); each one is
 * followed here and replaced by where it leads, so what was sent compares with the preview.
 */
async function followLinks<T>(sent: T): Promise<T> {
  const json = JSON.stringify(sent);
  const codes = [...new Set(json.match(/https:\/\/chat\.example\.test\/go\?l=\w+/g) ?? [])];
  let out = json;
  for (const link of codes) {
    const res = await fetch(link.replace('https://chat.example.test', h.server.url), { redirect: 'manual' });
    expect(res.status).toBe(302);
    out = out.replaceAll(link, res.headers.get('location') as string);
  }
  return JSON.parse(out) as T;
}

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: 'https://chat.example.test' });
  const meta = (pageId: string) => ({
    page_id: pageId,
    app_secret: h.meta.appSecret,
    page_token: h.meta.pageToken,
    verify_token: META_VERIFY,
  });
  const messenger = (await h.connect('messenger', meta('1000001')))._id;
  const instagram = (await h.connect('instagram', meta('17841400000002')))._id;
  const wechat = (
    await h.connect('wechat', { app_id: h.wechat.appId, app_secret: h.wechat.appSecret, token: WECHAT_TOKEN })
  )._id;
  // One customer on each channel writes in first (the platforms answer only within their windows).
  for (const [channelId, object, pageId, psid] of [
    [messenger, 'page', '1000001', 'PSID-tpl'],
    [instagram, 'instagram', '17841400000002', 'IGSID-tpl'],
  ] as const) {
    const raw = JSON.stringify({
      object,
      entry: [
        {
          id: pageId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: psid },
              recipient: { id: pageId },
              timestamp: Date.now(),
              message: { mid: `m-${psid}`, text: 'Hi' },
            },
          ],
        },
      ],
    });
    const res = await postRaw(`${h.server.url}/webhook/meta/${channelId}`, raw, {
      'content-type': 'application/json',
      'x-hub-signature-256': metaSignature(h.meta.appSecret, raw),
    });
    expect(res.status).toBe(200);
  }
  const xml = `<xml><ToUserName><![CDATA[gh_shop]]></ToUserName><FromUserName><![CDATA[oTpl]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[你好]]></Content><MsgId>98765</MsgId></xml>`;
  await postRaw(`${h.server.url}/webhook/wechat/${wechat}?${wechatQuery(WECHAT_TOKEN)}`, xml, {
    'content-type': 'text/xml',
  });
  await eventually(async () => {
    for (const [channel, channelId, external] of [
      ['messenger', messenger, 'PSID-tpl'],
      ['instagram', instagram, 'IGSID-tpl'],
      ['wechat', wechat, 'oTpl'],
    ] as const) {
      const c = await conversation(h, channelId, external);
      expect(c.follower).not.toBeNull();
      followerOf[channel] = c.follower?.id ?? '';
    }
  });
}, 60_000);
afterAll(() => h?.close());

describe('a product card (template_1 with a link button)', () => {
  it('Messenger and Instagram get the generic element with its button, as previewed', async () => {
    const id = await saveTemplate('Green tea card', productForm());
    const channels = await preview(id);
    for (const [channel, recipient] of [
      ['messenger', 'PSID-tpl'],
      ['instagram', 'IGSID-tpl'],
    ] as const) {
      const before = metaSent(recipient).length;
      expect((await sendTemplate(id, channel)).delivery).toBe('sent');
      const sent = await followLinks(metaSent(recipient).slice(before));
      expect(sent).toHaveLength(1);
      expect(sent[0].message).toEqual({
        attachment: {
          type: 'template',
          payload: {
            template_type: 'generic',
            elements: [
              {
                title: 'Green tea',
                subtitle: 'Fresh leaves from Chiang Rai',
                image_url: IMAGE,
                buttons: [{ type: 'web_url', url: SHOP, title: 'Buy now' }],
              },
            ],
          },
        },
      });
      expect(channels[channel]).toEqual({ ok: true, message: sent[0].message });
    }
  });

  it('WeChat gets a news article that opens the link, as previewed', async () => {
    const id = await saveTemplate('Green tea news', productForm());
    const before = h.wechat.sent.length;
    expect((await sendTemplate(id, 'wechat')).delivery).toBe('sent');
    const sent = await followLinks(h.wechat.sent.slice(before));
    expect(sent).toEqual([
      {
        touser: 'oTpl',
        msgtype: 'news',
        news: {
          articles: [
            { title: 'Green tea', description: 'Fresh leaves from Chiang Rai', url: SHOP, picurl: IMAGE },
          ],
        },
      },
    ]);
    const { touser: _, ...message } = sent[0];
    expect((await preview(id)).wechat).toEqual({ ok: true, message: [message] });
  });
});

describe('a card of three choices (message, postback and link buttons)', () => {
  it('Messenger and Instagram get a button template with all three buttons', async () => {
    const id = await saveTemplate('Help menu', choicesForm());
    for (const [channel, recipient] of [
      ['messenger', 'PSID-tpl'],
      ['instagram', 'IGSID-tpl'],
    ] as const) {
      const before = metaSent(recipient).length;
      expect((await sendTemplate(id, channel)).delivery).toBe('sent');
      const [sent] = await followLinks(metaSent(recipient).slice(before));
      expect(sent.message).toEqual({
        attachment: {
          type: 'template',
          payload: {
            template_type: 'button',
            text: 'How can we help?',
            buttons: [
              { type: 'postback', title: 'Order status', payload: expect.stringContaining('Where') },
              { type: 'postback', title: 'Talk to sales', payload: 'menu=sales' },
              { type: 'web_url', title: 'Website', url: SHOP },
            ],
          },
        },
      });
    }
  });

  it('WeChat spells every choice out, with the link', async () => {
    const id = await saveTemplate('Help menu for WeChat', choicesForm());
    const before = h.wechat.sent.length;
    expect((await sendTemplate(id, 'wechat')).delivery).toBe('sent');
    expect(await followLinks(h.wechat.sent.slice(before))).toEqual([
      {
        touser: 'oTpl',
        msgtype: 'text',
        text: { content: `How can we help?\nOrder status\nTalk to sales\nWebsite: ${SHOP}` },
      },
    ]);
  });
});

describe('a carousel', () => {
  it('Messenger gets one generic element per card, each with its button', async () => {
    const id = await saveTemplate('Teas', carouselForm());
    const before = metaSent('PSID-tpl').length;
    expect((await sendTemplate(id, 'messenger')).delivery).toBe('sent');
    const [sent] = await followLinks(metaSent('PSID-tpl').slice(before));
    const elements = (sent.message as Payload).attachment.payload.elements;
    expect(elements.map((e: Payload) => [e.title, e.buttons])).toEqual([
      ['Green tea', [{ type: 'web_url', url: SHOP, title: 'Buy now' }]],
      ['Oolong', [{ type: 'postback', title: 'Ask about it', payload: expect.stringContaining('oolong') }]],
    ]);
    expect((await preview(id)).messenger.message).toEqual(sent.message);
  });

  it('WeChat gets one message per card', async () => {
    const id = await saveTemplate('Teas for WeChat', carouselForm());
    const before = h.wechat.sent.length;
    expect((await sendTemplate(id, 'wechat')).delivery).toBe('sent');
    const sent = await followLinks(h.wechat.sent.slice(before));
    expect(sent.map((s) => s.msgtype)).toEqual(['news', 'text']);
    expect((sent[1] as Payload).text.content).toContain('Ask about it');
  });

  it('a reply message made of saved cards reaches Instagram with every button', async () => {
    const first = await saveTemplate('Reply card one', productForm());
    const second = await saveTemplate('Reply card two', choicesForm());
    const reply = await h.api('POST', '/api/reply/message/create', {
      name: 'Our teas',
      items: [{ type: 'carousel', bubbleIds: [first, second] }],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const before = metaSent('IGSID-tpl').length;
    const res = await h.api('POST', '/api/chat/send/template', {
      followerId: followerOf.instagram,
      reply_message_id: reply.body.reply_message._id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await eventually(async () => expect((await row(res.body.message._id)).delivery).toBe('sent'));
    const [sent] = await followLinks(metaSent('IGSID-tpl').slice(before));
    const elements = (sent.message as Payload).attachment.payload.elements;
    expect(elements.map((e: Payload) => e.buttons.map((b: Payload) => b.title))).toEqual([
      ['Buy now'],
      ['Order status', 'Talk to sales', 'Website'],
    ]);
  });
});

describe('what a channel cannot carry', () => {
  it('a call button: Messenger calls; Instagram is refused before anything is stored, naming the field', async () => {
    const id = await saveTemplate('Call us', callForm());
    const before = metaSent('PSID-tpl').length;
    expect((await sendTemplate(id, 'messenger')).delivery).toBe('sent');
    expect(metaSent('PSID-tpl').slice(before)[0].message).toMatchObject({
      attachment: { payload: { buttons: [{ type: 'phone_number', payload: '+66812345678' }] } },
    });
    const igBefore = metaSent('IGSID-tpl').length;
    const stored = async () =>
      (await h.api('GET', `/api/chat/messages?follower_id=${followerOf.instagram}&skip=0&limit=100`)).body
        .list.length;
    const storedBefore = await stored();
    const refused = await h.api('POST', `/api/message-template/${id}/send`, {
      followerId: followerOf.instagram,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'items[0].contents[1].action.type',
      message: META_MESSAGES.cannotShow('Instagram', 'call buttons'),
      errors: [
        {
          field: 'items[0].contents[1].action.type',
          message: META_MESSAGES.cannotShow('Instagram', 'call buttons'),
        },
      ],
    });
    // Nothing was stored to fail later, and nothing reached Instagram.
    expect(await stored()).toBe(storedBefore);
    expect(metaSent('IGSID-tpl')).toHaveLength(igBefore);
    // The editor's Instagram preview said so, by the same field.
    expect((await preview(id)).instagram).toEqual({
      ok: false,
      errors: [
        {
          field: 'items[0].contents[1].action.type',
          message: META_MESSAGES.cannotShow('Instagram', 'call buttons'),
        },
      ],
    });
  });

  it('a hand-built card with a tel: link is no call button on Instagram either', async () => {
    const { sendMessage } = await import('../../../server/chat/outbound');
    const { message } = await sendMessage(h.server.app.ctx, {
      accountId: h.owner.accountId,
      followerId: followerOf.instagram,
      userId: h.owner.user._id,
      items: [
        {
          type: 'flex',
          altText: 'Call',
          contents: {
            type: 'bubble',
            body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'Call us' }] },
            footer: {
              type: 'box',
              layout: 'vertical',
              contents: [{ type: 'button', action: { type: 'uri', label: 'Call', uri: 'tel:0812345678' } }],
            },
          },
        },
      ],
    });
    await eventually(async () => expect((await row(message._id)).delivery).toBe('failed'));
    expect((await row(message._id)).deliveryError).toContain(
      META_MESSAGES.cannotShow('Instagram', 'call buttons'),
    );
  });
});
