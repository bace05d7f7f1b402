// Issue 16 end to end over HTTP: every action a template offers, tapped from LINE (signed
// postback webhook), Messenger (signed postback) and the widget (postback event), does its job
// once — the bot's answer in the conversation and through the channel (checked by the fake
// platforms against their official shapes), or the change of state — and a redelivered postback
// or a double tap changes nothing more. Templates with an API source reach each customer with
// that customer's values from the fake external API.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_EVENTS, AGENT_NAMESPACE } from '../../../core/realtime/events';
import { type Action, createAction, postbackData } from '../../../core/template/action';
import { createBlock } from '../../../core/template/blocks';
import { actionRuns } from '../../../server/actions/schema';
import { API_KEY, customer as fakeCustomer } from '../../helpers/fakeApi';
import { eventually, type Payload } from '../channels/channelHarness';
import {
  type ActionsHarness,
  botItems,
  CHANNELS,
  type Channel,
  type Customer,
  postbacksIn,
  startActionsHarness,
} from './actionsHarness';

let h: ActionsHarness;
const ids: Record<string, string> = {};
let board = new Map<string, string>();

const IMAGE = 'https://cdn.example.com/pictures/cover.png';
const LOYALTY_VARIABLES = [
  { key: 'name', data_type: 'string', sub: [] },
  { key: 'points', data_type: 'number', sub: [] },
  { key: 'slug', data_type: 'string', sub: [] },
  {
    key: 'orders',
    data_type: 'array',
    sub: [
      { key: 'title', data_type: 'string', sub: [] },
      { key: 'link', data_type: 'url', sub: [] },
    ],
  },
];

async function ok(method: string, path: string, body?: unknown) {
  const res = await h.api(method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as Payload;
}

const button = (text: string, action: Action, position: number) =>
  createBlock('button', { text, action, position });

async function template(name: string, contents: unknown[], extra: Record<string, unknown> = {}) {
  const body = await ok('POST', '/api/message-template/create', {
    name,
    form: { name, altText: '', template: 'custom', contentSize: 'mega', items: [{ contents }], ...extra },
  });
  return body as Payload;
}

/** A new customer of `channel` whom the fake loyalty API knows, with 1200 points. */
async function member(channel: Channel, points = 1200): Promise<Customer> {
  const c = await h.customer(channel);
  h.api3.customers.set(c.externalId, fakeCustomer('Somchai', points, '0812345678'));
  return c;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Taps, waits for `done`, redelivers the same event and checks nothing more happened. */
async function tapOnce<T>(c: Customer, data: string, done: () => Promise<T>, title?: string): Promise<T> {
  const again = await h.tap(c, data, { title });
  const result = await eventually(done, 8000);
  const before = JSON.stringify((await h.conversation(c)).rows.map((r) => r.id));
  const apiCalls = h.api3.requests.length;
  await again();
  await sleep(250);
  expect(JSON.stringify((await h.conversation(c)).rows.map((r) => r.id))).toBe(before);
  expect(h.api3.requests.length).toBe(apiCalls);
  return result;
}

const lastBotJson = async (c: Customer) =>
  JSON.stringify(botItems((await h.conversation(c)).rows).at(-1) ?? null);

beforeAll(async () => {
  h = await startActionsHarness();
  const loyalty = await ok('POST', '/api/settings/apis', {
    name: 'Loyalty',
    slug: 'loyalty',
    method: 'GET',
    url: `${h.api3.url}/customers/{user_id}?lang=th`,
    headers: [{ key: 'x-api-key', value: API_KEY }],
    variables_option: LOYALTY_VARIABLES,
    answers: {
      conditions: [
        {
          variable: 'points',
          operator: 'greater_than',
          value: '500',
          reply: { type: 'text', text: '{name}, you have {points} points: gold!' },
        },
      ],
      fallback: 'Sorry, we could not find your points.',
    },
  });
  ids.loyalty = loyalty.api._id;
  ids.vip = (await ok('POST', '/api/settings/queues', { name: 'VIP' })).queue._id;
  const group = await ok('POST', '/api/reply/group/create', { name: 'Welcome tour' });
  ids.group = group.group._id;
  for (const text of ['Step one: browse', 'Step two: pay'])
    await ok('POST', '/api/reply/message/create', {
      name: text,
      group_id: ids.group,
      items: [{ type: 'text', text }],
    });
  const hoursReply = await ok('POST', '/api/reply/message/create', {
    name: 'Hours',
    items: [{ type: 'text', text: 'We open 9:00–18:00' }],
  });
  await ok('POST', '/api/keyword/create', {
    name: 'Hours',
    keywords: [{ text: 'hours', match: 'exact' }],
    action: 'reply',
    reply_message_id: hoursReply.reply_message._id,
    priority: 1,
  });
  await ok('POST', '/api/location/create', {
    name: 'Siam Store',
    latitude: '13.7456',
    longitude: '100.5347',
    address: 'Rama I Road',
  });
  const points = await template(
    'My points',
    [
      createBlock('imageCover', {
        source: 'api',
        url: IMAGE,
        urlApi: 'https://cdn.example.com/avatars/{slug}.png',
        position: 0,
      }),
      createBlock('textHeader', { text: 'Hi {name}, you have {points} points', position: 1 }),
      button(
        '{orders.title}',
        { ...createAction('uri'), typeUrl: 'api', urlApiName: 'orders.link', loopDown: true },
        2,
      ),
    ],
    { apiSetting: { status: true, slug: 'loyalty', variables_option: LOYALTY_VARIABLES } },
  );
  ids.points = points._id;
  const actions: [string, Action][] = [
    ['templateId', { ...createAction('templateId'), templateId: ids.points, tags: ['points-asked'] }],
    [
      'talkToHuman',
      {
        ...createAction('talkToHuman'),
        talkToHumanAction: 'queue',
        queueId: ids.vip,
        textUser: 'Talk to a person',
        displayTextBot: 'An agent from VIP will answer you soon.',
      },
    ],
    ['location', { ...createAction('location'), lat: '13.7456', lng: '100.5347' }],
    ['verify', createAction('verify')],
    ['logout', createAction('logout')],
    ['apiCondition', { ...createAction('apiCondition'), apiKey: 'loyalty' }],
    ['flow', { ...createAction('flow'), flowId: ids.group, flowMessage: 'Here is the tour.' }],
  ];
  const boardTemplate = await template(
    'Action board',
    actions.map(([label, action], i) => button(label, action, i)),
  );
  ids.board = boardTemplate._id;
  const stored = await ok('GET', `/api/message-template/${ids.board}`);
  // The taps a customer can make are the postbacks in the message LINE was given.
  board = postbacksIn(stored.message);
}, 60_000);
afterAll(() => h?.close());

describe('postback data', () => {
  it('carries the stored action’s key only where the tap needs more than the data', () => {
    expect(board.get('verify')).toBe('action=verify');
    expect(board.get('location')).toBe('action=location&lat=13.7456&lng=100.5347');
    expect(board.get('talkToHuman')).toMatch(/^action=talkToHuman&mode=queue&queue=\w+&key=h\w+$/);
    expect(board.get('templateId')).toMatch(/^action=templateId&id=\w+&key=h\w+$/);
    expect(board.get('apiCondition')).toMatch(/^action=apiCondition&api=loyalty&key=h\w+$/);
  });
});

describe.each(CHANNELS)('a tap on %s', (channel) => {
  it('templateId: the template filled with this customer’s API values, tracked links, tags; once', async () => {
    const c = await member(channel);
    await tapOnce(c, board.get('templateId') as string, async () => {
      const json = await lastBotJson(c);
      expect(json).toContain('Hi Somchai, you have 1200 points');
      return json;
    });
    const json = await lastBotJson(c);
    // Stacked array button: one per entry, three entries; API image address in place of the preview.
    const card = JSON.stringify((botItems((await h.conversation(c)).rows).at(-1) as Payload[])[0].contents);
    expect(card.match(/https:\/\/chat\.example\.test\/go\?l=\w+/g)).toHaveLength(3);
    expect(json).toContain('Somchai order 3');
    expect(json).not.toContain('Somchai order 4');
    expect(json).toContain('https://cdn.example.com/avatars/somchai.png');
    expect(json).not.toMatch(/\{[\w.[\]]+\}/);
    const calls = h.api3.requests.filter((r) => r.path === `/customers/${c.externalId}`);
    expect(calls).toHaveLength(1);
    expect(calls[0].query.get('lang')).toBe('th');
    const contact = await ok('GET', `/api/contact/follower/${(await h.conversation(c)).follower?.id}`);
    expect(JSON.stringify(contact)).toContain('points-asked');
    if (channel === 'line') {
      const sent = await eventually(async () => {
        const s = h.line.sent.find((x) => JSON.stringify(x.body).includes('Hi Somchai'));
        expect(s).toBeDefined();
        return s;
      });
      // The reply token of the tap, not a push.
      expect(sent?.kind).toBe('reply');
    }
    if (channel === 'messenger')
      await eventually(async () =>
        expect(JSON.stringify(h.meta.sent.filter((s) => s.recipient === c.externalId))).toMatch(
          /Somchai order 1.*chat\.example\.test\/go\?l=/,
        ),
      );
  });

  it('talkToHuman: agent mode in the chosen queue, the bot’s words, in the inbox at once; once', async () => {
    const c = await member(channel);
    const socket: Socket = connect(`${h.server.url}${AGENT_NAMESPACE}`, {
      auth: { token: h.owner.token, channel_id: h.owner.accountId },
      transports: ['websocket'],
    });
    const heard: Payload[] = [];
    socket.on(AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE, (p: Payload) => heard.push(p));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    try {
      const follower = await tapOnce(
        c,
        board.get('talkToHuman') as string,
        async () => {
          const { follower } = await h.conversation(c);
          expect(follower?.mode).toBe('agent');
          expect(follower?.lcQueueId).toBe(ids.vip);
          return follower;
        },
        'Talk to a person',
      );
      const { rows } = await h.conversation(c);
      expect(rows.filter((r) => r.fromType === 'bot').map((r) => r.text)).toEqual([
        'An agent from VIP will answer you soon.',
      ]);
      // The customer's words, as they saw them, open the chat.
      expect(rows.filter((r) => r.type === 'question').map((r) => r.text)).toEqual([
        channel === 'messenger' ? 'Talk to a person' : 'Talk to a person',
      ]);
      await eventually(async () =>
        expect(heard.some((p) => p.follower._id === follower?.id && p.follower.mode === 'agent')).toBe(true),
      );
      const inbox = await ok('GET', '/api/chat/followers?chat_type=inbox');
      expect(JSON.stringify(inbox)).toContain(follower?.id);
    } finally {
      socket.close();
    }
  });

  it('location: the saved place at those coordinates, in the channel’s own form; once', async () => {
    const c = await h.customer(channel);
    await tapOnce(c, board.get('location') as string, async () =>
      expect(await lastBotJson(c)).toContain('Siam Store'),
    );
    const json = await lastBotJson(c);
    if (channel === 'line') {
      expect(JSON.parse(json)[0]).toMatchObject({ type: 'location', title: 'Siam Store', latitude: 13.7456 });
      await eventually(async () =>
        expect(
          JSON.stringify(h.line.sent.filter((s) => s.to === c.externalId || s.kind === 'reply')),
        ).toContain('"type":"location"'),
      );
    } else expect(json).toContain('google.com/maps');
  });

  it('apiCondition: the answer of the first condition that holds, else the fallback; once', async () => {
    const gold = await member(channel, 1200);
    await tapOnce(gold, board.get('apiCondition') as string, async () =>
      expect(await lastBotJson(gold)).toContain('Somchai, you have 1200 points: gold!'),
    );
    const silver = await member(channel, 100);
    await h.tap(silver, board.get('apiCondition') as string);
    await eventually(async () =>
      expect(await lastBotJson(silver)).toContain('Sorry, we could not find your points.'),
    );
    const unknown = await h.customer(channel);
    await h.tap(unknown, board.get('apiCondition') as string);
    await eventually(async () =>
      expect(await lastBotJson(unknown)).toContain('Sorry, we could not find your points.'),
    );
  });

  it('flow: the bot says the flow message, then the group’s replies in order; once', async () => {
    const c = await h.customer(channel);
    await tapOnce(c, board.get('flow') as string, async () => {
      const texts = (await h.conversation(c)).rows.filter((r) => r.fromType === 'bot').map((r) => r.text);
      expect(texts).toEqual(['Here is the tour.', 'Step one: browse', 'Step two: pay']);
    });
  });

  it('verify and logout: a button to the /go form; logout of an unverified contact says so; once', async () => {
    const c = await h.customer(channel);
    await tapOnce(c, board.get('verify') as string, async () =>
      expect(await lastBotJson(c)).toMatch(/https:\/\/chat\.example\.test\/go\?verify=[\w-]{20,}/),
    );
    await tapOnce(c, board.get('logout') as string, async () =>
      expect(await lastBotJson(c)).toContain('Your account is not verified.'),
    );
  });

  it('message: the text is the customer’s, answered like a typed message', async () => {
    const c = await h.customer(channel);
    if (channel === 'line') {
      // LINE sends a message action's text as the customer's own message.
      await h.say(c, 'hours');
      await eventually(async () => expect(await lastBotJson(c)).toContain('We open 9:00–18:00'));
      return;
    }
    const data = postbackData({ ...createAction('message'), text: 'hours' });
    await tapOnce(c, data, async () => {
      const { rows } = await h.conversation(c);
      expect(rows.filter((r) => r.type === 'question').map((r) => r.text)).toEqual(['hours']);
      expect(rows.filter((r) => r.fromType === 'bot').map((r) => r.text)).toEqual(['We open 9:00–18:00']);
    });
  });
});

describe('once per tap', () => {
  it('a double tap on LINE runs the action once', async () => {
    const c = await h.customer('line');
    await Promise.all([h.tap(c, board.get('flow') as string), h.tap(c, board.get('flow') as string)]);
    await eventually(async () =>
      expect((await h.conversation(c)).rows.filter((r) => r.fromType === 'bot')).toHaveLength(3),
    );
    await sleep(400);
    expect((await h.conversation(c)).rows.filter((r) => r.fromType === 'bot')).toHaveLength(3);
    const followerId = (await h.conversation(c)).follower?.id;
    const runs = (await h.server.app.ctx.db.select().from(actionRuns)).filter(
      (r) => r.followerId === followerId,
    );
    expect(runs.map((r) => r.status).sort()).toEqual(['done', 'skipped']);
  });

  it('a button sent before its template was edited still does what it showed (its key finds that action)', async () => {
    const stored = await ok('GET', `/api/message-template/${ids.board}`);
    const form = JSON.parse(JSON.stringify(stored.form));
    const talk = form.items[0].contents.find((b: Payload) => b.action?.type === 'talkToHuman');
    talk.action.displayTextBot = 'A new agent greeting.';
    const edited = await ok('PUT', `/api/message-template/${ids.board}`, {
      name: stored.name,
      form,
      updated_at: stored.updated_at,
    });
    const fresh = postbacksIn(edited.message).get('talkToHuman') as string;
    expect(fresh).not.toBe(board.get('talkToHuman'));
    const old = await h.customer('messenger');
    await h.tap(old, board.get('talkToHuman') as string, { title: 'Talk to a person' });
    await eventually(async () =>
      expect(await lastBotJson(old)).toContain('An agent from VIP will answer you soon.'),
    );
    const now = await h.customer('messenger');
    await h.tap(now, fresh, { title: 'Talk to a person' });
    await eventually(async () => expect(await lastBotJson(now)).toContain('A new agent greeting.'));
  });

  it('postback data of someone else’s format is left alone', async () => {
    const c = await h.customer('widget');
    await h.tap(c, 'menu=opening-hours');
    await sleep(300);
    expect(botItems((await h.conversation(c)).rows)).toEqual([]);
  });
});

describe('an agent sends an API template from the inbox', () => {
  it('goes filled with this customer’s values and tracked links, as the bot’s sends do', async () => {
    const c = await member('line');
    await h.say(c, 'hello there');
    const follower = await eventually(async () => {
      const f = (await h.conversation(c)).follower;
      expect(f).not.toBeNull();
      return f as NonNullable<typeof f>;
    });
    const sent = await ok('POST', `/api/message-template/${ids.points}/send`, {
      followerId: follower.id,
      tempId: 'agent-api-template-1',
    });
    const json = JSON.stringify(sent.message);
    expect(json).toContain('Hi Somchai, you have 1200 points');
    expect(json).toContain('https://cdn.example.com/avatars/somchai.png');
    expect(json.match(/https:\/\/chat\.example\.test\/go\?l=\w+/g)).toHaveLength(3);
    expect(json).not.toMatch(/\{[\w.[\]]+\}/);
  });
});

describe('a message button in a hand-built card on Messenger', () => {
  it('the tap is the customer saying its text: shown once, answered once by the keyword', async () => {
    // A reply message's button item is a plain LINE Flex card with a message action (not a template form).
    const menu = await ok('POST', '/api/reply/message/create', {
      name: 'Shop menu',
      items: [
        {
          type: 'button',
          title: 'Our shop',
          text: 'What would you like to know?',
          numberActions: 1,
          actions: [{ type: 'message', buttonName: 'Opening hours', message: 'hours' }],
        },
      ],
    });
    await ok('POST', '/api/keyword/create', {
      name: 'Shop menu',
      keywords: [{ text: 'menu', match: 'exact' }],
      action: 'reply',
      reply_message_id: menu.reply_message._id,
      priority: 1,
    });
    const c = await h.customer('messenger');
    await h.say(c, 'menu');
    const toCustomer = () => h.meta.sent.filter((s) => s.recipient === c.externalId).map((s) => s.message);
    const card = await eventually(async () => {
      const found = toCustomer().find((m) => JSON.stringify(m).includes('Opening hours'));
      expect(found).toBeDefined();
      return found as Payload;
    }, 8000);
    // Messenger has no "send this text" button: a postback in the runtime's message form.
    const [button] = card.attachment.payload.buttons;
    expect(button).toEqual({
      type: 'postback',
      title: 'Opening hours',
      payload: postbackData({ ...createAction('message'), text: 'hours' }),
    });

    await tapOnce(
      c,
      button.payload,
      async () => {
        const { rows } = await h.conversation(c);
        expect(rows.filter((r) => r.type === 'question').map((r) => r.text)).toEqual(['menu', 'hours']);
        expect(rows.filter((r) => r.fromType === 'bot').map((r) => r.text)).toEqual([
          'Our shop',
          'We open 9:00–18:00',
        ]);
        expect(toCustomer().filter((m) => m.text === 'We open 9:00–18:00')).toHaveLength(1);
      },
      'Opening hours',
    );
    expect(h.meta.requests.flatMap((r) => r.problems)).toEqual([]);
  });
});
