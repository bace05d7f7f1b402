import { describe, expect, it } from 'vitest';
import { canView, permissionKey } from '../../../core/access/permissions';

const agent = { role_id: 'agent', level: 2 };
const owner = { role_id: 'owner', level: 1 };

describe('spec 3, 6: visibility by role level and permission entries', () => {
  it('spec 6: level 1 sees everything, even with no entries or a hiding entry', () => {
    expect(canView(undefined, owner, false)).toBe(true);
    expect(canView({ verify: [], default: [{ role_id: 'owner', action_type: 3 }] }, owner, false)).toBe(true);
  });
  it.each([
    ['no entries', { verify: [], default: [] }, false, false],
    ['entry for my role', { verify: [], default: [{ role_id: 'agent', action_type: 1 }] }, false, true],
    ['entry for another role', { verify: [], default: [{ role_id: 'other', action_type: 1 }] }, false, false],
    [
      'spec 6: action_type 3 hides',
      { verify: [], default: [{ role_id: 'agent', action_type: 3 }] },
      false,
      false,
    ],
    ['action_type 2 shows', { verify: [], default: [{ role_id: 'agent', action_type: 2 }] }, false, true],
    [
      'spec 6: verified contacts use the verify entries',
      { verify: [{ role_id: 'agent', action_type: 1 }], default: [] },
      true,
      true,
    ],
    [
      'verify entry does not open a default contact',
      { verify: [{ role_id: 'agent', action_type: 1 }], default: [] },
      false,
      false,
    ],
    [
      'default entry does not open a verified contact',
      { verify: [], default: [{ role_id: 'agent', action_type: 1 }] },
      true,
      false,
    ],
    ['missing key', { default: [{ role_id: 'agent', action_type: 1 }] }, true, false],
    ['null permission', null, false, false],
  ])('%s → %s', (_n, permission, verified, visible) => {
    expect(canView(permission as never, agent, verified)).toBe(visible);
  });
  it('no viewer sees nothing', () => expect(canView({ verify: [], default: [] }, null, false)).toBe(false));
  it('permissionKey', () => {
    expect(permissionKey(true)).toBe('verify');
    expect(permissionKey(false)).toBe('default');
    expect(permissionKey('true')).toBe('default');
  });
});
