// The permission matrix over HTTP (issues 9, 6, 8, 11, 12): every role — the four seeded levels
// and custom roles an owner made (one that may chat but not touch contacts, a supervisor without
// reports, an agent given reports, templates and media) — against the endpoints that read or write
// contacts, tags, queues, roles, users, channel settings, templates, media, reports, automation,
// rich menus and locations. Each role gets exactly what its areas allow (core/access/areas.ts),
// nothing more; and a second account's ids give 403 or 404, never data. One server, many requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action, type Area, type AreaPermissions, resolvePermissions } from '../../../core/access/areas';
import { png } from '../media/fixtures';
import { bubbleForm } from '../templates/templateForms';
import {
  type CustomRoles,
  membersByRole,
  type Payload,
  type Session,
  startTeamHarness,
  type TeamHarness,
} from './teamHarness';

let h: TeamHarness;
const as: Record<string, Session & { userId?: string }> = {};
let other: Awaited<ReturnType<TeamHarness['otherAccount']>>;
let contactId: string;
let tagId: string;
let fieldId: string;
let queueId: string;
let templateId: string;
let folderId: string;
let fileId: string;
let channelId: string;
let roleToEdit: string;
let target: Session & { userId: string };
const rolesByLevel: Record<number, string> = {};

/** Custom roles an owner makes in the role editor. */
const CUSTOM: CustomRoles = {
  // Spec: "an agent who can chat but not broadcast"; nor see contacts.
  chatOnly: {
    level: 4,
    permissions: { chat: 'write', contacts: 'none', broadcast: 'none', templates: 'read' },
  },
  // A supervisor the owner keeps out of the figures (issue 12: level alone must not decide).
  quietSupervisor: { level: 3, permissions: { reports: 'none', templates: 'read', media: 'read' } },
  // An agent trusted with reports, templates and media, who may look at automation and settings.
  trustedAgent: {
    level: 4,
    permissions: {
      reports: 'read',
      templates: 'write',
      media: 'write',
      automation: 'read',
      settings: 'read',
    },
  },
};
const DEFAULT_LEVELS = { owner: 1, admin: 2, supervisor: 3, agent: 4 } as const;
type Who = keyof typeof DEFAULT_LEVELS | keyof typeof CUSTOM;
const ALL = [...Object.keys(DEFAULT_LEVELS), ...Object.keys(CUSTOM)] as Who[];

/** What each role may do, by the shared rules — the server must agree exactly. */
const areasOf = (who: Who): AreaPermissions =>
  who in DEFAULT_LEVELS
    ? resolvePermissions(DEFAULT_LEVELS[who as keyof typeof DEFAULT_LEVELS], null)
    : resolvePermissions(CUSTOM[who].level, CUSTOM[who].permissions);
type Can = (area: Area, action: Action) => boolean;
const canFor =
  (who: Who): Can =>
  (area, action) => {
    const access = areasOf(who)[area];
    return action === 'read' ? access !== 'none' : access === 'write';
  };

let counter = 0;
const unique = (prefix: string) => `${prefix}_${++counter}`;

beforeAll(async () => {
  h = await startTeamHarness();
  Object.assign(as, await membersByRole(h, CUSTOM));
  for (const level of [1, 2, 3, 4]) rolesByLevel[level] = await h.roleId(level);
  target = await h.addMember(4, 'Target agent');
  contactId = await h.customer('hello', 'visitor-a', 'Ann');
  tagId = (await h.api('POST', '/api/settings/tags', { name: 'vip' })).body.tag._id;
  fieldId = (await h.api('POST', '/api/contact/fields', { key: 'city', label: 'City', type: 'other' })).body
    .field._id;
  queueId = (await h.api('POST', '/api/settings/queues', { name: 'Sales' })).body.queue._id;
  templateId = (await h.api('POST', '/api/message-template/create', { name: 'Card', form: bubbleForm() }))
    .body._id;
  folderId = (await h.api('POST', '/api/folder/create', { name: 'Shared' })).body.folderId;
  fileId = await upload(h.owner);
  channelId = (await h.api('POST', '/api/channels', lineChannel())).body.channel._id;
  roleToEdit = (await h.api('POST', '/api/settings/roles', { name: 'Editable', level: 4 })).body.role._id;
  other = await h.otherAccount();
}, 90_000);
afterAll(async () => {
  await h?.close();
});

function lineChannel() {
  return {
    type: 'line',
    name: unique('LINE'),
    settings: {
      channel_id: '1650000000',
      channel_secret: '0123456789abcdef0123456789abcdef',
      access_token: 'tok',
    },
  };
}

async function upload(s: Session): Promise<string> {
  const form = new FormData();
  form.append(
    'files',
    new Blob([new Uint8Array(await png(8, 8))], { type: 'image/png' }),
    `${unique('pic')}.png`,
  );
  const res = await h.api('POST', '/api/file/upload', form, s);
  return res.body?.resultUpload?.[0]?.id;
}

const location = () => ({
  name: unique('Branch'),
  open_time: '10:00',
  close_time: '21:00',
  telephone: '021234567',
  address: '991 Rama 1',
  province: 'Bangkok',
  latitude: '13.7462',
  longitude: '100.5347',
});

/** Made fresh by the owner for each call that deletes or consumes one. */
const fresh = {
  customer: () => h.customer('hi', unique('visitor'), unique('Guest')),
  tag: async () => (await h.api('POST', '/api/settings/tags', { name: unique('tag') })).body.tag._id,
  field: async () =>
    (await h.api('POST', '/api/contact/fields', { key: unique('f'), type: 'other' })).body.field._id,
  queue: async () => (await h.api('POST', '/api/settings/queues', { name: unique('Queue') })).body.queue._id,
  role: async () =>
    (await h.api('POST', '/api/settings/roles', { name: unique('Role'), level: 4 })).body.role._id,
  template: async () =>
    (await h.api('POST', '/api/message-template/create', { name: unique('Card'), form: bubbleForm() })).body
      ._id,
  folder: async () => (await h.api('POST', '/api/folder/create', { name: unique('Folder') })).body.folderId,
  file: () => upload(h.owner),
  location: async () => (await h.api('POST', '/api/location/create', location())).body.location._id,
};

interface Case {
  name: string;
  /** Whether a role with these areas may make the call. */
  allow: (can: Can) => boolean;
  call: (who: Session) => Promise<{ status: number; text?: string }>;
  /** What an allowed call answers when not 2xx (a guard passed, then a missing id: 404). */
  allowedStatus?: number;
}

const read = (area: Area) => (can: Can) => can(area, 'read');
const write = (area: Area) => (can: Can) => can(area, 'write');
const get = (path: string, query?: Record<string, string>) => (s: Session) => h.api('GET', path, query, s);

const cases: Case[] = [
  // ---- contacts ----
  { name: 'GET contact list', allow: read('contacts'), call: get('/api/contact/list') },
  {
    name: 'GET contact',
    allow: read('contacts'),
    call: (s) => h.api('GET', `/api/contact/${contactId}`, undefined, s),
  },
  { name: 'GET contact masterdata', allow: read('contacts'), call: get('/api/contact/masterdata') },
  {
    name: 'GET contact export',
    allow: read('contacts'),
    call: get('/api/contact/export', { format: 'csv' }),
  },
  { name: 'GET contact duplicates', allow: read('contacts'), call: get('/api/contact/duplicates') },
  {
    name: 'POST contact create',
    allow: write('contacts'),
    call: (s) => h.api('POST', '/api/contact/create', { line_name: 'Made by a test' }, s),
  },
  {
    name: 'POST contact update',
    allow: write('contacts'),
    call: (s) => h.api('POST', '/api/contact/update', { _id: contactId, line_nickname: 'Annie' }, s),
  },
  {
    name: 'POST contact import',
    allow: write('contacts'),
    call: (s) => {
      const form = new FormData();
      form.append('file', new Blob([`name\n${unique('Imported')}\n`], { type: 'text/csv' }), 'contacts.csv');
      return h.api('POST', '/api/contact/import', form, s);
    },
  },
  {
    name: 'POST contact merge',
    allow: write('contacts'),
    call: async (s) => {
      const [keep, drop] = [await fresh.customer(), await fresh.customer()];
      return h.api('POST', '/api/contact/merge', { primary_id: keep, secondary_id: drop }, s);
    },
  },
  { name: 'GET contact fields', allow: read('contacts'), call: get('/api/contact/fields') },
  {
    name: 'POST contact field',
    allow: write('settings'),
    call: (s) => h.api('POST', '/api/contact/fields', { key: unique('k'), type: 'other' }, s),
  },
  {
    name: 'PUT contact field',
    allow: write('settings'),
    call: (s) => h.api('PUT', `/api/contact/fields/${fieldId}`, { label: 'Town' }, s),
  },
  {
    name: 'DELETE contact field',
    allow: write('settings'),
    call: async (s) => h.api('DELETE', `/api/contact/fields/${await fresh.field()}`, undefined, s),
  },
  {
    name: 'POST tag on a chat',
    allow: write('contacts'),
    call: (s) => h.api('POST', '/api/tag/add', { followerId: contactId, tagId }, s),
  },
  // ---- tags, general, queues ----
  { name: 'GET settings tags', allow: read('settings'), call: get('/api/settings/tags') },
  {
    name: 'POST settings tag',
    allow: write('settings'),
    call: (s) => h.api('POST', '/api/settings/tags', { name: unique('tag') }, s),
  },
  {
    name: 'PUT settings tag',
    allow: write('settings'),
    call: (s) => h.api('PUT', `/api/settings/tags/${tagId}`, { status: 'active' }, s),
  },
  {
    name: 'DELETE settings tag',
    allow: write('settings'),
    call: async (s) => h.api('DELETE', `/api/settings/tags/${await fresh.tag()}`, undefined, s),
  },
  { name: 'GET general', allow: read('settings'), call: get('/api/settings/general') },
  {
    name: 'PUT general',
    allow: write('settings'),
    call: (s) => h.api('PUT', '/api/settings/general', { greeting_message: 'Hi' }, s),
  },
  { name: 'GET queues', allow: read('settings'), call: get('/api/settings/queues') },
  {
    name: 'POST queue',
    allow: write('settings'),
    call: (s) => h.api('POST', '/api/settings/queues', { name: unique('Queue') }, s),
  },
  {
    name: 'PUT queue',
    allow: write('settings'),
    call: (s) => h.api('PUT', `/api/settings/queues/${queueId}`, { assign_type: 'manual' }, s),
  },
  {
    name: 'DELETE queue',
    allow: write('settings'),
    call: async (s) => h.api('DELETE', `/api/settings/queues/${await fresh.queue()}`, undefined, s),
  },
  // ---- users and roles ----
  { name: 'GET users', allow: read('users'), call: get('/api/settings/users') },
  {
    name: 'POST invite',
    allow: write('users'),
    call: (s) =>
      h.api(
        'POST',
        '/api/settings/users/invite',
        { email: `${unique('x')}@example.com`, role_id: rolesByLevel[4] },
        s,
      ),
  },
  {
    name: 'PUT user',
    allow: write('users'),
    call: (s) => h.api('PUT', `/api/settings/users/${target.userId}`, { display_name: unique('Agent') }, s),
  },
  { name: 'GET roles', allow: read('users'), call: get('/api/settings/roles') },
  {
    name: 'POST role',
    allow: write('users'),
    call: (s) => h.api('POST', '/api/settings/roles', { name: unique('Role'), level: 4 }, s),
  },
  {
    name: 'PUT role',
    allow: write('users'),
    call: (s) => h.api('PUT', `/api/settings/roles/${roleToEdit}`, { name: unique('Edited') }, s),
  },
  {
    name: 'DELETE role',
    allow: write('users'),
    call: async (s) => h.api('DELETE', `/api/settings/roles/${await fresh.role()}`, undefined, s),
  },
  // ---- channel settings ----
  { name: 'GET channels', allow: read('settings'), call: get('/api/channels') },
  {
    name: 'POST channel',
    allow: write('settings'),
    call: (s) => h.api('POST', '/api/channels', lineChannel(), s),
  },
  {
    name: 'PUT channel',
    allow: write('settings'),
    call: (s) => h.api('PUT', `/api/channels/${channelId}`, { name: unique('LINE'), settings: {} }, s),
  },
  // ---- message templates ----
  { name: 'GET templates', allow: read('templates'), call: get('/api/message-template/list') },
  {
    name: 'GET template',
    allow: read('templates'),
    call: (s) => h.api('GET', `/api/message-template/${templateId}`, undefined, s),
  },
  {
    name: 'GET template preview',
    allow: read('templates'),
    call: (s) => h.api('GET', `/api/message-template/${templateId}/preview`, undefined, s),
  },
  {
    name: 'POST template preview',
    allow: read('templates'),
    call: (s) => h.api('POST', '/api/message-template/preview', { form: bubbleForm() }, s),
  },
  {
    name: 'POST template create',
    allow: write('templates'),
    call: (s) =>
      h.api('POST', '/api/message-template/create', { name: unique('Card'), form: bubbleForm() }, s),
  },
  {
    name: 'PUT template',
    allow: write('templates'),
    call: (s) =>
      h.api('PUT', `/api/message-template/${templateId}`, { name: 'Card', form: bubbleForm('New') }, s),
  },
  {
    name: 'POST template duplicate',
    allow: write('templates'),
    call: (s) => h.api('POST', `/api/message-template/${templateId}/duplicate`, {}, s),
  },
  {
    name: 'DELETE template',
    allow: write('templates'),
    call: async (s) => h.api('DELETE', `/api/message-template/${await fresh.template()}`, undefined, s),
  },
  {
    name: 'POST template send (needs chat too)',
    allow: (can) => can('templates', 'read') && can('chat', 'write'),
    call: async (s) =>
      h.api('POST', `/api/message-template/${templateId}/send`, { followerId: await fresh.customer() }, s),
  },
  // ---- media library ----
  { name: 'GET folders', allow: read('media'), call: get('/api/folder/list') },
  { name: 'GET disk space', allow: read('media'), call: get('/api/folder/disk/space') },
  { name: 'GET files', allow: read('media'), call: get('/api/file/list') },
  {
    name: 'POST folder create',
    allow: write('media'),
    call: (s) => h.api('POST', '/api/folder/create', { name: unique('Folder') }, s),
  },
  {
    name: 'POST folder update',
    allow: write('media'),
    call: (s) => h.api('POST', '/api/folder/update', { folderId, name: unique('Shared') }, s),
  },
  {
    name: 'DELETE folder',
    allow: write('media'),
    call: async (s) => h.api('DELETE', '/api/folder/delete', { folderId: await fresh.folder() }, s),
  },
  {
    name: 'POST file upload',
    allow: write('media'),
    call: async (s) => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(await png(8, 8))], { type: 'image/png' }), 'up.png');
      return h.api('POST', '/api/file/upload', form, s);
    },
  },
  {
    name: 'POST file edit',
    allow: write('media'),
    call: (s) => h.api('POST', '/api/file/edit', { file_id: fileId, name: unique('renamed') }, s),
  },
  {
    name: 'POST file move',
    allow: write('media'),
    call: (s) => h.api('POST', '/api/file/move', { fileIds: [fileId], folderId }, s),
  },
  {
    name: 'DELETE file',
    allow: write('media'),
    call: async (s) => h.api('DELETE', '/api/file/delete', { fileIds: [await fresh.file()] }, s),
  },
  // ---- reports ----
  {
    name: 'GET dashboard tiles',
    allow: read('reports'),
    call: get('/api/dashboard/tiles', { preset: '7d' }),
  },
  { name: 'GET report', allow: read('reports'), call: get('/api/report/chat-volume', { preset: '7d' }) },
  {
    name: 'GET chat log',
    allow: read('reports'),
    call: get('/api/report/chat-log', { preset: '7d', category: 'all' }),
  },
  {
    name: 'GET report export',
    allow: read('reports'),
    call: get('/api/report/satisfaction/export', { preset: '7d', format: 'csv' }),
  },
  // ---- automation ----
  {
    name: 'GET reply messages (the chat picks from them)',
    allow: (can) => can('automation', 'read') || can('chat', 'read'),
    call: get('/api/reply/message/list'),
  },
  {
    name: 'POST reply message',
    allow: write('automation'),
    call: (s) =>
      h.api(
        'POST',
        '/api/reply/message/create',
        { name: unique('Reply'), items: [{ type: 'text', text: 'Hi' }] },
        s,
      ),
  },
  { name: 'GET keywords', allow: read('automation'), call: get('/api/keyword/list') },
  {
    name: 'DELETE keyword',
    allow: write('automation'),
    allowedStatus: 404,
    call: (s) => h.api('DELETE', '/api/keyword/nosuchkeyword', undefined, s),
  },
  { name: 'GET intents', allow: read('automation'), call: get('/api/intent/list') },
  { name: 'GET automation settings', allow: read('automation'), call: get('/api/automation/settings') },
  {
    name: 'PUT automation settings',
    allow: write('automation'),
    call: (s) => h.api('PUT', '/api/automation/settings', {}, s),
  },
  // ---- rich menus ----
  { name: 'GET rich menus', allow: read('automation'), call: get('/api/richmenu/list') },
  {
    name: 'DELETE rich menu',
    allow: write('automation'),
    allowedStatus: 404,
    call: (s) => h.api('DELETE', '/api/richmenu/nosuchmenu', undefined, s),
  },
  // ---- locations ----
  { name: 'GET locations', allow: read('automation'), call: get('/api/location/list') },
  {
    name: 'POST location',
    allow: write('automation'),
    call: (s) => h.api('POST', '/api/location/create', location(), s),
  },
  {
    name: 'DELETE location',
    allow: write('automation'),
    call: async (s) => h.api('DELETE', `/api/location/${await fresh.location()}`, undefined, s),
  },
  {
    name: 'POST location send (a chat action)',
    allow: write('chat'),
    call: async (s) =>
      h.api(
        'POST',
        `/api/location/${await fresh.location()}/send`,
        { followerId: await fresh.customer() },
        s,
      ),
  },
  // ---- chat: every member may chat, including the chat-only role ----
  { name: 'GET chat followers', allow: read('chat'), call: get('/api/chat/followers', { chat_type: 'all' }) },
];

describe('permission matrix: each role gets exactly what its areas allow', () => {
  for (const c of cases)
    it(c.name, async () => {
      const wrong: string[] = [];
      for (const who of ALL) {
        const res = await c.call(as[who]);
        const allowed = c.allow(canFor(who));
        const ok = allowed
          ? c.allowedStatus
            ? res.status === c.allowedStatus
            : res.status < 400
          : res.status === 403;
        if (!ok)
          wrong.push(
            `${who}: ${res.status} (${allowed ? 'should be allowed' : 'should be 403'}) ${res.text?.slice(0, 120) ?? ''}`,
          );
      }
      expect(wrong).toEqual([]);
    });

  it('reports follow the area, not the level', () => {
    // The two custom roles make the point of issue 12: level 3 without reports, level 4 with them.
    expect(canFor('quietSupervisor')('reports', 'read')).toBe(false);
    expect(canFor('trustedAgent')('reports', 'read')).toBe(true);
    expect(canFor('agent')('templates', 'write')).toBe(false);
    expect(canFor('agent')('media', 'write')).toBe(false);
  });

  it('the profile tells the console what each role may do', async () => {
    const me = await h.api('GET', '/api/auth/me', undefined, as.chatOnly);
    const role = me.body.user.accounts[0].role;
    expect(role.permissions).toMatchObject({ chat: 'write', contacts: 'none', broadcast: 'none' });
    const agent = await h.api('GET', '/api/auth/me', undefined, as.agent);
    expect(agent.body.user.accounts[0].role.permissions).toMatchObject({
      broadcast: 'none',
      contacts: 'write',
    });
  });

  it('nobody gives a role more than they have, nor a rank as high as their own', async () => {
    const sup = await h.addMember(3, 'Sup 2');
    // Supervisors read users but cannot change them.
    expect((await h.api('POST', '/api/settings/roles', { name: 'x', level: 4 }, sup)).status).toBe(403);
    const admin = as.admin;
    expect((await h.api('POST', '/api/settings/roles', { name: 'Boss', level: 2 }, admin)).status).toBe(403);
    const ownerRole = rolesByLevel[1];
    expect((await h.api('PUT', `/api/settings/roles/${ownerRole}`, { name: 'Still owner' })).status).toBe(
      403,
    );
    const invite = await h.api(
      'POST',
      '/api/settings/users/invite',
      { email: 'boss@example.com', role_id: ownerRole },
      admin,
    );
    expect(invite.status).toBe(403);
    // An admin cannot change the owner nor themselves.
    expect(
      (await h.api('PUT', `/api/settings/users/${h.owner.user._id}`, { display_name: 'x' }, admin)).status,
    ).toBe(403);
    expect(
      (await h.api('POST', `/api/settings/users/${h.owner.user._id}/deactivate`, undefined, admin)).status,
    ).toBe(403);
    expect((await h.api('POST', `/api/settings/users/${h.owner.user._id}/deactivate`)).status).toBe(403);
  });
});

describe("a second account's ids are 403 or 404, never data", () => {
  const secret = 'Other Customer';
  const noData = (res: { status: number; text: string }, ...words: string[]) => {
    expect([403, 404], res.text.slice(0, 200)).toContain(res.status);
    for (const word of [secret, 'other-secret', ...words]) expect(res.text).not.toContain(word);
  };
  it('contacts', async () => {
    noData(await h.api('GET', `/api/contact/${other.contactId}`));
    noData(await h.api('POST', '/api/contact/update', { _id: other.contactId, line_nickname: 'x' }));
    noData(
      await h.api('POST', '/api/contact/merge', { primary_id: contactId, secondary_id: other.contactId }),
    );
    noData(await h.api('GET', `/api/contact/follower/${other.contactId}`));
    noData(
      await h.api('POST', '/api/contact_field/update/follower', {
        followerId: other.contactId,
        contact_detail: [],
      }),
    );
    noData(await h.api('POST', '/api/tag/add', { followerId: contactId, tagId: other.tagId }));
    const list = await h.api('GET', '/api/contact/list', { tag_id: other.tagId });
    expect(list.status).toBe(200);
    expect(list.body.list).toEqual([]);
    const all = await h.api('GET', '/api/contact/list', { search: 'Other' });
    expect(all.text).not.toContain(secret);
    const duplicates = await h.api('GET', '/api/contact/duplicates');
    expect(duplicates.text).not.toContain(secret);
  });

  it('tags, fields, queues, users, roles, invitations', async () => {
    const theirs = other.owner;
    const theirField = (await h.api('POST', '/api/contact/fields', { key: 'secret', type: 'other' }, theirs))
      .body.field._id;
    const theirQueue = (await h.api('POST', '/api/settings/queues', { name: 'Secret queue' }, theirs)).body
      .queue._id;
    const theirInvite = (
      await h.api(
        'POST',
        '/api/settings/users/invite',
        { email: 'theirs@example.com', role_id: await h.roleId(4, await workspaceOf(theirs)) },
        theirs,
      )
    ).body.invitation._id;
    noData(await h.api('PUT', `/api/settings/tags/${other.tagId}`, { name: 'mine now' }));
    noData(await h.api('DELETE', `/api/settings/tags/${other.tagId}`));
    noData(await h.api('PUT', `/api/contact/fields/${theirField}`, { label: 'x' }));
    noData(await h.api('DELETE', `/api/contact/fields/${theirField}`));
    noData(await h.api('PUT', `/api/settings/queues/${theirQueue}`, { name: 'x' }));
    noData(await h.api('DELETE', `/api/settings/queues/${theirQueue}`));
    noData(await h.api('PUT', `/api/settings/users/${theirs.user._id}`, { display_name: 'x' }));
    noData(await h.api('POST', `/api/settings/users/${theirs.user._id}/deactivate`));
    noData(await h.api('POST', `/api/settings/invitations/${theirInvite}/link`));
    noData(await h.api('DELETE', `/api/settings/invitations/${theirInvite}`));
    const theirRole = await h.roleId(4, await workspaceOf(theirs));
    noData(await h.api('PUT', `/api/settings/roles/${theirRole}`, { name: 'x' }));
    noData(
      await h
        .api('POST', '/api/settings/users/invite', { email: 'y@example.com', role_id: theirRole })
        .then((r) => ({ ...r, status: r.status === 400 ? 404 : r.status })),
    );
    // Their lists never show up in ours.
    const tags = await h.api('GET', '/api/settings/tags');
    expect(tags.text).not.toContain('other-secret');
    const queues = await h.api('GET', '/api/settings/queues');
    expect(queues.text).not.toContain('Secret queue');
    const users = await h.api('GET', '/api/settings/users');
    expect(users.text).not.toContain(theirs.user.email);
  });

  it('channels, templates, media, automation and locations', async () => {
    const theirs = other.owner;
    const theirChannel = (
      await h.api('POST', '/api/channels', { ...lineChannel(), name: 'Secret LINE' }, theirs)
    ).body.channel._id;
    const theirTemplate = (
      await h.api(
        'POST',
        '/api/message-template/create',
        { name: 'Secret card', form: bubbleForm('Hidden') },
        theirs,
      )
    ).body._id;
    const theirFolder = (await h.api('POST', '/api/folder/create', { name: 'Secret folder' }, theirs)).body
      .folderId;
    const theirFile = await upload(theirs);
    const theirReply = (
      await h.api(
        'POST',
        '/api/reply/message/create',
        { name: 'Secret reply', items: [{ type: 'text', text: 'Hidden' }] },
        theirs,
      )
    ).body.reply_message._id;
    const theirPlace = (
      await h.api('POST', '/api/location/create', { ...location(), name: 'Secret place' }, theirs)
    ).body.location._id;
    expect([theirChannel, theirTemplate, theirFolder, theirFile, theirReply, theirPlace].every(Boolean)).toBe(
      true,
    );
    const words = ['Secret', 'Hidden'];

    noData(await h.api('PUT', `/api/channels/${theirChannel}`, { name: 'mine', settings: {} }), ...words);
    for (const [method, path, body] of [
      ['GET', `/api/message-template/${theirTemplate}`],
      ['GET', `/api/message-template/${theirTemplate}/preview`],
      ['PUT', `/api/message-template/${theirTemplate}`, { name: 'x', form: bubbleForm() }],
      ['POST', `/api/message-template/${theirTemplate}/duplicate`, {}],
      ['POST', `/api/message-template/${theirTemplate}/send`, { followerId: contactId }],
      ['DELETE', `/api/message-template/${theirTemplate}`],
      ['POST', '/api/folder/update', { folderId: theirFolder, name: 'x' }],
      ['DELETE', '/api/folder/delete', { folderId: theirFolder }],
      ['GET', '/api/file/list', { folderId: theirFolder }],
      ['POST', '/api/file/edit', { file_id: theirFile, name: 'x' }],
      ['POST', '/api/file/move', { fileIds: [theirFile], folderId }],
      ['POST', `/api/file/upload?folderId=${theirFolder}`],
      ['GET', `/api/reply/message/${theirReply}`],
      ['PUT', `/api/reply/message/${theirReply}`, { name: 'x', items: [{ type: 'text', text: 'x' }] }],
      ['DELETE', `/api/reply/message/${theirReply}`],
      ['POST', '/api/chat/send/template', { followerId: contactId, reply_message_id: theirReply }],
      ['GET', `/api/location/${theirPlace}`],
      ['PUT', `/api/location/${theirPlace}`, location()],
      ['POST', `/api/location/${theirPlace}/send`, { followerId: contactId }],
      ['DELETE', `/api/location/${theirPlace}`],
    ] as [string, string, Payload?][]) {
      const res = path.startsWith('/api/file/upload')
        ? await (async () => {
            const form = new FormData();
            form.append('files', new Blob([new Uint8Array(await png(8, 8))], { type: 'image/png' }), 'x.png');
            form.append('folderId', theirFolder);
            return h.api('POST', '/api/file/upload', form);
          })()
        : await h.api(method, path, body);
      expect([403, 404], `${method} ${path}: ${res.status}`).toContain(res.status);
      for (const word of words) expect(res.text, `${method} ${path}`).not.toContain(word);
    }
    // The file that "deleting theirs" named is still theirs, untouched.
    const deleted = await h.api('DELETE', '/api/file/delete', { fileIds: [theirFile] });
    expect(deleted.body.deleted ?? 0).toBe(0);
    expect((await h.api('GET', `/api/message-template/${theirTemplate}`, undefined, theirs)).status).toBe(
      200,
    );
    // Our lists never show theirs.
    for (const path of [
      '/api/channels',
      '/api/message-template/list',
      '/api/folder/list',
      '/api/reply/message/list',
      '/api/location/list',
    ])
      for (const word of words) expect((await h.api('GET', path)).text, path).not.toContain(word);
  });

  it('naming the other account in channel_id is 403, for contacts and for reports', async () => {
    for (const path of [
      '/api/contact/list',
      '/api/dashboard/tiles',
      '/api/report/chat-volume',
      '/api/message-template/list',
      '/api/folder/list',
    ]) {
      const res = await h.api('GET', path, undefined, {
        ...h.owner,
        headers: { ...h.owner.headers, channel_id: other.accountId },
      });
      expect(res.status, path).toBe(403);
      expect(res.text).not.toContain(secret);
    }
  });
});

async function workspaceOf(s: Session): Promise<string> {
  const { accounts } = await import('../../../server/accounts/schema');
  const { eq } = await import('drizzle-orm');
  const [row] = await h.server.app.ctx.db.select().from(accounts).where(eq(accounts.id, s.accountId));
  return row.workspaceId;
}
