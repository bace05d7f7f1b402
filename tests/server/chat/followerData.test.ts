// A chat's follower data and tools (spec 3, 7; docs/chat-api.md): follow, spam, nickname,
// leave group/room, notes, tags, contact fields, search by name and message, export to Excel
// and zip over a YYYY-MM-DD range.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRange } from '../../../core/format/exportRange';
import { AGENT_EVENTS } from '../../../core/realtime/events';
import { followers, messages } from '../../../server/chat/schema';
import { type Harness, type RecordingSocket, startChatHarness, testDatabases } from './chatHarness';

const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe.each(await testDatabases())('follower data, search and export on %s', (_name, postgres) => {
  let h: Harness;
  let sock: RecordingSocket;
  let followerId: string;

  beforeAll(async () => {
    h = await startChatHarness({ postgres });
    sock = await h.agentSocket(h.owner);
    followerId = (await h.customerSays('Where is my parcel 12345?', {
      visitor: 'fd-1',
      name: 'Pranee Srisuk',
    }))!.follower._id;
    await h.customerSays('สวัสดีค่ะ', { visitor: 'fd-2', name: 'สมหญิง ใจดี' });
  });
  afterAll(() => h?.close());

  it('follow, spam and nickname change the follower and announce FOLLOWER_PROFILE_UPDATE', async () => {
    const followed = await h.api('POST', '/api/chat/follow', { followerId, follow: true });
    expect(followed.body.follower.is_follow).toBe(true);
    const following = await h.api('GET', '/api/chat/followers', { chat_type: 'following' });
    expect(following.body.chat.data.map((f: { _id: string }) => f._id)).toEqual([followerId]);
    expect(
      (await h.api('POST', '/api/chat/follow', { followerId, follow: false })).body.follower.is_follow,
    ).toBe(false);

    const spam = await h.api('POST', '/api/chat/spam', { followerId, is_spam: true });
    expect(spam.body.follower.is_spam).toBe(true);
    const inbox = await h.api('GET', '/api/chat/followers');
    expect(inbox.body.chat.data.map((f: { _id: string }) => f._id)).not.toContain(followerId);
    await h.api('POST', '/api/chat/spam', { followerId, is_spam: false });
    expect((await h.api('POST', '/api/chat/spam', { followerId })).body.field).toBe('is_spam');

    const nick = await h.api('POST', '/api/chat/nickname', { followerId, nickname: 'Khun Pranee' });
    expect(nick.body.follower.line_nickname).toBe('Khun Pranee');
    await sock.next(
      AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE,
      (p) => p.follower._id === followerId && p.follower.line_nickname === 'Khun Pranee',
    );
  });

  it('leave group/room only for groups and rooms; it closes the chat', async () => {
    expect((await h.api('POST', '/api/chat/leave/group', { follower_id: followerId })).status).toBe(400);
    const group = await h.customerSays('group hello', { visitor: 'fd-group' });
    await h.server.app.ctx.db
      .update(followers)
      .set({ followerType: 'group' })
      .where(eq(followers.id, group!.follower._id));
    const left = await h.api('POST', '/api/chat/leave/group', { follower_id: group!.follower._id });
    expect(left.status).toBe(200);
    expect(left.body.follower.last_livechat.is_done).toBe(true);
  });

  it('notes: create numbers them, update and delete by no, NOTES to the chat', async () => {
    const a = await h.api('POST', '/api/note/create', { followerId, text: 'VIP customer' });
    expect(a.body.note).toMatchObject({
      no: 1,
      text: 'VIP customer',
      followerId,
      created_by: h.owner.user._id,
    });
    const b = await h.api('POST', '/api/note/create', { followerId, text: 'Prefers LINE' });
    expect(b.body.note.no).toBe(2);
    const heard = await sock.next(
      AGENT_EVENTS.NOTES,
      (p) => p.follower_id === followerId && p.notes.length === 2,
    );
    expect(heard.notes.map((n: { text: string }) => n.text)).toEqual(['VIP customer', 'Prefers LINE']);
    const updated = await h.api('PATCH', '/api/note/update', { followerId, no: 1, text: 'Very VIP' });
    expect(updated.body.note.text).toBe('Very VIP');
    expect((await h.api('DELETE', '/api/note/delete', { followerId, no: 2 })).body).toEqual({ status: 'ok' });
    expect((await h.api('DELETE', '/api/note/delete', { followerId, no: 2 })).status).toBe(404);
    const list = await h.api('GET', '/api/note/get', { followerId });
    expect(list.body.list.map((n: { no: number; text: string }) => [n.no, n.text])).toEqual([
      [1, 'Very VIP'],
    ]);
    expect((await h.api('POST', '/api/note/create', { followerId, text: '  ' })).body).toEqual({
      message: 'This field is required.',
      code: 'invalid',
      field: 'text',
    });
    expect(
      (await h.api('POST', '/api/note/create', { followerId, text: 'x'.repeat(301) })).body.message,
    ).toBe('Please enter no more than 300 characters.');
    expect((await h.api('PATCH', '/api/note/update', { followerId, text: 'x' })).body.field).toBe('no');
  });

  it('tags: add by name (creates) or id, list, delete', async () => {
    const added = await h.api('POST', '/api/tag/add', { followerId, name: 'Gold' });
    expect(added.body.tags).toEqual([{ label: 'Gold', value: expect.any(String), is_verify: false }]);
    const again = await h.api('POST', '/api/tag/add', { followerId, name: 'gold' });
    expect(again.body.tags).toHaveLength(1);
    const other = await h.customerSays('x', { visitor: 'fd-3' });
    await h.api('POST', '/api/tag/add', { followerId: other!.follower._id, tagId: added.body.tags[0].value });
    const all = await h.api('GET', `/api/tag/getsystemtagsuser/${followerId}`);
    expect(all.body).toEqual({ system_tags: added.body.tags, tags: added.body.tags });
    const removed = await h.api('POST', '/api/tag/delete', { followerId, id: added.body.tags[0].value });
    expect(removed.body.tags).toEqual([]);
    expect((await h.api('POST', '/api/tag/add', { followerId, tagId: 'nope' })).status).toBe(404);
    expect((await h.api('POST', '/api/tag/add', { followerId })).body.field).toBe('name');
  });

  it('contact fields are stored, shown on the follower and announced', async () => {
    const detail = [{ key: 'email', type: 'other', value: 'pranee@example.com' }];
    // Fields are defined per account first (issue 9, server/contacts).
    await h.api('POST', '/api/contact/fields', { key: 'email', type: 'other' });
    const res = await h.api('POST', '/api/contact_field/update/follower', {
      followerId,
      contact_detail: detail,
    });
    expect(res.status).toBe(200);
    expect(res.body.contact_detail[0]).toMatchObject(detail[0]);
    await sock.next(AGENT_EVENTS.CONTACT_FIELD_UPDATE, (p) => p.follower_id === followerId);
    const card = await h.api('GET', `/api/contact/follower/${followerId}`);
    expect(card.body.contact.contact_detail[0]).toMatchObject(detail[0]);
    const bad = await h.api('POST', '/api/contact_field/update/follower', {
      followerId,
      contact_detail: 'x',
    });
    expect(bad.body.field).toBe('contact_detail');
  });

  it('search by name (nickname too, Thai too) and by message text, newest first', async () => {
    const byName = await h.api('POST', '/api/chat/search/name', { text: 'prAnee' });
    expect(byName.body.list.map((f: { _id: string }) => f._id)).toEqual([followerId]);
    expect(byName.body.total_count).toBe(1);
    expect((await h.api('POST', '/api/chat/search/name', { text: 'khun' })).body.total_count).toBe(1);
    expect((await h.api('POST', '/api/chat/search/name', { keyword: 'ใจดี' })).body.total_count).toBe(1);
    // LIKE wildcards in the text are plain characters.
    expect((await h.api('POST', '/api/chat/search/name', { text: '%' })).body.total_count).toBe(0);

    await h.customerSays('parcel arrived, thanks', { visitor: 'fd-1' });
    const byMessage = await h.api('POST', '/api/chat/search/message', { text: 'PARCEL' });
    expect(byMessage.body.total_count).toBe(2);
    expect(
      byMessage.body.list.map(
        (r: { message: { messages_sent: { text: string }[] } }) => r.message.messages_sent[0].text,
      ),
    ).toEqual(['parcel arrived, thanks', 'Where is my parcel 12345?']);
    expect(byMessage.body.list[0].follower._id).toBe(followerId);
    const all = await h.api('POST', '/api/chat/search/all', { text: 'parcel' });
    expect(all.body.name.total_count).toBe(0);
    expect(all.body.message.total_count).toBe(2);
    expect((await h.api('POST', '/api/chat/search/message', {})).body.field).toBe('text');
  });

  it('export: .xlsx with the chat over the range; zip with the sheet and the files', async () => {
    await h.api('POST', '/api/chat/send/message', { followerId, message: 'It ships today.', tempId: 'ex-1' });
    await h.api('POST', '/api/chat/send/image', {
      followerId,
      name: 'label.png',
      buffer: PNG_1x1,
      tempId: 'ex-2',
    });
    // An old message outside the range stays out.
    const old = await h.customerSays('last year', { visitor: 'fd-1' });
    await h.server.app.ctx.db
      .update(messages)
      .set({ createdAt: new Date('2020-01-15T03:00:00Z') })
      .where(eq(messages.id, old!.message._id));
    // Spec 9's default range: the 1st of the month two months back to the end of this month.
    const range = { follower_id: followerId, type: 'excel', ...exportRange(new Date()) };
    const today = range.end_date;
    const res = await h.api('POST', '/api/chat/export', range);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ExcelJS.Buffer);
    const sheet = book.getWorksheet('Chat')!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const texts = rows.map((r) => r[4]);
    expect(texts).toContain('Where is my parcel 12345?');
    expect(texts).toContain('It ships today.');
    expect(texts).not.toContain('last year');
    expect(rows.find((r) => r[4] === 'It ships today.')?.[2]).toBe('Owner');
    expect(String(rows[0][1])).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    const zip = await h.api('POST', '/api/chat/export-zip', { ...range, type: 'zip' });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-zip-')), 'chat.zip');
    fs.writeFileSync(file, zip.body as Buffer);
    const listing = execFileSync('unzip', ['-l', file]).toString();
    expect(listing).toContain(`chat_Pranee_Srisuk_${range.start_date}_${range.end_date}.xlsx`);
    expect(listing).toMatch(/files\/[a-z0-9]{20}_label\.png/);

    for (const [body, field] of [
      [{ ...range, start_date: '2024-13-01' }, 'start_date'],
      [{ ...range, end_date: '2024-02-30' }, 'end_date'],
      [{ ...range, start_date: today, end_date: range.start_date }, 'end_date'],
      [{ ...range, start_date: '2020-01-01' }, 'end_date'],
      [{ ...range, type: 'pdf' }, 'type'],
      [{ ...range, follower_id: undefined }, 'follower_id'],
    ] as const) {
      const bad = await h.api('POST', '/api/chat/export', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.field).toBe(field);
    }
    // A wrong choice is not a missing field: the message names the field and what it may be.
    const wrongType = await h.api('POST', '/api/chat/export', { ...range, type: 'pdf' });
    expect(wrongType.body.message).toBe('type must be one of: excel, zip.');
  });
});
