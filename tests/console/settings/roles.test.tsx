// Roles in the console: an agent's chat-only menu (spec 2) also lists what an owner granted the
// role beyond an agent's defaults (reports, users) and nothing else; the Roles tab counts members
// of every official account (as deleting checks) and says so; built-in roles' names show in the
// user's language, custom ones as typed.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type AreaPermissions, resolvePermissions } from '../../../core/access/areas';
import { renderRootPerTest } from '../../helpers/reactRoot';

const { locale } = await import('../../../console/app/i18n');
const { profile } = await import('../../../console/session/state');
const { LeftMenu } = await import('../../../console/layout/LeftMenu');
const { SettingsMenu } = await import('../../../console/layout/SettingsMenu');
const { RolesTab } = await import('../../../console/settings/RolesTab');

/** Signed in with a role of this level; `granted` over the level's defaults, as the server resolves. */
const signIn = (level: number, granted: Partial<AreaPermissions> = {}) => {
  profile.value = {
    _id: 'me',
    email: 'me@example.com',
    display_name: 'Me',
    first_name: 'Me',
    last_name: '',
    email_verified: true,
    accounts: [
      {
        _id: 'acc',
        name: 'Shop',
        picture: null,
        role: { _id: 'r', name: 'Agent', level, permissions: resolvePermissions(level, granted) },
        channels: [],
      },
    ],
  };
};

afterEach(() => {
  locale.value = 'en';
  profile.value = null;
});
const view = renderRootPerTest();

const menu = () => [...view.container.querySelectorAll('.left-menu a')].map((a) => a.textContent?.trim());
async function settingsItems(): Promise<string[] | null> {
  const button = view.container.querySelector<HTMLButtonElement>('button[title="Settings"]');
  if (!button) return null;
  await act(async () => button.click());
  return [...view.container.querySelectorAll('.menu-list a')].map((a) => a.textContent ?? '');
}

describe('the chat-only menu', () => {
  it("an agent's role lists Chat and Contact List and no settings menu", async () => {
    signIn(4);
    await act(async () =>
      view.root.render(
        <>
          <LeftMenu />
          <SettingsMenu />
        </>,
      ),
    );
    expect(menu()).toEqual(['Chat', 'Contact List']);
    expect(await settingsItems()).toBeNull();
  });

  it('an agent granted reports and users reaches them from the menus, and nothing it was not granted', async () => {
    signIn(4, { reports: 'read', users: 'read' });
    await act(async () =>
      view.root.render(
        <>
          <LeftMenu />
          <SettingsMenu />
        </>,
      ),
    );
    expect(menu()).toEqual(['Dashboard', 'Chat', 'Contact List', 'Report']);
    // Templates and media stay an agent's defaults (read), off the menu as before.
    expect(await settingsItems()).toEqual(['Users']);
  });

  it('other levels keep the main menu of what they may open', async () => {
    signIn(3, { broadcast: 'none' });
    await act(async () => view.root.render(<LeftMenu />));
    expect(menu()).not.toContain('Broadcast');
    expect(menu()).toContain('Message Template');
  });
});

const role = (name: string, level: number, member_count: number, member_count_here: number) => ({
  _id: name,
  name,
  level,
  permissions: resolvePermissions(level, null),
  member_count,
  member_count_here,
  can_edit: level > 1,
});

describe('the Roles tab', () => {
  it('names built-in roles in Thai, custom ones as typed, and counts members of other accounts too', async () => {
    signIn(1);
    locale.value = 'th';
    const roles = [
      role('Owner', 1, 1, 1),
      role('Supervisor', 3, 1, 0),
      role('Agent', 4, 0, 0),
      role('Night shift', 4, 3, 2),
    ];
    await act(async () =>
      view.root.render(<RolesTab roles={roles} areas={[]} mayWrite={true} onChanged={() => {}} />),
    );
    const rows = [...view.container.querySelectorAll('[data-testid=role-row]')];
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual([
      'เจ้าของ',
      'หัวหน้างาน',
      'เจ้าหน้าที่',
      'Night shift',
    ]);
    const members = rows.map((r) => r.querySelector('[data-testid=role-members]')?.textContent);
    expect(members).toEqual(['1', '11 คนในบัญชีทางการอื่น', '0', '31 คนในบัญชีทางการอื่น']);
    const deleteOf = (i: number) => [...rows[i].querySelectorAll('button')].at(-1) as HTMLButtonElement;
    // 0 members here but 1 elsewhere: Delete is off, and says why.
    expect(deleteOf(1).disabled).toBe(true);
    expect(deleteOf(1).title).toBe('มีสมาชิกในบัญชีทางการนี้หรือบัญชีอื่นที่ใช้บทบาทนี้ กรุณาย้ายไปยังบทบาทอื่นก่อน');
    expect(deleteOf(2).disabled).toBe(false);
  });
});
