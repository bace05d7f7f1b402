// The chat import after a merge (docs/api.md "Chat import"): rows a later file adds to a
// conversation an agent merged join that customer's history too; a contact merge carries the tie
// to the kept contact (so unmerge still takes the imported messages out); and the 5,000-character
// limit counts characters, as everywhere else (an emoji is one), keeping the whole text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, type Payload, startChatHarness } from '../chat/chatHarness';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-import-merged-'));
const HEADER = 'conversation,customer_name,social_id,channel,sender,sender_name,date,time,message';

async function importRows(h: Harness, name: string, rows: string[]) {
  const at = path.join(tmp, name);
  fs.writeFileSync(at, [HEADER, ...rows, ''].join('\r\n'));
  const form = new FormData();
  form.append('file', await fs.openAsBlob(at), name);
  const res = await h.api('POST', '/api/chat/import', form);
  if (res.status !== 202) return res;
  for (;;) {
    const now = await h.api('GET', `/api/chat/import/${res.body.import._id}`);
    if (now.body.import.status !== 'importing') return now;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const texts = async (h: Harness, followerId: string) =>
  (await h.api('GET', '/api/chat/messages', { follower_id: followerId, limit: 100 })).body.list.map(
    (m: Payload) => m.messages_sent[0].text,
  );

async function chatNamed(h: Harness, name: string) {
  const list = await h.api('GET', '/api/chat/unknow/list', { search: name, status: 'all' });
  return list.body.list[0];
}

describe('chat import after a merge', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startChatHarness();
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('rows a later file adds to a conversation merged by an agent go into that customer’s history', async () => {
    const followerId = (await h.customerSays('Back again', { visitor: 'mc-1', name: 'Kanya Dee' }))!.follower
      ._id;
    const first = await importRows(h, 'kanya-1.csv', [
      'k-1,Kanya Dee,,,customer,,2024-03-01,09:00,First question',
    ]);
    expect(first.body.import.status).toBe('done');
    const chat = await chatNamed(h, 'Kanya');
    const merged = await h.api('POST', '/api/chat/unknow/merge', {
      unknow_id: chat._id,
      follower_id: followerId,
    });
    expect(merged.body.added).toBe(1);

    const second = await importRows(h, 'kanya-2.csv', [
      'k-1,Kanya Dee,,,customer,,2024-03-02,10:00,Second question',
      'k-1,,,,agent,Nok,2024-03-02,10:05,Second answer',
    ]);
    expect(second.body.import).toMatchObject({ status: 'done', messages_added: 2, messages_merged: 2 });
    expect((await chatNamed(h, 'Kanya')).message_count).toBe(3);
    expect(await texts(h, followerId)).toEqual([
      'First question',
      'Second question',
      'Second answer',
      'Back again',
    ]);
    // Unmerge takes all three out again.
    const unmerged = await h.api('POST', '/api/chat/unknow/unmerge', { unknow_id: chat._id });
    expect(unmerged.body.removed).toBe(3);
    expect(await texts(h, followerId)).toEqual(['Back again']);
  });

  it('a contact merge moves the tie to the kept contact; unmerge still takes the messages out', async () => {
    const keep = (await h.customerSays('Keep me', { visitor: 'mc-2', name: 'Dao Keep' }))!.follower._id;
    const other = (await h.customerSays('Fold me', { visitor: 'mc-3', name: 'Dao Fold' }))!.follower._id;
    await importRows(h, 'dao.csv', ['d-1,Dao Fold,,,customer,,2024-04-01,09:00,Imported hello']);
    const chat = await chatNamed(h, 'Dao Fold');
    expect(
      (await h.api('POST', '/api/chat/unknow/merge', { unknow_id: chat._id, follower_id: other })).status,
    ).toBe(200);
    const folded = await h.api('POST', '/api/contact/merge', { primary_id: keep, secondary_id: other });
    expect(folded.status, JSON.stringify(folded.body)).toBe(200);
    expect(await texts(h, keep)).toContain('Imported hello');

    const now = await chatNamed(h, 'Dao Fold');
    expect(now.merged_follower?._id).toBe(keep);
    const unmerged = await h.api('POST', '/api/chat/unknow/unmerge', { unknow_id: chat._id });
    expect(unmerged.status, JSON.stringify(unmerged.body)).toBe(200);
    expect(unmerged.body.removed).toBe(1);
    expect(await texts(h, keep)).not.toContain('Imported hello');
  });

  it('the 5,000 limit counts characters (an emoji is one) and the whole text is kept', async () => {
    const followerId = (await h.customerSays('Emoji fan here', { visitor: 'mc-4', name: 'Emoji Fan' }))!
      .follower._id;
    const long = '🙏'.repeat(3000); // 3,000 characters, 6,000 UTF-16 units
    const done = await importRows(h, 'emoji.csv', [
      `e-1,Emoji Fan,mc-4,widget,customer,,2024-05-01,09:00,${long}`,
    ]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.import).toMatchObject({ status: 'done', messages_added: 1, messages_merged: 1 });
    const opened = await h.api('GET', '/api/chat/unknow/chat', {
      unknow_id: (await chatNamed(h, 'Emoji Fan'))._id,
    });
    expect(opened.body.list[0].text).toBe(long);
    expect((await texts(h, followerId))[0]).toBe(long);

    const tooLong = await importRows(h, 'emoji-long.csv', [
      `e-2,Emoji Fan,,,customer,,2024-05-01,09:00,${'🙏'.repeat(5001)}`,
    ]);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0]).toMatchObject({ line: 2, field: 'message', code: 'too_long' });
  });
});
