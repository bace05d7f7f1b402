import { create, is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  FULL_ACCESS_LEVEL,
  HIDDEN_ACTION_TYPE,
  Intent,
  Queue,
  Role,
  SettingsTag,
  SUPERVISOR_UNREAD_LEVEL,
  User,
} from '../../../core/models/account';

describe('spec 3, 6: roles and permissions', () => {
  it('level 1 is full access, level 3 adds others to the badge, action_type 3 hides', () => {
    expect(FULL_ACCESS_LEVEL).toBe(1);
    expect(SUPERVISOR_UNREAD_LEVEL).toBe(3);
    expect(HIDDEN_ACTION_TYPE).toBe(3);
  });
  it.each([
    [{ _id: 'r', level: 1 }, true],
    [{ _id: 'r', level: 3 }, true],
    [{ _id: 'r', level: 0 }, false],
    [{ _id: 'r', level: 1.5 }, false],
    [{ _id: 'r' }, false],
  ])('role %j valid: %s', (role, ok) => expect(is(role, Role)).toBe(ok));
});

describe('spec 3: users, queues, tags, intents', () => {
  it('user defaults', () => {
    expect(create({ display_name: 'Ann', email: 'a@b.co' }, User)).toMatchObject({
      first_name: '',
      last_name: '',
      phone: '',
      role_permissions: [],
    });
  });
  it('queue: assigned type, agents, visibility', () => {
    expect(create({ name: 'Sales' }, Queue)).toMatchObject({
      assigned_type: 'manual',
      assigned_agents: [],
      visibility: 'everyone',
    });
    expect(() => create({ name: 'Sales', visibility: 'nobody' }, Queue)).toThrow();
  });
  it('settings tag: name, number of usage, status', () => {
    expect(create({ name: 'VIP' }, SettingsTag)).toMatchObject({ number_of_usage: 0, status: 'active' });
  });
  it('intent: name, active status, training phrases', () => {
    expect(create({ name: 'greet' }, Intent)).toMatchObject({ is_active: true, training_phrases: [] });
  });
});
