import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { HIDDEN_VALUE, shownContactFields, splitApiTags } from '../../../core/access/contactAccess';
import { canView } from '../../../core/access/permissions';
import { ContactDetail, ContactTag } from '../../../core/models/contact';

const agent = { role_id: 'agent', level: 2 };
const owner = { role_id: 'owner', level: 1 };
const allowed = {
  verify: [{ role_id: 'agent', action_type: 1 }],
  default: [{ role_id: 'agent', action_type: 1 }],
};
const hidden = {
  verify: [{ role_id: 'agent', action_type: 3 }],
  default: [{ role_id: 'agent', action_type: 3 }],
};

const tags = [
  create({ _id: 't1', permission: allowed }, ContactTag),
  create({ _id: 't2', permission: hidden }, ContactTag),
  create({ _id: 't3' }, ContactTag),
  create({ _id: 't4', permission: allowed, verify_tag_api: true }, ContactTag),
];

describe('spec 4, 6: contact tag visibility (the rule the server filters tags with)', () => {
  const visible = (viewer: typeof agent) =>
    tags.filter((t) => canView(t.permission, viewer, false)).map((t) => t._id);
  it('spec 4: a level-1 role sees all tags', () => {
    expect(visible(owner)).toEqual(['t1', 't2', 't3', 't4']);
  });
  it('spec 4: others see a tag only with a matching entry; action_type 3 hides it', () => {
    expect(visible(agent)).toEqual(['t1', 't4']);
  });
});

describe('spec 4: tags with verify_tag_api go to api_tags', () => {
  it('splits', () => {
    const { tags: rest, api_tags } = splitApiTags(tags);
    expect(rest.map((t) => t._id)).toEqual(['t1', 't2', 't3']);
    expect(api_tags.map((t) => t._id)).toEqual(['t4']);
  });
  it('null → empty', () => expect(splitApiTags(undefined)).toEqual({ tags: [], api_tags: [] }));
});

describe("spec 6: a hidden field is shown as '-'", () => {
  const details = [
    create({ key: 'email', value: 'a@b.co', permission: allowed }, ContactDetail),
    create({ key: 'salary', value: 99, permission: hidden }, ContactDetail),
    create({ key: 'birthday', type: 'date', value: '2000-01-01' }, ContactDetail),
  ];
  it('hidden marker is a dash', () => expect(HIDDEN_VALUE).toBe('-'));
  it('agent', () => {
    expect(shownContactFields(details, agent, false)).toEqual([
      { key: 'email', type: 'other', value: 'a@b.co', hidden: false },
      { key: 'salary', type: 'other', value: '-', hidden: true },
      { key: 'birthday', type: 'date', value: '-', hidden: true },
    ]);
  });
  it('level 1 sees every value', () => {
    expect(shownContactFields(details, owner, true).map((f) => f.value)).toEqual([
      'a@b.co',
      99,
      '2000-01-01',
    ]);
  });
});
