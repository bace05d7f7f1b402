// Sending (spec 4, 5, 7; docs/chat-api.md): text, sticker, image, files, template, resend.
// Idempotent by temp_id, safe under concurrency, stored before delivery, and a message left
// pending by a crash is delivered by the sweeper exactly once.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_EVENTS } from '../../../core/realtime/events';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import { newId } from '../../../server/accounts/ids';
import { channels } from '../../../server/accounts/schema';
import {
  type ChannelAdapter,
  registerChannelAdapter,
  TemporaryDeliveryError,
} from '../../../server/channels/adapters';
import { sweepPending } from '../../../server/chat/delivery';
import { receiveCustomerMessage } from '../../../server/chat/inbound';
import { messages } from '../../../server/chat/schema';
import { type Harness, startChatHarness, testDatabases } from './chatHarness';

const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A LINE platform stand-in: records deliveries, fails while `failing` is set (a bug while `buggy`). */
const line = {
  delivered: [] as string[],
  failing: false,
  buggy: false,
  adapter: {
    async deliver(_ctx, target) {
      if (line.buggy) throw new TypeError("Cannot read properties of undefined (reading 'id')");
      if (line.failing) throw new TemporaryDeliveryError('LINE answered 500');
      line.delivered.push(target.message._id);
      return { externalId: `line-${target.message._id}` };
    },
  } satisfies ChannelAdapter,
};

describe.each(await testDatabases())('sending in a chat on %s', (_name, postgres) => {
  let h: Harness;
  let followerId: string;
  let lineFollowerId: string;

  const countMessages = async (id: string) => {
    const [row] = await h.server.app.ctx.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.followerId, id));
    return Number(row.n);
  };

  /** Runs a message's background retries now, every one, to its final outcome. */
  const retryToTheEnd = async (messageId: string) => {
    const ctx = h.server.app.ctx;
    for (let i = 0; i < 6; i++) {
      await ctx.db
        .update(messages)
        .set({ createdAt: new Date(Date.now() - 60_000), deliveryClaimedUntil: null })
        .where(eq(messages.id, messageId));
      await sweepPending(ctx);
    }
  };

  let restoreLine = () => {};
  beforeAll(async () => {
    restoreLine = registerChannelAdapter('line', line.adapter);
    h = await startChatHarness({ postgres });
    followerId = (await h.customerSays('hi there', { visitor: 'send-1', name: 'Mali' }))!.follower._id;
    const lineChannel = newId(12);
    await h.server.app.ctx.db
      .insert(channels)
      .values({ id: lineChannel, accountId: h.owner.accountId, type: 'line', name: 'LINE OA' });
    const inbound = await receiveCustomerMessage(h.server.app.ctx, {
      channel: { id: lineChannel, accountId: h.owner.accountId, type: 'line' },
      externalId: 'U-line-user',
      profile: { name: 'Line user' },
      items: [{ type: 'text', text: 'from LINE' }],
      externalMessageId: 'line-msg-1',
    });
    lineFollowerId = inbound!.follower._id;
  });
  afterAll(async () => {
    restoreLine();
    await h?.close();
  });

  it('send/message answers the stored message and the updated follower', async () => {
    const res = await h.api('POST', '/api/chat/send/message', {
      followerId,
      message: 'Hello, how can I help?',
      tempId: 'tmp-1',
      liveChatId: 'ignored',
      userId: 'ignored',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      type: 'reply',
      from_type: 'agent',
      from_id: h.owner.user._id,
      temp_id: 'tmp-1',
      user_info: { _id: h.owner.user._id, display_name: 'Owner' },
      messages_sent: [{ type: 'text', text: 'Hello, how can I help?' }],
      status_send_message: null,
    });
    expect(['pending', 'sent', 'failed']).toContain(res.body.message.delivery);
    expect(res.body.follower).toMatchObject({ _id: followerId, count_not_is_replied: 0 });
    expect(res.body.follower.last_message_text).toBe('Hello, how can I help?');
  });

  it('a reply marks the questions before it replied, and only those', async () => {
    const visitor = 'send-replied';
    const first = (await h.customerSays('question one', { visitor }))!.follower._id;
    await h.customerSays('question two', { visitor });
    const questions = async () =>
      (
        await h.server.app.ctx.db
          .select({ text: messages.text, isReplied: messages.isReplied })
          .from(messages)
          .where(eq(messages.followerId, first))
          .orderBy(messages.seq)
      ).filter((m) => m.text.startsWith('question'));
    expect((await questions()).map((q) => q.isReplied)).toEqual([false, false]);
    const reply = await h.api('POST', '/api/chat/send/message', {
      followerId: first,
      message: 'Answered',
      tempId: 'tmp-replied-1',
    });
    expect(reply.status).toBe(200);
    await h.customerSays('question three', { visitor });
    expect(await questions()).toEqual([
      { text: 'question one', isReplied: true },
      { text: 'question two', isReplied: true },
      { text: 'question three', isReplied: false },
    ]);
    // The other conversation's question is not touched by this chat's replies.
    const [other] = await h.server.app.ctx.db
      .select({ isReplied: messages.isReplied })
      .from(messages)
      .where(eq(messages.followerId, lineFollowerId));
    expect(other.isReplied).toBe(false);
    const again = await h.api('POST', '/api/chat/send/message', {
      followerId: first,
      message: 'Answered again',
      tempId: 'tmp-replied-2',
    });
    expect(again.status).toBe(200);
    expect((await questions()).every((q) => q.isReplied)).toBe(true);

    // A question the last reply could not see (stored while that reply waited for the
    // conversation's lock) and one asked before a bot's note (a reply that marks nothing) are
    // still marked by the next reply: it reads back to the last answered question, not the last reply.
    const db = h.server.app.ctx.db;
    await db
      .update(messages)
      .set({ isReplied: false })
      .where(and(eq(messages.followerId, first), eq(messages.text, 'question three')));
    await h.customerSays('question four', { visitor });
    const [chat] = await db.select().from(messages).where(eq(messages.followerId, first)).limit(1);
    await db.insert(messages).values({
      id: newId(),
      accountId: chat.accountId,
      followerId: first,
      livechatId: chat.livechatId,
      type: 'reply',
      fromType: 'system',
      items: [{ type: 'text', text: 'Bot answered' }],
      text: '',
      delivery: 'sent',
    });
    expect((await questions()).map((q) => q.isReplied)).toEqual([true, true, false, false]);
    const third = await h.api('POST', '/api/chat/send/message', {
      followerId: first,
      message: 'Answered a third time',
      tempId: 'tmp-replied-3',
    });
    expect(third.status).toBe(200);
    expect((await questions()).map((q) => q.isReplied)).toEqual([true, true, true, true]);
  });

  it('the same tempId twice is one message (a retry answers the stored one)', async () => {
    const before = await countMessages(followerId);
    const a = await h.api('POST', '/api/chat/send/message', {
      followerId,
      message: 'once',
      tempId: 'tmp-same',
    });
    const b = await h.api('POST', '/api/chat/send/message', {
      followerId,
      message: 'once',
      tempId: 'tmp-same',
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.message._id).toBe(a.body.message._id);
    expect(await countMessages(followerId)).toBe(before + 1);
  });

  it('concurrent sends: every distinct tempId stored once, repeats collapse, seq keeps order', async () => {
    const before = await countMessages(followerId);
    const distinct = Array.from({ length: 10 }, (_, i) =>
      h.api('POST', '/api/chat/send/message', { followerId, message: `parallel ${i}`, tempId: `par-${i}` }),
    );
    const repeats = Array.from({ length: 6 }, () =>
      h.api('POST', '/api/chat/send/message', { followerId, message: 'dup', tempId: 'par-dup' }),
    );
    const results = await Promise.all([...distinct, ...repeats]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.slice(10).map((r) => r.body.message._id)).size).toBe(1);
    expect(new Set(results.slice(0, 10).map((r) => r.body.message._id)).size).toBe(10);
    expect(await countMessages(followerId)).toBe(before + 11);
  });

  it('blank, too long or missing fields are 400s naming the field; unknown chats 404', async () => {
    const cases = [
      [{ followerId, message: ' \n\t ', tempId: 'b1' }, 'message', 'This field is required.'],
      [
        { followerId, message: 'x'.repeat(5001), tempId: 'b2' },
        'message',
        'Please enter no more than 5000 characters.',
      ],
      [{ message: 'hi', tempId: 'b3' }, 'followerId', 'This field is required.'],
      [
        { followerId, message: 'hi', tempId: 'x'.repeat(101) },
        'tempId',
        'Please enter no more than 100 characters.',
      ],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await h.api('POST', '/api/chat/send/message', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, code: 'invalid', field });
    }
    expect(
      (await h.api('POST', '/api/chat/send/message', { followerId, message: 'x'.repeat(5000) })).status,
    ).toBe(200);
    const unknown = await h.api('POST', '/api/chat/send/message', { followerId: 'nope', message: 'hi' });
    expect(unknown.status).toBe(404);
  });

  it('send/sticker stores a sticker item', async () => {
    const res = await h.api('POST', '/api/chat/send/sticker', {
      followerId,
      sticker_id: '52002734',
      package_id: '11537',
      tempId: 'st-1',
    });
    expect(res.status).toBe(200);
    expect(res.body.message.messages_sent).toEqual([
      { type: 'sticker', packageId: '11537', stickerId: '52002734' },
    ]);
    const bad = await h.api('POST', '/api/chat/send/sticker', { followerId, package_id: '1' });
    expect(bad.body).toMatchObject({ field: 'sticker_id', message: 'This field is required.' });
    // Only LINE's documented stickers, and only to channels that can show them.
    const notListed = await h.api('POST', '/api/chat/send/sticker', {
      followerId,
      sticker_id: '52002799',
      package_id: '11537',
      tempId: 'st-2',
    });
    expect(notListed.status).toBe(400);
    expect(notListed.body.field).toBe('sticker_id');
    const ctx = h.server.app.ctx;
    const wechat = newId(12);
    await ctx.db
      .insert(channels)
      .values({ id: wechat, accountId: h.owner.accountId, type: 'wechat', name: 'WeChat' });
    const inbound = await receiveCustomerMessage(ctx, {
      channel: { id: wechat, accountId: h.owner.accountId, type: 'wechat' },
      externalId: 'wx-user',
      items: [{ type: 'text', text: 'ni hao' }],
    });
    const before = await countMessages(inbound!.follower._id);
    const toWechat = await h.api('POST', '/api/chat/send/sticker', {
      followerId: inbound!.follower._id,
      sticker_id: '52002734',
      package_id: '11537',
      tempId: 'st-3',
    });
    expect(toWechat.status).toBe(400);
    expect(toWechat.body).toMatchObject({
      field: 'sticker_id',
      message: 'This channel cannot show stickers.',
    });
    expect(await countMessages(inbound!.follower._id)).toBe(before);
  });

  it('send/image keeps the file in the media library, sends an image item and serves the file back', async () => {
    const res = await h.api('POST', '/api/chat/send/image', {
      followerId,
      name: 'photo.png',
      buffer: `data:image/png;base64,${PNG_1x1}`,
      tempId: 'img-1',
    });
    expect(res.status).toBe(200);
    const item = res.body.message.messages_sent[0];
    expect(item).toMatchObject({
      type: 'image',
      file_path: expect.stringMatching(/^\/media\/[a-z0-9]{20}\/photo\.png$/),
      previewImageUrl: expect.stringMatching(/\/media\/thumbs\/[a-z0-9]{20}\.webp$/),
    });
    expect(item.originalContentUrl).toBe(`${h.server.url}${item.file_path}`);
    const file = await fetch(item.originalContentUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG_1x1, 'base64'))).toBe(true);

    const exe = await h.api('POST', '/api/chat/send/image', { followerId, name: 'x.exe', buffer: PNG_1x1 });
    expect(exe.body).toEqual({ message: 'Not allow file type', code: 'invalid', field: 'buffer' });
    const gif = await h.api('POST', '/api/chat/send/image', { followerId, name: 'x.gif', buffer: PNG_1x1 });
    expect(gif.body.message).toBe('Not allow file type');
    // The bytes decide: these are no image at all, this one is a PNG whose size cannot be read.
    const junk = await h.api('POST', '/api/chat/send/image', { followerId, name: 'x.png', buffer: 'AAAA' });
    expect(junk.body.message).toBe('Not allow file type');
    const pngHeader = 'iVBORw0KGgoAAAANSUhEUg==';
    const noSize = await h.api('POST', '/api/chat/send/image', {
      followerId,
      name: 'x.png',
      buffer: pngHeader,
    });
    expect(noSize.body).toEqual({ message: 'Image have no resolution', code: 'invalid', field: 'buffer' });
  });

  it("files sent in a chat are in the library's 'Chat files' folder and count toward storage; a retry keeps no copy", async () => {
    const list = () => h.api('GET', '/api/file/list', { search: 'kept-once' });
    const before = (await h.api('GET', '/api/folder/disk/space')).body.use;
    const image = { followerId, name: 'kept-once.png', buffer: PNG_1x1, tempId: 'img-lib' };
    const first = await h.api('POST', '/api/chat/send/image', image);
    const again = await h.api('POST', '/api/chat/send/image', image);
    expect(again.body.message._id).toBe(first.body.message._id);
    const { files } = (await list()).body;
    expect(files).toHaveLength(1);
    const folders = (await h.api('GET', '/api/folder/list')).body as {
      folderId: string;
      folderame: string;
    }[];
    expect(folders.find((f) => f.folderId === files[0].folderId)?.folderame).toBe('Chat files');
    expect((await h.api('GET', '/api/folder/disk/space')).body.use).toBe(before + files[0].size);
  });

  it('send/file: one message per file with tempId-<n>; a retry stores nothing new', async () => {
    const form = () => {
      const f = new FormData();
      f.append('followerId', followerId);
      f.append('tempId', 'files-1');
      f.append('files', new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), 'report.pdf');
      f.append('files', new Blob([Buffer.from(PNG_1x1, 'base64')], { type: 'image/png' }), 'dot.png');
      return f;
    };
    const before = await countMessages(followerId);
    const res = await h.api('POST', '/api/chat/send/file', form());
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { temp_id: string }) => m.temp_id)).toEqual(['files-1-0', 'files-1-1']);
    expect(res.body.messages[0].messages_sent[0]).toMatchObject({
      type: 'file',
      fileName: 'report.pdf',
      fileSize: 13,
    });
    expect(res.body.messages[1].messages_sent[0].type).toBe('image');
    expect(res.body.message._id).toBe(res.body.messages[1]._id);
    const again = await h.api('POST', '/api/chat/send/file', form());
    expect(again.body.messages.map((m: { _id: string }) => m._id)).toEqual(
      res.body.messages.map((m: { _id: string }) => m._id),
    );
    expect(await countMessages(followerId)).toBe(before + 2);
    const media = await h.api('GET', '/api/chat/list/media', { follower_id: followerId });
    expect(media.body.list.map((m: { type: string }) => m.type)).toEqual(
      expect.arrayContaining(['file', 'image']),
    );
  });

  it('send/file refuses zip files and more than five files, naming files', async () => {
    const zip = new FormData();
    zip.append('followerId', followerId);
    zip.append('files', new Blob(['PK'], { type: 'application/zip' }), 'a.zip');
    expect((await h.api('POST', '/api/chat/send/file', zip)).body).toEqual({
      message: 'Not allow file type',
      code: 'invalid',
      field: 'files',
    });
    const many = new FormData();
    many.append('followerId', followerId);
    for (let i = 0; i < 6; i++) many.append('files', new Blob(['x'], { type: 'text/csv' }), `f${i}.csv`);
    expect((await h.api('POST', '/api/chat/send/file', many)).body.message).toBe(
      'Please check your files again',
    );
    const none = new FormData();
    none.append('followerId', followerId);
    expect((await h.api('POST', '/api/chat/send/file', none)).body.field).toBe('files');
  });

  it('uploadFileInChat answers a media file object', async () => {
    const form = new FormData();
    form.append('isTTL', 'true');
    form.append('file', new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), 'sheet.csv');
    const res = await h.api('POST', '/api/chat/uploadFileInChat', form);
    expect(res.status).toBe(200);
    expect(res.body.file).toMatchObject({
      name: 'sheet.csv',
      extension: 'csv',
      size: 8,
      isDoc: true,
      isImage: false,
      url: expect.stringMatching(/\/media\/[a-z0-9]{20}\/sheet\.csv$/),
    });
  });

  it('send/template sends a saved reply once per temp id and stores it as one message', async () => {
    const created = await h.api('POST', '/api/reply/message/create', {
      name: 'Opening hours',
      items: [{ type: 'text', text: 'We are open 9:00-18:00, Monday to Friday.' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const replyId = created.body.reply_message._id as string;
    const before = await countMessages(followerId);
    const body = { followerId, reply_message_id: replyId, tempId: 'tmp-template-1' };
    const first = await h.api('POST', '/api/chat/send/template', body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toMatchObject({
      temp_id: 'tmp-template-1',
      type: 'reply',
      from_type: 'agent',
      follower_id: followerId,
    });
    expect(first.body.message.messages_sent).toEqual([
      expect.objectContaining({ type: 'text', text: 'We are open 9:00-18:00, Monday to Friday.' }),
    ]);
    // A retry (the client's or the network's) returns the stored message, never a second one.
    const again = await h.api('POST', '/api/chat/send/template', body);
    expect(again.status).toBe(200);
    expect(again.body.message._id).toBe(first.body.message._id);
    expect(await countMessages(followerId)).toBe(before + 1);
    const page = await h.api('GET', '/api/chat/messages', {
      follower_id: followerId,
      skip: '0',
      limit: '20',
    });
    expect(page.body.list.filter((m: { temp_id: string }) => m.temp_id === 'tmp-template-1')).toHaveLength(1);
  });

  it('send/template names the missing or unknown reply', async () => {
    const missing = await h.api('POST', '/api/chat/send/template', { followerId, tempId: 'tp' });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('reply_message_id');
    const unknown = await h.api('POST', '/api/chat/send/template', {
      followerId,
      reply_message_id: 'no-such-reply',
      tempId: 'tp',
    });
    expect(unknown.status).toBe(404);
  });

  it("a bug in delivery marks the message failed with the system error, not the bug's own text", async () => {
    line.buggy = true;
    const ctx = h.server.app.ctx;
    try {
      const sent = await h.api('POST', '/api/chat/send/message', {
        followerId: lineFollowerId,
        message: 'meets a bug',
        tempId: 'line-bug-1',
      });
      expect(sent.status).toBe(200);
      await retryToTheEnd(sent.body.message._id);
      const [failed] = await ctx.db.select().from(messages).where(eq(messages.id, sent.body.message._id));
      expect(failed.delivery).toBe('failed');
      expect(failed.deliveryError).toBe(SERVER_MESSAGES.systemError);
    } finally {
      line.buggy = false;
    }
  });

  it('a channel failure marks the message failed (resendable) and resend delivers it', async () => {
    line.failing = true;
    const ctx = h.server.app.ctx;
    const agent = await h.agentSocket(h.owner);
    const sent = await h.api('POST', '/api/chat/send/message', {
      followerId: lineFollowerId,
      message: 'will fail first',
      tempId: 'line-1',
    });
    expect(sent.status).toBe(200);
    // Retries happen in the background; run them to the final failure.
    await retryToTheEnd(sent.body.message._id);
    const [failed] = await ctx.db.select().from(messages).where(eq(messages.id, sent.body.message._id));
    expect(failed.delivery).toBe('failed');
    expect(failed.deliveryError).toBe('LINE answered 500');
    // The inbox shows why: the reason reaches it live (the status event) and after a reload (the list).
    const failedWire = { _id: failed.id, status_send_message: 'fail', delivery_error: 'LINE answered 500' };
    const live = await agent.next(
      AGENT_EVENTS.MESSAGE_STATUS,
      (p) => p.message._id === failed.id && p.message.delivery === 'failed',
    );
    expect(live.message).toMatchObject(failedWire);
    const listed = await h.api('GET', '/api/chat/messages', {
      follower_id: lineFollowerId,
      skip: '0',
      limit: '20',
    });
    expect(listed.body.list.find((m: { _id: string }) => m._id === failed.id)).toMatchObject(failedWire);

    line.failing = false;
    const resent = await h.api('POST', '/api/chat/resend', { messageId: failed.id });
    expect(resent.status).toBe(200);
    await expect.poll(() => line.delivered.includes(failed.id)).toBe(true);
    const [after] = await ctx.db.select().from(messages).where(eq(messages.id, failed.id));
    expect(after.delivery).toBe('sent');
    expect(after.externalId).toBe(`line-${failed.id}`);
    // Resending a sent message does not send it again.
    const twice = await h.api('POST', '/api/chat/resend', { messageId: failed.id });
    expect(twice.body.message.delivery).toBe('sent');
    expect(line.delivered.filter((id) => id === failed.id)).toHaveLength(1);
    expect((await h.api('POST', '/api/chat/resend', {})).body.field).toBe('messageId');
  });

  it('a message left pending by a crash is delivered by the sweeper, exactly once', async () => {
    const ctx = h.server.app.ctx;
    const id = newId();
    await ctx.db.insert(messages).values({
      id,
      accountId: h.owner.accountId,
      followerId: lineFollowerId,
      type: 'reply',
      fromType: 'agent',
      fromId: h.owner.user._id,
      tempId: 'crash-1',
      items: [{ type: 'text', text: 'stored before the crash' }],
      text: 'stored before the crash',
      delivery: 'pending',
      createdAt: new Date(Date.now() - 60_000),
    });
    await Promise.all([sweepPending(ctx), sweepPending(ctx)]);
    await sweepPending(ctx);
    expect(line.delivered.filter((d) => d === id)).toHaveLength(1);
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, id));
    expect(row.delivery).toBe('sent');
  });
});
