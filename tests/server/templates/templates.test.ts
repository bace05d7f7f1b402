// The message-template API over HTTP (issue 6): CRUD, search, duplicate, delete, refusals with the
// editor's field names, account isolation, channel previews and sending to a chat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlock } from '../../../core/template/blocks';
import { CHANNEL_PREVIEW_MESSAGES } from '../../../core/template/channelPreview';
import { toFlexMessage } from '../../../core/template/flex';
import { IMAGEMAP_MESSAGES } from '../../../core/template/imagemap';
import { META_MESSAGES } from '../../../core/template/messenger';
import { TEMPLATE_MESSAGES } from '../../../core/template/validate';
import { MESSAGES } from '../../../core/validation/rules';
import { validatorFor } from '../../core/template/lineSchema';
import { type Harness, otherAccount, startChatHarness } from '../chat/chatHarness';
import { bubbleForm, carouselForm, imagemapForm } from './templateForms';

const lineMessage = validatorFor('Message');
let h: Harness;

beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(async () => {
  await h?.close();
});

const create = (body: unknown) => h.api('POST', '/api/message-template/create', body);

describe('CRUD', () => {
  it('creates a bubble, stores its LINE message, reads it back', async () => {
    const res = await create({ name: 'Sale card', kind: 'bubble', form: bubbleForm() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Sale card', kind: 'bubble', count: 1, alt_text: 'Sale card' });
    expect(res.body.created_by).toMatchObject({ _id: h.owner.user._id });
    expect(res.body.message.type).toBe('flex');
    expect(lineMessage(res.body.message)).toEqual([]);
    // Defaults of the form are filled in on save.
    expect(res.body.form.items[0].contents[1].paddingTop).toBe(20);
    const got = await h.api('GET', `/api/message-template/${res.body._id}`);
    expect(got.status).toBe(200);
    expect(got.body.message).toEqual(res.body.message);
  });

  it('a form of two items is a carousel; an image map is stored as LINE imagemap', async () => {
    const carousel = await create({ name: 'Two cards', form: carouselForm() });
    expect(carousel.body).toMatchObject({ kind: 'carousel', count: 2 });
    expect(carousel.body.message.contents.type).toBe('carousel');
    expect(lineMessage(carousel.body.message)).toEqual([]);
    const map = await create({ name: 'Spring map', kind: 'imagemap', form: imagemapForm() });
    expect(map.status).toBe(200);
    expect(map.body).toMatchObject({ kind: 'imagemap', count: 2 });
    expect(map.body.message).toMatchObject({
      type: 'imagemap',
      altText: 'Spring map',
      baseSize: { width: 1040, height: 1040 },
    });
    expect(map.body.message.actions[1]).toEqual({
      type: 'message',
      text: 'Right, please',
      area: { x: 520, y: 0, width: 520, height: 1040 },
    });
    expect(lineMessage(map.body.message)).toEqual([]);
  });

  it('updates, refuses a stale save, lists newest first with search, duplicates and deletes', async () => {
    const made = await create({ name: 'Menu of the day', form: bubbleForm() });
    const id = made.body._id;
    const changed = bubbleForm('Lunch');
    const put = await h.api('PUT', `/api/message-template/${id}`, {
      name: 'Menu of the day',
      form: changed,
      updated_at: made.body.updated_at,
    });
    expect(put.status).toBe(200);
    expect(put.body.form.items[0].contents[1].text).toBe('Lunch');
    expect(put.body.updated_at > made.body.updated_at).toBe(true);
    const stale = await h.api('PUT', `/api/message-template/${id}`, {
      name: 'Menu of the day',
      form: changed,
      updated_at: made.body.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.field).toBe('updated_at');

    const list = await h.api('GET', '/api/message-template/list', { search: 'menu' });
    expect(list.body.total_count).toBe(1);
    expect(list.body.list[0]).toMatchObject({ _id: id, name: 'Menu of the day' });
    expect(list.body.list[0].form).toBeUndefined();
    const all = await h.api('GET', '/api/message-template/list');
    expect(all.body.list[0]._id).toBe(id);
    const wild = await h.api('GET', '/api/message-template/list', { search: '%' });
    expect(wild.body.total_count).toBe(0);
    const maps = await h.api('GET', '/api/message-template/list', { kind: 'imagemap' });
    expect(maps.body.list.every((t: { kind: string }) => t.kind === 'imagemap')).toBe(true);

    const copy = await h.api('POST', `/api/message-template/${id}/duplicate`, {});
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ name: 'Menu of the day (copy)', kind: 'bubble' });
    expect(copy.body._id).not.toBe(id);
    expect(copy.body.message.contents).toEqual(put.body.message.contents);
    expect(copy.body.message.altText).toBe('Menu of the day (copy)');
    // A name at the limit gives way to the whole " (copy)", cut between emoji, never inside one.
    const long = `${'a'.repeat(90)}${'😀'.repeat(5)}`;
    expect(long.length).toBe(100);
    const longMade = await create({ name: long, form: bubbleForm() });
    expect(longMade.status).toBe(200);
    const longCopy = await h.api('POST', `/api/message-template/${longMade.body._id}/duplicate`, {});
    expect(longCopy.status).toBe(200);
    expect(longCopy.body.name).toBe(`${'a'.repeat(90)}😀 (copy)`);
    await h.api('DELETE', '/api/message-template/delete', { ids: [longMade.body._id, longCopy.body._id] });
    const named = await h.api('POST', `/api/message-template/${id}/duplicate`, { name: 'สำเนา' });
    expect(named.body.name).toBe('สำเนา');

    expect((await h.api('DELETE', `/api/message-template/${id}`, {})).body).toEqual({ deleted: 1 });
    expect((await h.api('GET', `/api/message-template/${id}`)).status).toBe(404);
    expect((await h.api('DELETE', `/api/message-template/${id}`, {})).status).toBe(404);
    const bulk = await h.api('DELETE', '/api/message-template/delete', {
      ids: [copy.body._id, named.body._id],
    });
    expect(bulk.body).toEqual({ deleted: 2 });
  });
});

describe('refusals name the field the editor shows (spec 5)', () => {
  it.each([
    ['blank name', () => ({ name: ' ', form: bubbleForm() }), { field: 'name', message: MESSAGES.required }],
    ['no form', () => ({ name: 'x' }), { field: 'form', message: MESSAGES.required }],
    [
      'unknown kind',
      () => ({ name: 'x', kind: 'poster', form: bubbleForm() }),
      { field: 'kind', message: 'This type is not supported.' },
    ],
    [
      'button action url',
      () => {
        const form = bubbleForm();
        const button = form.items[0].contents[2];
        if (button.action) button.action.uri = 'shop.example.com';
        return { name: 'x', form };
      },
      { field: 'items[0].contents[2].action.uri', message: MESSAGES.url },
    ],
    [
      'empty title',
      () => {
        const form = bubbleForm();
        (form.items[0].contents[1] as { text: string }).text = '';
        return { name: 'x', form };
      },
      { field: 'items[0].contents[1].text', message: MESSAGES.required },
    ],
    [
      'six bubbles',
      () => {
        const form = bubbleForm();
        form.items = Array.from({ length: 6 }, () => bubbleForm().items[0]);
        return { name: 'x', form };
      },
      { field: 'items', message: TEMPLATE_MESSAGES.tooManyBubbles },
    ],
    [
      'image map without an image',
      () => ({ name: 'x', kind: 'imagemap', form: { ...imagemapForm(), baseUrl: '' } }),
      { field: 'baseUrl', message: MESSAGES.required },
    ],
    [
      'image map area with a postback',
      () => {
        const form = imagemapForm();
        form.areas[0].action = { ...form.areas[0].action!, type: 'verify' };
        return { name: 'x', kind: 'imagemap', form };
      },
      { field: 'areas[0].action.type' },
    ],
  ])('%s', async (_, body, expected) => {
    const res = await create(body());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid', ...expected });
    if (res.body.errors) expect(res.body.errors[0]).toMatchObject({ field: expected.field });
  });

  it('lists every problem, not just the first', async () => {
    const form = bubbleForm();
    (form.items[0].contents[0] as { url: string }).url = '';
    (form.items[0].contents[1] as { color: string }).color = 'blue';
    const res = await create({ name: 'x', form });
    expect(res.body.errors).toEqual([
      { field: 'items[0].contents[0].url', message: MESSAGES.required },
      { field: 'items[0].contents[1].color', message: MESSAGES.color },
    ]);
  });
});

describe('account isolation', () => {
  it("another account's template is invisible, unchangeable and undeletable", async () => {
    const mine = await create({ name: 'Mine only', form: bubbleForm() });
    const other = await otherAccount(h);
    const asOther = { ...h.owner, headers: { ...h.owner.headers, channel_id: other.accountId } };
    // The owner is not a member of the other account: the guard refuses the channel outright.
    expect((await h.api('GET', '/api/message-template/list', undefined, asOther)).status).toBe(403);
    // Inside their own account, a template id from elsewhere is simply not there.
    const ctx = h.server.app.ctx;
    const { insertTemplate } = await import('../../../server/templates/store');
    const { readTemplateInput } = await import('../../../server/templates/convert');
    const theirs = await insertTemplate(
      ctx.db,
      other.accountId,
      h.owner.user._id,
      readTemplateInput({ name: 'Theirs', form: bubbleForm() }),
    );
    expect((await h.api('GET', `/api/message-template/${theirs.id}`)).status).toBe(404);
    expect(
      (await h.api('PUT', `/api/message-template/${theirs.id}`, { name: 'x', form: bubbleForm() })).status,
    ).toBe(404);
    expect((await h.api('DELETE', `/api/message-template/${theirs.id}`, {})).status).toBe(404);
    expect((await h.api('POST', `/api/message-template/${theirs.id}/duplicate`, {})).status).toBe(404);
    const bulk = await h.api('DELETE', '/api/message-template/delete', { ids: [theirs.id] });
    expect(bulk.body).toEqual({ deleted: 0 });
    const list = await h.api('GET', '/api/message-template/list', { limit: 100 });
    expect(list.body.list.map((t: { _id: string }) => t._id)).toContain(mine.body._id);
    expect(list.body.list.map((t: { _id: string }) => t._id)).not.toContain(theirs.id);
    // And their chat cannot be sent to.
    const send = await h.api('POST', `/api/message-template/${mine.body._id}/send`, {
      followerId: other.follower._id,
    });
    expect(send.status).toBe(404);
  });
});

describe('channel preview', () => {
  it('converts an unsaved card for every channel', async () => {
    const res = await h.api('POST', '/api/message-template/preview', { name: 'Sale', form: bubbleForm() });
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('bubble');
    const { line, messenger, instagram, widget, wechat } = res.body.channels;
    expect(line.ok).toBe(true);
    expect(lineMessage(line.message)).toEqual([]);
    expect(messenger.message.attachment.payload.template_type).toBe('generic');
    expect(instagram.ok).toBe(true);
    expect(widget.message).toMatchObject({ type: 'cards', altText: 'Sale' });
    expect(wechat.message[0].msgtype).toBe('news');
  });

  it('says why a channel cannot carry it', async () => {
    const form = bubbleForm();
    form.items[0].contents.push({
      ...form.items[0].contents[2],
      key: 'b2',
      position: 3,
      action: { ...form.items[0].contents[2].action!, type: 'verify' },
    });
    form.items[0].contents.push({ ...form.items[0].contents[3], key: 'b3', position: 4 });
    form.items[0].contents.push({ ...form.items[0].contents[3], key: 'b4', position: 5 });
    const res = await h.api('POST', '/api/message-template/preview', { name: 'Sale', form });
    expect(res.body.channels.line.ok).toBe(true);
    expect(res.body.channels.messenger.ok).toBe(false);
    expect(res.body.channels.messenger.errors[0].message).toMatch(/Messenger allows at most 3/);
  });

  it("lists, for a chat's channel, why each template could not be sent there", async () => {
    const form = bubbleForm('Columns only on LINE');
    form.items[0].contents.push(createBlock('textColumn', { position: 3 }));
    const cols = await create({ name: 'Zz columns card', form });
    expect(cols.status, JSON.stringify(cols.body)).toBe(200);
    const plain = await create({ name: 'Zz plain card', form: bubbleForm() });
    const list = async (channel: string) => {
      const res = await h.api('GET', `/api/message-template/list?search=Zz&channel=${channel}`);
      expect(res.status).toBe(200);
      return Object.fromEntries(
        (res.body.list as { _id: string; channel_errors: unknown }[]).map((r) => [r._id, r.channel_errors]),
      );
    };
    const messenger = await list('messenger');
    expect(messenger[plain.body._id]).toEqual([]);
    expect(messenger[cols.body._id]).toEqual([
      {
        field: 'items[0].contents[3].component',
        message: META_MESSAGES.cannotShow('Messenger', 'text columns'),
      },
    ]);
    const line = await list('line');
    expect(line[cols.body._id]).toEqual([]);
    expect((await h.api('GET', '/api/message-template/list?channel=fax')).status).toBe(400);
    // Without a channel the list is as before.
    const all = await h.api('GET', '/api/message-template/list?search=Zz');
    expect(all.body.list[0].channel_errors).toBeUndefined();
  });

  it('image maps are LINE only; a saved template previews by id', async () => {
    const map = await create({ name: 'Map', kind: 'imagemap', form: imagemapForm() });
    const res = await h.api('GET', `/api/message-template/${map.body._id}/preview`);
    expect(res.body.kind).toBe('imagemap');
    expect(res.body.channels.line.message.type).toBe('imagemap');
    for (const channel of ['messenger', 'instagram', 'widget', 'wechat'])
      expect(res.body.channels[channel]).toEqual({
        ok: false,
        errors: [{ field: 'kind', message: CHANNEL_PREVIEW_MESSAGES.imagemapOnlyLine }],
      });
  });

  it('a broken form gives each channel the same field errors', async () => {
    const form = bubbleForm();
    (form.items[0].contents[1] as { text: string }).text = '';
    // Named, so LINE (which now lists every problem at once) has no altText problem of its own.
    const res = await h.api('POST', '/api/message-template/preview', { name: 'Sale', form });
    expect(res.body.channels.line).toEqual({
      ok: false,
      errors: [{ field: 'items[0].contents[1].text', message: MESSAGES.required }],
    });
    expect(res.body.channels.widget.errors).toEqual(res.body.channels.line.errors);
  });
});

describe('send to a chat as a test', () => {
  it('stores the converted flex in the chat, once per temp id', async () => {
    const chat = await h.customerSays('Hi, any offers?', { visitor: 'send-test', name: 'Nok' });
    const made = await create({ name: 'Offers', form: carouselForm() });
    const body = { followerId: chat!.follower._id, tempId: 'tpl-test-1' };
    const res = await h.api('POST', `/api/message-template/${made.body._id}/send`, body);
    expect(res.status).toBe(200);
    const expected = toFlexMessage(made.body.form, { mode: 'submit', values: {}, fallbackName: 'Offers' });
    if (!expected.ok) throw new Error('fixture does not convert');
    expect(res.body.message.messages_sent).toEqual([
      { type: 'flex', altText: 'Offers', contents: expected.message.contents },
    ]);
    expect(lineMessage(res.body.message.messages_sent[0])).toEqual([]);
    const again = await h.api('POST', `/api/message-template/${made.body._id}/send`, body);
    expect(again.body.message._id).toBe(res.body.message._id);
    const page = await h.api('GET', '/api/chat/messages', { follower_id: chat!.follower._id });
    expect(page.body.list.filter((m: { type: string }) => m.type === 'reply')).toHaveLength(1);
  });

  it('refuses an unknown chat, a missing follower id and an image map to a widget chat', async () => {
    const made = await create({ name: 'Solo', form: bubbleForm() });
    expect(
      (await h.api('POST', `/api/message-template/${made.body._id}/send`, { followerId: 'nobody' })).status,
    ).toBe(404);
    const missing = await h.api('POST', `/api/message-template/${made.body._id}/send`, {});
    expect(missing.body).toMatchObject({ field: 'followerId', message: MESSAGES.required });
    const map = await create({ name: 'Map', kind: 'imagemap', form: imagemapForm() });
    const chat = await h.customerSays('map?', { visitor: 'map-test' });
    const res = await h.api('POST', `/api/message-template/${map.body._id}/send`, {
      followerId: chat!.follower._id,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'kind', message: IMAGEMAP_MESSAGES.lineChatsOnly });
    // Nothing was stored for the chat: only the customer's own message is there.
    const page = await h.api('GET', '/api/chat/messages', { follower_id: chat!.follower._id });
    expect(page.body.list.filter((m: { type: string }) => m.type === 'reply')).toHaveLength(0);
  });
});
