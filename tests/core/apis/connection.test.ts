// External API connections (issue 16, spec 3 "API variable settings", spec 5 texts): the rules
// the console and the server share — field checks, placeholders, filling, variables, conditions.
import { describe, expect, it } from 'vitest';
import {
  type ApiConnectionInput,
  conditionHolds,
  connectionPlaceholders,
  fillText,
  jsonStringContent,
  validateApiConnection,
} from '../../../core/apis/connection';
import { extractVariables } from '../../../core/apis/variables';

const valid = (fields: Partial<ApiConnectionInput> = {}): ApiConnectionInput => ({
  name: 'Loyalty',
  slug: 'loyalty',
  method: 'GET',
  url: 'https://api.example.com/customers/{user_id}?lang={lang}',
  headers: [{ key: 'X-Api-Key', value: 'k', secret: true }],
  body_type: 'fields',
  body: [],
  body_json: '',
  status: true,
  variables_option: [{ key: 'points', data_type: 'number', sub: [] }],
  sample_values: {},
  answers: { conditions: [], fallback: '' },
  ...fields,
});

describe('validateApiConnection', () => {
  it('passes a valid connection', () => {
    expect(validateApiConnection(valid())).toEqual([]);
  });

  it.each<[Partial<ApiConnectionInput>, string, string]>([
    [{ name: ' ' }, 'name', 'This field is required.'],
    [{ slug: 'a b' }, 'slug', 'Use letters, digits, - and _ only.'],
    [{ url: 'ftp://x.example/{a}' }, 'url', 'url is invalid format'],
    [{ headers: [{ key: 'Bad Header', value: 'x' }] }, 'headers[0].key', 'This is not a valid header name.'],
    [{ headers: [{ key: '', value: 'x' }] }, 'headers[0].key', 'This field is required.'],
    [
      {
        headers: [
          { key: 'A', value: '' },
          { key: 'a', value: '' },
        ],
      },
      'headers[1].key',
      'This key is used twice.',
    ],
    [{ body_type: 'json', body_json: '{"a": }' }, 'body_json', 'json is invalid format'],
    [
      { variables_option: [{ key: 'a.b', data_type: 'string', sub: [] }] },
      'variables_option[0].key',
      'Use letters, digits, - and _ only.',
    ],
    [
      {
        answers: {
          conditions: [{ variable: 'x', operator: 'equals', value: '', reply: { type: 'text', text: 'hi' } }],
          fallback: '',
        },
      },
      'answers.conditions[0].value',
      'This field is required.',
    ],
    [
      {
        answers: {
          conditions: [{ variable: 'x', operator: 'exists', value: '', reply: { type: 'template' } }],
          fallback: '',
        },
      },
      'answers.conditions[0].reply.id',
      'This field is required.',
    ],
  ])('%o → %s', (fields, field, message) => {
    expect(validateApiConnection(valid(fields))).toContainEqual({ field, message });
  });

  it('placeholders stand for values in a JSON body, quoted or not', () => {
    expect(
      validateApiConnection(valid({ body_type: 'json', body_json: '{"phone": "{phone}", "n": {count}}' })),
    ).toEqual([]);
  });
});

describe('placeholders', () => {
  it('are listed once each, from the address, headers and body', () => {
    expect(
      connectionPlaceholders({
        url: 'https://x.example/{a}/{b}',
        headers: [{ key: 'H', value: '{a} {c}' }],
        body: [{ key: 'k', value: '{d}' }],
        body_json: '{"e": "{ignored}"}',
        body_type: 'fields',
      }),
    ).toEqual(['a', 'b', 'c', 'd']);
  });

  it('are filled by path, encoded for where they go; JSON never breaks out of its string', () => {
    const values = { user: { id: 'a b/ü' }, items: [{ id: 7 }], quote: 'say "hi"' };
    expect(fillText('/u/{user.id}?i={items[1].id}&x={missing}', values, encodeURIComponent)).toBe(
      '/u/a%20b%2F%C3%BC?i=7&x=',
    );
    const body = fillText('{"q": "{quote}"}', values, jsonStringContent);
    expect(JSON.parse(body)).toEqual({ q: 'say "hi"' });
  });
});

describe('response variables (spec 3 variables_option)', () => {
  it('take their declared type; lists keep the fields named in sub', () => {
    const body = {
      name: 'Somchai',
      points: '1200',
      vip: 'true',
      avatar: 'https://cdn.example.com/a.png',
      link: 'javascript:alert(1)',
      orders: [
        { title: 'One', secret: 'x' },
        { title: 'Two', secret: 'y' },
      ],
      tags: ['gold', { nested: true }, 'member'],
    };
    expect(
      extractVariables(body, [
        { key: 'name', data_type: 'string', sub: [] },
        { key: 'points', data_type: 'number', sub: [] },
        { key: 'vip', data_type: 'boolean', sub: [] },
        { key: 'avatar', data_type: 'image', sub: [] },
        { key: 'link', data_type: 'url', sub: [] },
        { key: 'orders', data_type: 'array', sub: [{ key: 'title', data_type: 'string', sub: [] }] },
        { key: 'tags', data_type: 'array', sub: [] },
        { key: 'absent', data_type: 'string', sub: [] },
      ]),
    ).toEqual({
      name: 'Somchai',
      points: 1200,
      vip: true,
      avatar: 'https://cdn.example.com/a.png',
      orders: [{ title: 'One' }, { title: 'Two' }],
      tags: ['gold', 'member'],
    });
  });
});

describe('conditions', () => {
  const values = { points: 1200, tier: 'Gold', tags: ['vip', 'member'], empty: '' };
  it.each<[string, string, string, boolean]>([
    ['points', 'greater_than', '500', true],
    ['points', 'less_than', '500', false],
    ['points', 'equals', '1200.0', true],
    ['tier', 'equals', 'gold', true],
    ['tier', 'not_equals', 'silver', true],
    ['tier', 'contains', 'OL', true],
    ['tags', 'contains', 'vip', true],
    ['tags', 'contains', 'vi', false],
    ['empty', 'exists', '', false],
    ['missing', 'not_exists', '', true],
    ['tier', 'greater_than', '1', false],
  ])('%s %s %s → %s', (variable, operator, value, expected) => {
    expect(conditionHolds({ variable, operator: operator as never, value }, values)).toBe(expected);
  });
});
