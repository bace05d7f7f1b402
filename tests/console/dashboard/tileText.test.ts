// Dashboard tiles with nothing to measure (null on the wire): "—" and a hint instead of 0% and a
// red −100%; a null on either side has no change; counts stay numbers, 0 included.
import { afterEach, describe, expect, it } from 'vitest';
import { locale } from '../../../console/app/i18n';
import { changeText, valueText } from '../../../console/dashboard/tileText';

afterEach(() => {
  locale.value = 'en';
});

describe('dashboard tile text', () => {
  it('a rate with no data reads "—" with a hint, never 0% or a change', () => {
    expect(valueText('satisfaction_rate', null)).toBe('—');
    expect(valueText('chat_utilization', null)).toBe('—');
    const tile = { value: null, previous: 83.33, change: null, change_percent: null };
    expect(changeText('satisfaction_rate', tile, true)).toEqual({
      text: 'No ratings in this period',
      trend: 'none',
    });
    expect(changeText('chat_utilization', tile, true).text).toBe('No agent availability in this period');
    locale.value = 'th';
    expect(changeText('satisfaction_rate', tile, true).text).toBe('ไม่มีการให้คะแนนในช่วงเวลานี้');
  });

  it('no data in the previous period: the figure, and no change', () => {
    const tile = { value: 50, previous: null, change: null, change_percent: null };
    expect(valueText('satisfaction_rate', 50)).toBe('50%');
    expect(changeText('satisfaction_rate', tile, true)).toEqual({
      text: 'Nothing to compare with in the previous period',
      trend: 'none',
    });
    expect(changeText('satisfaction_rate', tile, false).text).toBe('No earlier period to compare with');
  });

  it('real figures keep their change, a real 0% included', () => {
    expect(valueText('chat_utilization', 0)).toBe('0%');
    expect(
      changeText(
        'satisfaction_rate',
        { value: 0, previous: 83.33, change: -83.33, change_percent: -100 },
        true,
      ),
    ).toEqual({ text: '−83.33 pp (−100%)', trend: 'down' });
    expect(
      changeText(
        'chat_utilization',
        { value: 13.23, previous: 0, change: 13.23, change_percent: null },
        true,
      ),
    ).toEqual({ text: '+13.23 pp', trend: 'up' });
  });

  it('counts are numbers, 0 included', () => {
    expect(valueText('total_friends', 0)).toBe('0');
    expect(valueText('new_friends', 1234)).toBe('1,234');
    expect(
      changeText('new_friends', { value: 0, previous: 0, change: 0, change_percent: null }, true),
    ).toEqual({
      text: 'No change',
      trend: 'flat',
    });
  });
});
