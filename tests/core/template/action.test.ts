// core/template/action.ts: the Action model (spec 3) and the action-field rules (spec 5).
import { describe, expect, it } from 'vitest';
import {
  ACTION_TYPES,
  type Action,
  type ActionType,
  createAction,
  dropEmptyParameters,
  EDITOR_ACTION_TYPES,
  normalizeAction,
  parsePostbackData,
  postbackData,
  telUri,
  validateAction,
} from '../../../core/template/action';
import { validAction } from './forms';

/** The content key a tap that needs its stored action carries (actionKeyOf). */
const HASH = expect.stringMatching(/^h[0-9a-z]+$/);

const REQUIRED = 'This field is required.';
const max = (n: number) => `Please enter no more than ${n} characters.`;

describe('the Action model (spec 3)', () => {
  it('has the spec defaults', () => {
    expect(createAction()).toMatchObject({
      type: 'none',
      typeUrl: 'url',
      typeTel: 'number',
      talkToHumanAction: 'message',
      parameterBodyType: 'fields',
      parameterBody: [],
      parameterHeader: [],
      tags: [],
    });
  });

  it('offers no action, message, uri, templateId, talkToHuman, tel, location, verify, logout, apiCondition, flow; postback for buttons', () => {
    expect(EDITOR_ACTION_TYPES).toEqual([
      'none',
      'message',
      'uri',
      'templateId',
      'talkToHuman',
      'tel',
      'location',
      'verify',
      'logout',
      'apiCondition',
      'flow',
    ]);
    expect(ACTION_TYPES).toContain('postback');
  });
});

describe('action fields (spec 5)', () => {
  const cases: [string, ActionType, Partial<Action>, string, string][] = [
    ['tel required', 'tel', { tel: '' }, 'tel', REQUIRED],
    ['tel numeric', 'tel', { tel: '08-1234' }, 'tel', 'tel is invalid format'],
    ['tel max 10', 'tel', { tel: '08123456789' }, 'tel', max(10)],
    ['templateId required', 'templateId', { templateId: '' }, 'templateId', REQUIRED],
    [
      'queueId required when handing over to a queue',
      'talkToHuman',
      { talkToHumanAction: 'queue' },
      'queueId',
      REQUIRED,
    ],
    ['apiKey required', 'apiCondition', { apiKey: null }, 'apiKey', REQUIRED],
    ['uri required', 'uri', { uri: '' }, 'uri', REQUIRED],
    ['uri a URL', 'uri', { uri: 'shop.example.com' }, 'uri', 'url is invalid format'],
    ['uri http or https only', 'uri', { uri: 'javascript:alert(1)' }, 'uri', 'url is invalid format'],
    ['text required', 'message', { text: ' ' }, 'text', REQUIRED],
    ['text max 300', 'message', { text: 'x'.repeat(301) }, 'text', max(300)],
    ['displayText max 150', 'templateId', { displayText: 'x'.repeat(151) }, 'displayText', max(150)],
    ['textUser max 300', 'talkToHuman', { textUser: 'x'.repeat(301) }, 'textUser', max(300)],
    ['displayTextBot required', 'talkToHuman', { displayTextBot: '' }, 'displayTextBot', REQUIRED],
    [
      'displayTextBot max 300',
      'talkToHuman',
      { displayTextBot: 'x'.repeat(301) },
      'displayTextBot',
      max(300),
    ],
    [
      'parameterBodyJson is JSON',
      'apiCondition',
      { parameterBodyType: 'json', parameterBodyJson: '{"a":' },
      'parameterBodyJson',
      'json is invalid format',
    ],
    [
      'a parameter value needs its key',
      'apiCondition',
      { parameterHeader: [{ key: '', value: 'Bearer x' }] },
      'parameterHeader[0].key',
      REQUIRED,
    ],
    ['an API-number call needs the variable', 'tel', { typeTel: 'api', tel: '' }, 'urlTelName', REQUIRED],
    ['an API address needs the variable', 'uri', { typeUrl: 'api', uri: '' }, 'urlApiName', REQUIRED],
  ];

  it.each(cases)('%s', (_, type, fields, field, message) => {
    expect(validateAction(validAction(type, fields), 'items[0].contents[1].action')).toEqual([
      { field: `items[0].contents[1].action.${field}`, message },
    ]);
  });

  it.each<[string, ActionType, Partial<Action>]>([
    ['tel of exactly 10 digits', 'tel', { tel: '0812345678' }],
    ['tel as a number', 'tel', { tel: 812345678 }],
    ['text of exactly 300', 'message', { text: 'x'.repeat(300) }],
    ['displayText of exactly 150', 'templateId', { displayText: 'x'.repeat(150) }],
    ['displayText left out', 'templateId', { displayText: null }],
    ['textUser left out', 'talkToHuman', { textUser: '' }],
    ['an empty JSON body', 'apiCondition', { parameterBodyType: 'json', parameterBodyJson: '' }],
    // Spec 5: max length and the number check are skipped for a telephone from an API.
    [
      'an API telephone of any length',
      'tel',
      { typeTel: 'api', urlTelName: 'customer.phone.number.primary', tel: 'x' },
    ],
    [
      'a uri of api type is not checked as a URL',
      'uri',
      { typeUrl: 'api', urlApiName: 'link', uri: 'not a url' },
    ],
    ['an entirely empty parameter', 'apiCondition', { parameterBody: [{ key: '', value: '' }] }],
  ])('passes: %s', (_, type, fields) => {
    expect(validateAction(validAction(type, fields))).toEqual([]);
  });

  it('no action and unknown types have nothing to check', () => {
    expect(validateAction(createAction('none'))).toEqual([]);
    expect(validateAction(null)).toEqual([]);
    expect(validateAction({ type: 'teleport' } as unknown as Action)).toEqual([]);
  });
});

describe('what is sent', () => {
  it('empty header and body parameters are dropped (spec 5)', () => {
    const params = [
      { key: '', value: '' },
      { key: 'sku', value: '' },
      { key: ' ', value: '  ' },
      { key: 'page', value: '2' },
    ];
    expect(dropEmptyParameters(params)).toEqual([
      { key: 'sku', value: '' },
      { key: 'page', value: '2' },
    ]);
    const normal = normalizeAction(
      validAction('apiCondition', { parameterBody: params, parameterHeader: params }),
    );
    expect(normal.parameterBody).toHaveLength(2);
    expect(normal.parameterHeader).toHaveLength(2);
  });

  it("action 'tel' becomes a tel: URI (spec 5)", () => {
    expect(normalizeAction(validAction('tel')).uri).toBe('tel:0812345678');
    expect(telUri({ typeTel: 'api', urlTelName: 'phone', tel: null })).toBe('tel:{phone}');
  });

  it.each<[ActionType, Partial<Action>, Record<string, string>]>([
    ['templateId', {}, { action: 'templateId', id: 'tpl-42' }],
    [
      'talkToHuman',
      { talkToHumanAction: 'queue', queueId: 'q1' },
      { action: 'talkToHuman', mode: 'queue', queue: 'q1', key: HASH },
    ],
    ['location', {}, { action: 'location', lat: '13.7563', lng: '100.5018' }],
    ['verify', { actionKey: 'b7' }, { action: 'verify', key: 'b7' }],
    ['logout', {}, { action: 'logout' }],
    ['apiCondition', {}, { action: 'apiCondition', api: 'stock-check', key: HASH }],
    ['flow', {}, { action: 'flow', id: 'flow-7', key: HASH }],
    ['message', {}, { action: 'message', text: 'Hello' }],
    [
      'postback',
      { useActionFromApi: true, apiName: 'next-step' },
      { action: 'fromApi', api: 'next-step', key: HASH },
    ],
  ])('postback data of %s round-trips', (type, fields, expected) => {
    expect(parsePostbackData(postbackData(validAction(type, fields)))).toEqual(expected);
  });

  it('values with & and = survive the round trip', () => {
    const data = postbackData(validAction('templateId', { templateId: 'a&b=c d' }));
    expect(parsePostbackData(data).id).toBe('a&b=c d');
  });

  it('a raw postback sends its data as typed', () => {
    expect(postbackData(validAction('postback', { data: 'menu=1&x=2' }))).toBe('menu=1&x=2');
  });
});
