// Issue 16: what a tapped button carries so the server finds the stored action (actionKeyOf),
// templates filled with one customer's API answer (fillTemplateForm, send mode), and quick replies
// of reply messages as the widget offers them.
import { describe, expect, it } from 'vitest';
import { actionKeyOf, createAction, parsePostbackData, postbackData } from '../../../core/template/action';
import { fillTemplateForm } from '../../../core/template/apiVariables';
import { toFlexMessage } from '../../../core/template/flex';
import { quickReplyChoices } from '../../../core/widget/message';
import { form, IMAGE, validAction, validBlock } from './forms';

describe('actionKeyOf', () => {
  const talk = validAction('talkToHuman', { talkToHumanAction: 'queue', queueId: 'q1' });

  it('names what the action does: labels and shown texts do not change it, the bot’s words do', () => {
    expect(actionKeyOf({ ...talk, label: 'Other label', displayText: 'x' })).toBe(actionKeyOf(talk));
    expect(actionKeyOf({ ...talk, parameterBody: [{ key: '', value: '' }] })).toBe(actionKeyOf(talk));
    expect(actionKeyOf({ ...talk, displayTextBot: 'Another answer' })).not.toBe(actionKeyOf(talk));
    expect(actionKeyOf({ ...talk, actionKey: 'mine' })).toBe('mine');
  });

  it('travels in the postback data when the tap needs the stored action', () => {
    expect(parsePostbackData(postbackData(talk)).key).toBe(actionKeyOf(talk));
    expect(parsePostbackData(postbackData(createAction('verify'))).key).toBeUndefined();
    expect(parsePostbackData(postbackData({ ...createAction('verify'), tags: ['vip'] })).key).toMatch(
      /^h\w+$/,
    );
  });
});

describe('fillTemplateForm (send mode)', () => {
  const settings = {
    status: true,
    slug: 'loyalty',
    variables_option: [
      { key: 'name', data_type: 'string' as const, sub: [] },
      {
        key: 'orders',
        data_type: 'array' as const,
        sub: [{ key: 'link', data_type: 'url' as const, sub: [] }],
      },
    ],
  };
  const input = form(
    [
      [
        validBlock('imageCover', { source: 'api', url: IMAGE, urlApi: 'https://cdn.example.com/{name}.png' }),
        validBlock('textHeader', { text: 'Hi {name}' }),
        validBlock('button', {
          text: 'Order',
          action: { ...createAction('uri'), typeUrl: 'api', urlApiName: 'orders.link', loopDown: true },
        }),
        validBlock('button', { text: 'Talk', action: validAction('talkToHuman') }),
      ],
    ],
    { apiSetting: settings },
  );

  it('expands, fills and puts the API image in place; the converter takes it as it is', () => {
    const values = {
      name: 'somchai',
      orders: [1, 2, 3, 4].map((n) => ({ link: `https://shop.example.com/o/${n}` })),
    };
    const result = toFlexMessage(fillTemplateForm(input, values), { mode: 'submit', values: {} });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const json = JSON.stringify(result.message);
    expect(json).toContain('"url":"https://cdn.example.com/somchai.png"');
    expect(json).toContain('Hi somchai');
    expect(json.match(/shop\.example\.com\/o\/\d/g)).toEqual([
      'shop.example.com/o/1',
      'shop.example.com/o/2',
      'shop.example.com/o/3',
    ]);
    // The talk button keeps the key of the action as saved.
    expect(json).toContain(`key=${actionKeyOf(validAction('talkToHuman'))}`);
  });

  it('a failed call leaves the values empty rather than showing placeholders', () => {
    const filled = fillTemplateForm(input, {});
    expect(JSON.stringify(filled.items[0].contents[1])).toContain('"text":"Hi "');
  });
});

describe('widget quick replies of reply messages', () => {
  it('editor actions become postbacks the runtime resolves; calls open the dialler', () => {
    const choices = quickReplyChoices([
      {
        type: 'quickreply',
        items: [
          { label: 'Agent', action: validAction('talkToHuman') },
          { label: 'Call', action: validAction('tel') },
          { label: 'Hours', action: validAction('message', { text: 'hours' }) },
        ],
      },
    ]);
    expect(choices[0]).toMatchObject({ kind: 'postback', text: 'Talk to a person' });
    expect(choices[0].data).toMatch(/^action=talkToHuman&mode=message&key=h\w+$/);
    expect(choices[1]).toEqual({ label: 'Call', kind: 'uri', uri: 'tel:0812345678' });
    expect(choices[2]).toEqual({ label: 'Hours', kind: 'message', text: 'hours' });
  });
});
