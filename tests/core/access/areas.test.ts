// core/access/areas.ts: the per-area permission model (issue 9; spec 6 leaves roles to us).
import { describe, expect, it } from 'vitest';
import {
  AREAS,
  can,
  canOpenRoute,
  defaultPermissions,
  outranks,
  resolvePermissions,
  withinOwnPermissions,
} from '../../../core/access/areas';
import { ROUTES } from '../../../core/routes';

describe('can', () => {
  it('level 1 may do everything (spec 6: full access), whatever is stored', () => {
    for (const area of AREAS)
      expect(can({ level: 1, permissions: { [area]: 'none' } }, area, 'write')).toBe(true);
  });
  it.each([
    [4, 'chat', 'write', true],
    [4, 'broadcast', 'read', false],
    [4, 'templates', 'read', true],
    [4, 'templates', 'write', false],
    [4, 'settings', 'read', false],
    [3, 'settings', 'read', true],
    [3, 'settings', 'write', false],
    [3, 'all_queues', 'read', false],
    [2, 'users', 'write', true],
  ] as const)('level %i, %s %s → %s by default', (level, area, action, expected) => {
    expect(can({ level, permissions: null }, area, action)).toBe(expected);
  });
  it('an agent who can chat but not broadcast; a supervisor who sees all queues', () => {
    expect(can({ level: 4, permissions: { broadcast: 'none' } }, 'chat', 'write')).toBe(true);
    expect(can({ level: 4, permissions: { broadcast: 'none' } }, 'broadcast', 'read')).toBe(false);
    expect(can({ level: 3, permissions: { all_queues: 'read' } }, 'all_queues', 'read')).toBe(true);
  });
  it('no role may do nothing; write includes read', () => {
    expect(can(null, 'chat', 'read')).toBe(false);
    expect(can({ level: 4, permissions: { contacts: 'write' } }, 'contacts', 'read')).toBe(true);
  });
});

describe('resolvePermissions', () => {
  it('drops unknown areas and values and keeps read-only areas read-only', () => {
    const p = resolvePermissions(4, { chat: 'none', bogus: 'write', reports: 'write', media: 42 });
    expect(p.chat).toBe('none');
    expect(p.reports).toBe('none');
    expect(p.media).toBe(defaultPermissions(4).media);
    expect(Object.keys(p).sort()).toEqual([...AREAS].sort());
  });
});

describe('rank rules', () => {
  it('only strictly lower ranks, except level 1', () => {
    expect(outranks(1, 1)).toBe(true);
    expect(outranks(2, 2)).toBe(false);
    expect(outranks(2, 3)).toBe(true);
    expect(outranks(3, 2)).toBe(false);
  });
  it('never more than one has', () => {
    const supervisor = { level: 3, permissions: null };
    expect(withinOwnPermissions(supervisor, defaultPermissions(4))).toBe(true);
    expect(withinOwnPermissions(supervisor, { ...defaultPermissions(4), users: 'write' })).toBe(false);
  });
});

describe('routes', () => {
  it('every route of a menu is mapped to an area, and agents open chat and contacts only', () => {
    const menus = ROUTES.filter((r) => r.menu !== 'none' && !r.public);
    const agent = { level: 4, permissions: null };
    const open = menus.filter((r) => canOpenRoute(agent, r.name)).map((r) => r.name);
    expect(open).toEqual(expect.arrayContaining(['live', 'contact-list']));
    expect(open).not.toContain('broadcast');
    expect(open).not.toContain('setting-users');
  });
});
