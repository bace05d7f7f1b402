// Contacts over HTTP: field and tag visibility per spec 6 (level 1 sees all; others per entries;
// action_type 3 → '-'; verified and default kept apart), typed values, paging, import/export
// round trip (CSV and Excel), merge, and a deactivated member's token.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_PASSWORD,
  type Payload,
  type Session,
  startTeamHarness,
  type TeamHarness,
} from './teamHarness';

let h: TeamHarness;
let agent: Session & { userId: string };
let supervisor: Session & { userId: string };
let agentRole: string;

beforeAll(async () => {
  h = await startTeamHarness();
  agent = await h.addMember(4, 'Agent');
  supervisor = await h.addMember(3, 'Supervisor');
  agentRole = await h.roleId(4);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const field = (contact: Payload, key: string) => contact.contact_detail.find((d: Payload) => d.key === key);

describe('field and tag visibility (spec 6)', () => {
  it('level 1 sees all; others per entry; action_type 3 and no entry show "-"; verified apart from default', async () => {
    const id = await h.customer('hi', 'vis-1', 'Vera');
    // Agents: hidden on default contacts, view only on verified ones. Supervisors: no entry at all.
    const permission = {
      default: [{ role_id: agentRole, action_type: 3 }],
      verify: [{ role_id: agentRole, action_type: 2 }],
    };
    expect(
      (await h.api('POST', '/api/contact/fields', { key: 'salary', type: 'other', permission })).status,
    ).toBe(200);
    const tag = (await h.api('POST', '/api/settings/tags', { name: 'secret-tag', permission })).body.tag;
    const set = await h.api('POST', '/api/contact/update', {
      _id: id,
      contact_detail: [{ key: 'salary', value: '50000' }],
      tags: [tag._id],
    });
    expect(set.status).toBe(200);
    expect(field(set.body.contact, 'salary').value).toBe('50000');

    let seen = (await h.api('GET', `/api/contact/${id}`, undefined, agent)).body.contact;
    expect(field(seen, 'salary')).toMatchObject({ value: '-', hidden: true, editable: false });
    expect(seen.tags).toEqual([]);
    let sup = (await h.api('GET', `/api/contact/${id}`, undefined, supervisor)).body.contact;
    expect(field(sup, 'salary').value).toBe('-');
    // The inbox's contact card and the list follow the same rule.
    const card = await h.api('GET', `/api/contact/follower/${id}`, undefined, agent);
    expect(card.text).not.toContain('50000');
    const list = await h.api('GET', '/api/contact/list', undefined, agent);
    expect(list.text).not.toContain('50000');
    expect(list.text).not.toContain('secret-tag');
    // A hidden value sent back as '-' changes nothing; a real change is refused.
    const back = await h.api(
      'POST',
      '/api/contact_field/update/follower',
      { followerId: id, contact_detail: [{ key: 'salary', value: '-' }] },
      agent,
    );
    expect(back.status).toBe(200);
    const change = await h.api(
      'POST',
      '/api/contact/update',
      { _id: id, contact_detail: [{ key: 'salary', value: '1' }] },
      agent,
    );
    expect(change.status).toBe(403);
    // A hidden tag cannot be filtered on either.
    expect((await h.api('GET', '/api/contact/list', { tag_id: tag._id }, agent)).body.list).toEqual([]);
    expect((await h.api('GET', '/api/contact/list', { tag_id: tag._id })).body.list).toHaveLength(1);

    // Verified: the 'verify' entries apply.
    expect(
      (
        await h.api('POST', '/api/contact/update', {
          _id: id,
          verify: { is_verify: true, verify_type: 'phone' },
        })
      ).status,
    ).toBe(200);
    seen = (await h.api('GET', `/api/contact/${id}`, undefined, agent)).body.contact;
    expect(seen.verify).toMatchObject({ is_verify: true, verify_type: 'phone' });
    expect(field(seen, 'salary')).toMatchObject({ value: '50000', hidden: false, editable: false });
    expect(seen.tags.map((t: Payload) => t.name)).toEqual(['secret-tag']);
    expect((await h.api('POST', '/api/tag/delete', { followerId: id, id: tag._id }, agent)).status).toBe(403);
    sup = (await h.api('GET', `/api/contact/${id}`, undefined, supervisor)).body.contact;
    expect(field(sup, 'salary').value).toBe('-');
    expect(
      (await h.api('GET', '/api/contact/list', { verified: 'true' })).body.list.map((c: Payload) => c._id),
    ).toContain(id);
  });

  it('typed values are checked and stored in one form', async () => {
    const id = await h.customer('hi', 'typed-1', 'Tom');
    for (const [key, type] of [
      ['birthday', 'date'],
      ['visit', 'date_time'],
      ['hobbies', 'array'],
    ])
      await h.api('POST', '/api/contact/fields', { key, type });
    const ok = await h.api('POST', '/api/contact/update', {
      _id: id,
      contact_detail: { birthday: '31/01/1990', visit: '2024-02-29 13:05', hobbies: 'golf, tennis' },
    });
    expect(ok.status).toBe(200);
    expect(field(ok.body.contact, 'birthday').value).toBe('1990-01-31');
    expect(field(ok.body.contact, 'visit').value).toBe('2024-02-29T13:05');
    expect(field(ok.body.contact, 'hobbies').value).toEqual(['golf', 'tennis']);
    const bad = await h.api('POST', '/api/contact/update', {
      _id: id,
      contact_detail: { birthday: '31/02/1990' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('contact_detail.birthday');
    const unknown = await h.api('POST', '/api/contact/update', { _id: id, contact_detail: { nope: 'x' } });
    expect(unknown.status).toBe(400);
  });
});

describe('list paging', () => {
  it('walks every contact once with the cursor, in each sort', async () => {
    for (let i = 0; i < 7; i++) await h.api('POST', '/api/contact/create', { line_name: `Pager ${i}` });
    const total = (await h.api('GET', '/api/contact/list', { limit: '1' })).body.total_count;
    for (const [sort, order] of [
      ['last_active', 'desc'],
      ['last_active', 'asc'],
      ['name', 'asc'],
      ['created', 'desc'],
    ]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const q: Record<string, string> = { sort, order, limit: '3' };
        if (cursor) q.cursor = cursor;
        const page = await h.api('GET', '/api/contact/list', q);
        expect(page.status).toBe(200);
        seen.push(...page.body.list.map((c: Payload) => c._id));
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(new Set(seen).size, `${sort} ${order}`).toBe(total);
      expect(seen.length).toBe(total);
    }
    const names = (await h.api('GET', '/api/contact/list', { search: 'pager', sort: 'name' })).body.list.map(
      (c: Payload) => c.display_name,
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("a cursor of another sort, or a made-up one, is a 400 naming cursor (never a failed query's 500)", async () => {
    for (let i = 0; i < 3; i++) await h.api('POST', '/api/contact/create', { line_name: `Cursor ${i}` });
    const byName = await h.api('GET', '/api/contact/list', { sort: 'name', order: 'asc', limit: '1' });
    const nameCursor = byName.body.next_cursor as string;
    const byCreated = await h.api('GET', '/api/contact/list', { sort: 'created', order: 'desc', limit: '1' });
    const createdCursor = byCreated.body.next_cursor as string;
    const made = (k: unknown) => Buffer.from(JSON.stringify([k, 'x'])).toString('base64url');
    for (const [sort, cursor] of [
      ['created', nameCursor],
      ['last_active', nameCursor],
      ['created', made(null)],
      ['last_active', made('2026-13-45 not a time')],
    ]) {
      const res = await h.api('GET', '/api/contact/list', { sort, order: 'desc', cursor });
      expect(res.status, `${sort} ${cursor}`).toBe(400);
      expect(res.body.field).toBe('cursor');
    }
    // The cursors each sort gives back still work, a name cursor in the created sort's place too.
    expect((await h.api('GET', '/api/contact/list', { sort: 'name', cursor: nameCursor })).status).toBe(200);
    const next = await h.api('GET', '/api/contact/list', { sort: 'created', cursor: createdCursor });
    expect(next.status).toBe(200);
    expect(next.body.list.length).toBeGreaterThan(0);
  });
});

describe('import and export', () => {
  it('CSV round trip: the export imports back as updates, not new contacts', async () => {
    await h.api('POST', '/api/contact/fields', { key: 'city', type: 'other' });
    const id = (
      await h.api('POST', '/api/contact/create', {
        line_name: 'Round Trip',
        contact_detail: { city: 'Bangkok' },
      })
    ).body.contact._id;
    const before = (await h.api('GET', '/api/contact/list', { limit: '1' })).body.total_count;
    const csv = await h.api('GET', '/api/contact/export', { format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const raw = await fetch(`${h.server.url}/api/contact/export?format=csv`, { headers: h.owner.headers });
    // UTF-8 with a byte-order mark, so Excel reads Thai.
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.text).toContain('Round Trip');
    const edited = csv.text.replace('Bangkok', 'Chiang Mai');
    const form = new FormData();
    form.append('file', new Blob([edited], { type: 'text/csv' }), 'contacts.csv');
    const report = await h.api('POST', '/api/contact/import', form);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ created: 0, failed: 0, total: before });
    expect((await h.api('GET', '/api/contact/list', { limit: '1' })).body.total_count).toBe(before);
    expect(field((await h.api('GET', `/api/contact/${id}`)).body.contact, 'city').value).toBe('Chiang Mai');
  });

  it('CSV: a customer text a spreadsheet would run as a formula is written as text, and imports back unchanged', async () => {
    const formula = '=HYPERLINK("http://evil.example","Click")';
    const id = (
      await h.api('POST', '/api/contact/create', {
        line_name: formula,
        line_nickname: '@admin',
        contact_detail: { city: '+66 81 234 5678' },
      })
    ).body.contact._id;
    const csv = await h.api('GET', '/api/contact/export', { format: 'csv', search: 'HYPERLINK' });
    expect(csv.status).toBe(200);
    const line = csv.text.split(/\r?\n/).find((l: string) => l.includes('HYPERLINK')) ?? '';
    // Every cell that starts with = + - @ is kept as text by a leading apostrophe.
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(line).toContain("'@admin");
    expect(line).toContain("'+66 81 234 5678");
    expect(line).not.toMatch(/(^|,)[=+@-]/);
    const edited = csv.text.replace("'+66 81 234 5678", "'+66 99 999 9999");
    const form = new FormData();
    form.append('file', new Blob([edited], { type: 'text/csv' }), 'contacts.csv');
    const report = await h.api('POST', '/api/contact/import', form);
    expect(report.body).toMatchObject({ created: 0, failed: 0 });
    const back = (await h.api('GET', `/api/contact/${id}`)).body.contact;
    expect(back.line_name).toBe(formula);
    expect(back.line_nickname).toBe('@admin');
    expect(field(back, 'city').value).toBe('+66 99 999 9999');
  });

  it('Excel: new rows create contacts with tags and fields; bad rows are reported', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Contacts');
    sheet.addRow(['name', 'social_id', 'verified', 'tags', 'city']);
    sheet.addRow(['สมชาย ใจดี', 'U-excel-1', 'yes', 'excel, vip', 'Phuket']);
    sheet.addRow(['', '', '', '', '']);
    sheet.addRow(['Bad Row', '', 'maybe', '', '']);
    const buffer = await book.xlsx.writeBuffer();
    const form = new FormData();
    form.append('file', new Blob([buffer]), 'contacts.xlsx');
    const report = await h.api('POST', '/api/contact/import', form);
    expect(report.status).toBe(200);
    expect(report.body.created).toBe(1);
    expect(report.body.errors[0]).toMatchObject({ field: 'verified' });
    const found = (await h.api('GET', '/api/contact/list', { search: 'U-excel-1' })).body.list[0];
    expect(found.display_name).toBe('สมชาย ใจดี');
    expect(found.verify.is_verify).toBe(true);
    expect(found.tags.map((t: Payload) => t.name).sort()).toEqual(['excel', 'vip']);
    const xlsx = await h.api('GET', '/api/contact/export', { format: 'xlsx', search: 'U-excel-1' });
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(Buffer.from(xlsx.text, 'binary') as unknown as ArrayBuffer).catch(async () => {
      const raw = await fetch(`${h.server.url}/api/contact/export?format=xlsx&search=U-excel-1`, {
        headers: h.owner.headers,
      });
      await back.xlsx.load(await raw.arrayBuffer());
    });
    const rows = back.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('สมชาย ใจดี');
    expect(rows[1]).toContain('Phuket');
  });

  it('a value its field cannot take fails its row, naming the column (not "unknown or not yours")', async () => {
    await h.api('POST', '/api/contact/fields', { key: 'anniversary', type: 'date' });
    const csv = 'name,social_id,anniversary\nGood Date,U-date-1,31/12/1999\nBad Date,U-date-2,not-a-date\n';
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'dates.csv');
    const report = await h.api('POST', '/api/contact/import', form);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ total: 2, created: 1, failed: 1 });
    expect(report.body.errors).toEqual([{ row: 3, field: 'anniversary', message: 'date is invalid format' }]);
    // The owner may change every field: nothing was left out for want of permission.
    expect(report.body.skipped_fields).toEqual([]);
    const good = (await h.api('GET', '/api/contact/list', { search: 'U-date-1' })).body.list[0];
    expect(field(good, 'anniversary').value).toBe('1999-12-31');
    expect((await h.api('GET', '/api/contact/list', { search: 'U-date-2' })).body.list).toHaveLength(0);
  });

  it('hidden fields export as "-" and cannot be imported by that role', async () => {
    await h.api('POST', '/api/contact/fields', {
      key: 'vault',
      type: 'other',
      permission: { default: [{ role_id: agentRole, action_type: 3 }], verify: [] },
    });
    const id = (
      await h.api('POST', '/api/contact/create', { line_name: 'Vaulted', contact_detail: { vault: 'gold' } })
    ).body.contact._id;
    const csv = await h.api('GET', '/api/contact/export', { format: 'csv', search: 'Vaulted' }, agent);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Vaulted');
    expect(csv.text).not.toContain('gold');
    const form = new FormData();
    form.append('file', new Blob([`_id,vault\n${id},silver\n`], { type: 'text/csv' }), 'x.csv');
    const report = await h.api('POST', '/api/contact/import', form, agent);
    expect(report.body.skipped_fields).toContain('vault');
    const owner = (await h.api('GET', '/api/contact/list', { search: 'Vaulted' })).body.list[0];
    expect(field(owner, 'vault').value).toBe('gold');
  });
});

describe('merge', () => {
  it('moves messages, tags, notes and empty fields into the kept contact and removes the other', async () => {
    await h.api('POST', '/api/contact/fields', { key: 'email', type: 'other' });
    const keep = await h.customer('first from web', 'merge-a', 'Mia');
    const drop = (
      await h.api('POST', '/api/contact/create', {
        line_name: 'Mia (imported)',
        contact_detail: { email: 'mia@example.com' },
        tags: [(await h.api('POST', '/api/settings/tags', { name: 'imported' })).body.tag._id],
      })
    ).body.contact._id;
    await h.api('POST', '/api/note/create', { followerId: keep, text: 'note on kept' });
    const res = await h.api('POST', '/api/contact/merge', { primary_id: keep, secondary_id: drop });
    expect(res.status).toBe(200);
    expect(res.body.contact._id).toBe(keep);
    expect(field(res.body.contact, 'email').value).toBe('mia@example.com');
    expect(res.body.contact.tags.map((t: Payload) => t.name)).toContain('imported');
    expect((await h.api('GET', `/api/contact/${drop}`)).status).toBe(404);
    const messages = await h.api('GET', '/api/chat/messages', { follower_id: keep });
    expect(messages.body.list.map((m: Payload) => m.messages_sent[0]?.text)).toContain('first from web');
    expect((await h.api('POST', '/api/contact/merge', { primary_id: keep, secondary_id: keep })).status).toBe(
      400,
    );
  });

  it('a contact added by hand kept over one who wrote takes their chat, so it is in the inbox', async () => {
    const keep = (await h.api('POST', '/api/contact/create', { line_name: 'Noor (by hand)' })).body.contact
      ._id;
    const wrote = await h.customer('hello from Noor', 'merge-b', 'Noor');
    const inbox = async () => {
      const { body } = await h.api('GET', '/api/chat/followers', { chat_type: 'inbox', limit: '100' });
      return [...body.chat_pin.data, ...body.chat.data].map((f: Payload) => f._id);
    };
    expect(await inbox()).not.toContain(keep);
    expect(await inbox()).toContain(wrote);
    expect(
      (await h.api('POST', '/api/contact/merge', { primary_id: keep, secondary_id: wrote })).status,
    ).toBe(200);
    expect(await inbox()).toContain(keep);
    const card = await h.api('GET', `/api/contact/follower/${keep}`);
    expect(card.body.follower.last_livechat).toMatchObject({
      is_done: false,
      livechat_id: expect.any(String),
    });
  });
});

describe('deactivation', () => {
  it("a deactivated member's token stops working at once, and they cannot sign in", async () => {
    const member = await h.addMember(4, 'Leaving');
    expect((await h.api('GET', '/api/contact/list', undefined, member)).status).toBe(200);
    const off = await h.api('POST', `/api/settings/users/${member.userId}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.user.status).toBe('deactivated');
    const after = await h.api('GET', '/api/contact/list', undefined, member);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Unauthorization');
    const login = await fetch(`${h.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.user.email, password: MEMBER_PASSWORD }),
    });
    expect(login.status).toBe(403);
    // Not offered for assignment any more.
    const agents = await h.api('GET', '/api/chat/assign/list');
    expect(agents.text).not.toContain(member.userId);
    expect((await h.api('POST', `/api/settings/users/${member.userId}/activate`)).status).toBe(200);
    const again = await fetch(`${h.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.user.email, password: MEMBER_PASSWORD }),
    });
    expect(again.status).toBe(200);
  });
});
