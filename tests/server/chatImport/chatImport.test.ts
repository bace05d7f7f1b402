// Chat import and the unknown-chat list (issue 17; docs/api.md "Chat import"): LINE Official
// Account Manager's CSV (with and without BOM), the template, the product's own export back in,
// row errors listed before anything is written, the same file twice, merge and unmerge, search,
// and who may do what.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRange } from '../../../core/format/exportRange';
import { memberships } from '../../../server/accounts/schema';
import { chatImports, unknownChatMessages, unknownChats } from '../../../server/chatImport/schema';
import { type Harness, otherAccount, type Payload, startChatHarness } from '../chat/chatHarness';
import { docx } from '../media/fixtures';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-import-'));

function file(name: string, text: string, bom = false): string {
  const at = path.join(tmp, name);
  fs.writeFileSync(at, bom ? `\uFEFF${text}` : text);
  return at;
}

async function upload(
  h: Harness,
  at: string,
  options: { dryRun?: boolean; as?: Payload; name?: string } = {},
) {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(at), options.name ?? path.basename(at));
  return h.api('POST', `/api/chat/import${options.dryRun ? '?dry_run=true' : ''}`, form, options.as);
}

/** Waits for a started import to finish and returns it. */
async function finished(h: Harness, id: string, timeoutMs = 60_000): Promise<Payload> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await h.api('GET', `/api/chat/import/${id}`);
    if (res.body.import.status !== 'importing') return res.body.import;
    if (Date.now() > until) throw new Error(`import ${id} still running`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function importDone(h: Harness, at: string, name?: string) {
  const res = await upload(h, at, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return finished(h, res.body.import._id);
}

const OAM_HEADER = 'Sender type,Sender name,Date,Time,Content';

describe('chat import', () => {
  let h: Harness;
  let followerId: string;

  beforeAll(async () => {
    h = await startChatHarness();
    followerId = (await h.customerSays('Hi, I am back', { visitor: 'ci-1', name: 'Somchai Jaidee' }))!
      .follower._id;
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('a LINE manager CSV (UTF-8 with BOM) becomes an unknown chat; merging puts it in the history in time order, marked imported', async () => {
    const csv = file(
      'somchai.csv',
      [
        'Account name,My Shop',
        'Chat name,Somchai Jaidee',
        OAM_HEADER,
        'User,Somchai Jaidee,2024/01/05,09:15:00,"Hello, is my order shipped?"',
        'Account,My Shop,2024/01/05,09:17:00,Yes — it ships today.',
        'User,Somchai Jaidee,2024/01/05,09:18:00,"Thanks ""a lot"" 🙏\nsee you"',
        'User,Somchai Jaidee,2024/01/05,09:18:00,"Thanks ""a lot"" 🙏\nsee you"',
        '',
      ].join('\r\n'),
      true,
    );
    const check = await upload(h, csv, { dryRun: true });
    expect(check.status).toBe(200);
    expect(check.body.check).toEqual({ format: 'oam', rows: 4, conversations: 1, messages: 4 });
    const done = await importDone(h, csv);
    expect(done).toMatchObject({ status: 'done', format: 'oam', total_rows: 4, messages_added: 4 });

    const list = await h.api('GET', '/api/chat/unknow/list', { search: 'somchai' });
    expect(list.body.total_count).toBe(1);
    const chat = list.body.list[0];
    expect(chat).toMatchObject({
      name: 'Somchai Jaidee',
      format: 'oam',
      channel_type: 'line',
      message_count: 4,
    });
    expect(chat.merged_follower).toBeNull();

    const opened = await h.api('GET', '/api/chat/unknow/chat', { unknow_id: chat._id });
    expect(opened.body.list.map((m: Payload) => [m.from_type, m.text, m.line])).toEqual([
      ['customer', 'Hello, is my order shipped?', 4],
      ['agent', 'Yes — it ships today.', 5],
      ['customer', 'Thanks "a lot" 🙏\nsee you', 6],
      ['customer', 'Thanks "a lot" 🙏\nsee you', 8],
    ]);
    // The account's zone (Asia/Bangkok): 09:15 local is 02:15 UTC.
    expect(opened.body.list[0].timestamp).toBe(Date.UTC(2024, 0, 5, 2, 15) / 1000);
    expect(opened.body.suggestions.map((f: Payload) => f._id)).toEqual([followerId]);

    const merged = await h.api('POST', '/api/chat/unknow/merge', {
      unknow_id: chat._id,
      follower_id: followerId,
    });
    expect(merged.status).toBe(200);
    expect(merged.body.added).toBe(4);
    expect(merged.body.chat.merged_follower._id).toBe(followerId);
    // Merging again adds nothing.
    expect(
      (await h.api('POST', '/api/chat/unknow/merge', { unknow_id: chat._id, follower_id: followerId })).body
        .added,
    ).toBe(0);

    const history = await h.api('GET', '/api/chat/messages', { follower_id: followerId });
    const rows = history.body.list.map((m: Payload) => [m.imported, m.from_type, m.messages_sent[0].text]);
    expect(rows).toEqual([
      [true, 'customer', 'Hello, is my order shipped?'],
      [true, 'agent', 'Yes — it ships today.'],
      [true, 'customer', 'Thanks "a lot" 🙏\nsee you'],
      [true, 'customer', 'Thanks "a lot" 🙏\nsee you'],
      [false, 'customer', 'Hi, I am back'],
    ]);
    expect(history.body.list[1].imported_sender).toBe('My Shop');
    const times = history.body.list.map((m: Payload) => m.timestamp);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Unmerged: the follower's history is as before; the chat waits in the list again.
    const unmerged = await h.api('POST', '/api/chat/unknow/unmerge', { unknow_id: chat._id });
    expect(unmerged.body).toMatchObject({ removed: 4, chat: { merged_follower: null } });
    const after = await h.api('GET', '/api/chat/messages', { follower_id: followerId });
    expect(after.body.list.map((m: Payload) => m.messages_sent[0].text)).toEqual(['Hi, I am back']);
    expect((await h.api('POST', '/api/chat/unknow/unmerge', { unknow_id: chat._id })).status).toBe(409);
  });

  it('bad rows are listed with their line and column, and nothing is written', async () => {
    const before = await h.server.app.ctx.db.select().from(unknownChatMessages);
    const imports = await h.server.app.ctx.db.select().from(chatImports);
    const csv = file(
      'bad.csv',
      [
        OAM_HEADER,
        'User,Nok,2024/02/01,10:00,fine',
        'Robot,Nok,2024/02/01,10:01,who is this',
        'User,Nok,2024/02/30,10:02,no such day',
        'User,Nok,2024/02/01,25:61,no such time',
        'User,Nok,2024/02/01,10:03,',
        `User,Nok,2024/02/01,10:04,${'x'.repeat(5001)}`,
        ',Nok,,,',
      ].join('\n'),
    );
    const res = await upload(h, csv);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid', field: 'file', rows: 7, error_count: 9 });
    expect(res.body.errors.map((e: Payload) => [e.line, e.field, e.code])).toEqual([
      [3, 'Sender type', 'sender'],
      [4, 'Date', 'date'],
      [5, 'Time', 'time'],
      [6, 'Content', 'required'],
      [7, 'Content', 'too_long'],
      [8, 'Sender type', 'required'],
      [8, 'Date', 'required'],
      [8, 'Time', 'required'],
      [8, 'Content', 'required'],
    ]);
    expect(res.body.errors[0].message).toBe('This sender type is not known.');
    expect(await h.server.app.ctx.db.select().from(unknownChatMessages)).toHaveLength(before.length);
    expect(await h.server.app.ctx.db.select().from(chatImports)).toHaveLength(imports.length);

    const noHeader = await upload(h, file('random.csv', 'a,b,c\n1,2,3\n'));
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.errors[0]).toMatchObject({ line: 1, field: 'file', code: 'columns' });
    const broken = await upload(
      h,
      file('broken.csv', `${OAM_HEADER}\nUser,Nok,2024/02/01,10:00,"open quote\n`),
    );
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0]).toMatchObject({ field: 'file', code: 'csv' });
    const empty = await upload(h, file('empty.csv', `${OAM_HEADER}\n`));
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('file');
    // A zip that is no workbook (a Word file named .xlsx) is not blamed on its columns.
    const notExcel = path.join(tmp, 'history.xlsx');
    fs.writeFileSync(notExcel, await docx());
    const word = await upload(h, notExcel);
    expect(word.status).toBe(400);
    expect(word.body.errors[0]).toMatchObject({
      line: 1,
      field: 'file',
      code: 'format',
      message: 'This file is not a CSV or Excel (.xlsx) file.',
    });
  });

  it('the template ties a conversation to the follower its social id names; the rest wait in the list', async () => {
    const csv = file(
      'template.csv',
      [
        'conversation,customer_name,social_id,channel,sender,sender_name,date,time,message',
        'c-1,Somchai Jaidee,ci-1,widget,customer,,2023-12-01,08:00,An old question',
        'c-1,,,,agent,Nok,2023-12-01,08:05,An old answer',
        'c-2,Walk-in Mali,,,customer,,01/12/2023,09:00:30,ขอสอบถามค่ะ',
        'c-2,,,,bot,,01/12/2023,09:00:31,สวัสดีค่ะ',
      ].join('\n'),
    );
    const done = await importDone(h, csv);
    expect(done).toMatchObject({
      status: 'done',
      format: 'template',
      conversations: 2,
      messages_added: 4,
      messages_merged: 2,
    });
    const history = await h.api('GET', '/api/chat/messages', { follower_id: followerId });
    expect(history.body.list.slice(0, 2).map((m: Payload) => [m.imported, m.messages_sent[0].text])).toEqual([
      [true, 'An old question'],
      [true, 'An old answer'],
    ]);
    const waiting = await h.api('GET', '/api/chat/unknow/list', { search: 'mali' });
    expect(waiting.body.list[0]).toMatchObject({
      name: 'Walk-in Mali',
      format: 'template',
      message_count: 2,
    });
    const merged = await h.api('GET', '/api/chat/unknow/list', { status: 'merged' });
    expect(merged.body.list.map((c: Payload) => c.merged_follower?._id)).toContain(followerId);
    const found = await h.api('GET', '/api/chat/unknow/list/text', { text: 'สอบถาม' });
    expect(found.body.total_count).toBe(1);
    expect(found.body.list[0]).toMatchObject({
      chat: { name: 'Walk-in Mali' },
      message: { text: 'ขอสอบถามค่ะ' },
    });
    expect((await h.api('GET', '/api/chat/unknow/list/text', {})).body.field).toBe('text');
    expect((await h.api('GET', '/api/chat/unknow/list', { status: 'odd' })).body.field).toBe('status');
  });

  it("the product's own export comes back: into the same account it adds nothing twice; its senders are kept", async () => {
    const range = { follower_id: followerId, type: 'excel', ...exportRange(new Date()) };
    await h.api('POST', '/api/chat/send/message', {
      followerId,
      message: 'We open at nine.',
      tempId: 'rt-1',
    });
    const res = await h.api('POST', '/api/chat/export', range);
    expect(res.status).toBe(200);
    const xlsx = path.join(tmp, 'chat_Somchai_Jaidee_export.xlsx');
    fs.writeFileSync(xlsx, res.body as Buffer);
    const before = (await h.api('GET', '/api/chat/messages', { follower_id: followerId, limit: 100 })).body
      .total_count;
    const done = await importDone(h, xlsx);
    expect(done).toMatchObject({ status: 'done', format: 'export', conversations: 1, messages_merged: 0 });
    const after = (await h.api('GET', '/api/chat/messages', { follower_id: followerId, limit: 100 })).body
      .total_count;
    expect(after).toBe(before);
    const [chat] = await h.server.app.ctx.db
      .select()
      .from(unknownChats)
      .where(eq(unknownChats.sourceKey, `export:${followerId}`));
    expect(chat.mergedFollowerId).toBe(followerId);
    const opened = await h.api('GET', '/api/chat/unknow/chat', { unknow_id: chat.id, limit: 200 });
    const kinds = new Map(opened.body.list.map((m: Payload) => [m.text, m.from_type]));
    expect(kinds.get('Hi, I am back')).toBe('customer');
    expect(kinds.get('We open at nine.')).toBe('agent');

    // The same file again: nothing added.
    const again = await upload(h, xlsx);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, import: { _id: done._id } });
  });

  it('who may: agents do not import but work the list; another account reads nothing', async () => {
    const agent = await h.addAgent(4, 'Import agent');
    const csv = file('agent.csv', `${OAM_HEADER}\nUser,Pim,2024/03/01,10:00,hello\n`);
    expect((await upload(h, csv, { as: agent })).status).toBe(403);
    const list = await h.api('GET', '/api/chat/unknow/list', { status: 'all' }, agent);
    expect(list.status).toBe(200);
    expect(list.body.total_count).toBeGreaterThan(0);

    const other = await otherAccount(h);
    const outsider = await h.addAgent(1, 'Outsider');
    await h.server.app.ctx.db
      .update(memberships)
      .set({ accountId: other.accountId })
      .where(eq(memberships.userId, outsider.user._id));
    const asOther = { ...outsider, headers: { ...outsider.headers, channel_id: other.accountId } };
    const theirs = await h.api('GET', '/api/chat/unknow/list', { status: 'all' }, asOther);
    expect(theirs.status).toBe(200);
    expect(theirs.body.total_count).toBe(0);
    const chatId = list.body.list[0]._id;
    expect((await h.api('GET', '/api/chat/unknow/chat', { unknow_id: chatId }, asOther)).status).toBe(404);
    expect(
      (await h.api('GET', '/api/chat/unknow/list/text', { text: 'hello' }, asOther)).body.total_count,
    ).toBe(0);
    expect(
      (
        await h.api(
          'POST',
          '/api/chat/unknow/merge',
          { unknow_id: chatId, follower_id: other.follower._id },
          asOther,
        )
      ).status,
    ).toBe(404);
    expect((await h.api('GET', '/api/chat/unknow/list', {}, outsider)).status).toBe(403);
    // Nor can this account merge into the other account's follower.
    const probe = await h.api('POST', '/api/chat/unknow/merge', {
      unknow_id: chatId,
      follower_id: other.follower._id,
    });
    expect(probe.status).toBe(404);
  });
});
