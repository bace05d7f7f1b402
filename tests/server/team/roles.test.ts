// Roles over HTTP (docs/api.md "Users and roles"): the Roles tab's member count and the delete
// check count the same members (every official account of the workspace holds its roles), the
// refusal names how many and where, in Thai too; an agent granted reports reaches them and is
// still refused what it was not granted; the invitation says the role's level with its name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRoleKey, roleLabel } from '../../../core/access/roleNames';
import { translateMessage } from '../../../core/text/messageKeys';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import th from '../../../locales/th.json';
import { type Payload, startTeamHarness, type TeamHarness } from '../contacts/teamHarness';

let h: TeamHarness;
beforeAll(async () => {
  h = await startTeamHarness();
}, 60_000);
afterAll(() => h?.close());

const lookup = (dict: Payload) => (key: string, params?: Record<string, string>) => {
  let text = key.split('.').reduce((node: Payload, part) => node?.[part], dict);
  if (typeof text !== 'string') return key;
  for (const [name, value] of Object.entries(params ?? {})) text = text.replaceAll(`{{${name}}}`, value);
  return text;
};

const roleNamed = async (name: string) =>
  (await h.api('GET', '/api/settings/roles')).body.list.find((r: Payload) => r.name === name);

describe('deleting a role', () => {
  it('counts the members of every official account, as the delete check does, and says where they are', async () => {
    const second = await h.api('POST', '/api/accounts', { name: 'Second Shop' });
    expect(second.status).toBe(200);
    await h.addMember(3, 'Sup in the second shop', second.body.account._id);

    const supervisor = await roleNamed('Supervisor');
    expect(supervisor).toMatchObject({ member_count: 1, member_count_here: 0 });
    const refused = await h.api('DELETE', `/api/settings/roles/${supervisor._id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SERVER_MESSAGES.roleHasMembers(1, 'Second Shop: 1'));
    expect(refused.body.message).toBe(
      'Members with this role: 1 (Second Shop: 1). Move them to another role first.',
    );
    expect(translateMessage(refused.body.message, lookup(th))).toBe(
      'สมาชิกที่มีบทบาทนี้: 1 คน (Second Shop: 1) กรุณาย้ายไปยังบทบาทอื่นก่อน',
    );

    // Here and there: both accounts are named with their counts.
    await h.addMember(3, 'Sup here');
    const both = await roleNamed('Supervisor');
    expect(both).toMatchObject({ member_count: 2, member_count_here: 1 });
    expect((await h.api('DELETE', `/api/settings/roles/${both._id}`)).body.message).toBe(
      'Members with this role: 2 (My Official Account: 1, Second Shop: 1). Move them to another role first.',
    );

    // A role nobody has anywhere shows 0 and goes.
    const made = await h.api('POST', '/api/settings/roles', { name: 'Unused', level: 4 });
    expect(await roleNamed('Unused')).toMatchObject({ member_count: 0, member_count_here: 0 });
    expect((await h.api('DELETE', `/api/settings/roles/${made.body.role._id}`)).status).toBe(200);
    expect(await roleNamed('Unused')).toBeUndefined();
  });
});

describe('an agent granted reports', () => {
  it('reaches the reports and is refused what it was not granted', async () => {
    const made = await h.api('POST', '/api/settings/roles', {
      name: 'Reporting agent',
      level: 4,
      permissions: { reports: 'read' },
    });
    expect(made.status).toBe(200);
    const member = await h.addMember(4, 'Reporter');
    expect(
      (await h.api('PUT', `/api/settings/users/${member.userId}`, { role_id: made.body.role._id })).status,
    ).toBe(200);
    expect((await h.api('GET', '/api/dashboard/tiles', { preset: '7d' }, member)).status).toBe(200);
    for (const path of ['/api/broadcast/list', '/api/settings/users', '/api/settings/tags'])
      expect((await h.api('GET', path, undefined, member)).status, path).toBe(403);
  });
});

describe('role names', () => {
  it('keeps the stored English names; a built-in one shows in Thai, a custom one as typed', async () => {
    const list = (await h.api('GET', '/api/settings/roles')).body.list.map((r: Payload) => r.name);
    expect(list).toEqual(expect.arrayContaining(['Owner', 'Admin', 'Supervisor', 'Agent']));
    const t = lookup(th);
    expect(
      ['Owner', 'Admin', 'Supervisor', 'Agent'].map((name, i) => roleLabel({ name, level: i + 1 }, t)),
    ).toEqual(['เจ้าของ', 'ผู้ดูแล', 'หัวหน้างาน', 'เจ้าหน้าที่']);
    expect(roleLabel({ name: 'Reporting agent', level: 4 }, t)).toBe('Reporting agent');
    // A built-in name at another level is someone's own role.
    expect(builtInRoleKey({ name: 'Agent', level: 3 })).toBeNull();
  });

  it("the invitation gives the role's level with its stored name", async () => {
    const invited = await h.api('POST', '/api/settings/users/invite', {
      email: 'th.agent@example.com',
      role_id: await h.roleId(4),
      lang: 'th',
    });
    const token = invited.body.link.split('/').pop();
    const info = await h.api('GET', '/api/auth/invitation', { token });
    expect(info.body).toMatchObject({ role: 'Agent', role_level: 4 });
  });
});
