import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { CONTACT_DETAIL_TYPES, Contact, ContactDetail } from '../../../core/models/contact';

describe('spec 3: contact', () => {
  it("social_id defaults to '-', permissions to empty verify/default lists", () => {
    const c = create({ tags: [{ _id: 't1' }], contact_detail: [{ key: 'email', value: 'a@b.co' }] }, Contact);
    expect(c.social_id).toBe('-');
    expect(c.verify).toEqual({ is_verify: false, system_tags: [] });
    expect(c.tags[0]).toEqual({
      _id: 't1',
      permission: { verify: [], default: [] },
      show: true,
      verify_tag_api: false,
    });
    expect(c.contact_detail[0]).toMatchObject({
      key: 'email',
      type: 'other',
      permission: { verify: [], default: [] },
    });
  });
  it('spec 3: field types date, date_time, array, other', () => {
    expect(CONTACT_DETAIL_TYPES).toEqual(['date', 'date_time', 'array', 'other']);
    expect(() => create({ key: 'k', type: 'number' }, ContactDetail)).toThrow();
  });
  it('permission entries need role_id and action_type', () => {
    expect(() => create({ key: 'k', permission: { verify: [{ role_id: 'r' }] } }, ContactDetail)).toThrow();
    expect(
      create({ key: 'k', permission: { verify: [{ role_id: 'r', action_type: 3 }] } }, ContactDetail)
        .permission,
    ).toEqual({
      verify: [{ role_id: 'r', action_type: 3 }],
      default: [],
    });
  });
});
