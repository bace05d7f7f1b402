// Report periods (spec 9 presets, report presets end yesterday), the previous period of equal
// length, and the chat-log titles (spec 9) as the console shows them.
import { describe, expect, it } from 'vitest';
import { CHAT_LOG_TITLES } from '../../../core/models/report';
import { previousPeriod, resolvePeriod, wallClock } from '../../../core/reports/period';
import { formatCell } from '../../../core/reports/tables';
import en from '../../../locales/en.json';
import th from '../../../locales/th.json';

// 2024-03-10 20:30 UTC is already 11 March in Bangkok (UTC+7), still 10 March in São Paulo (UTC−3).
const NOW = new Date(Date.UTC(2024, 2, 10, 20, 30));
const resolve = (
  query: Record<string, string>,
  timeZone = 'Asia/Bangkok',
  kind: 'dashboard' | 'report' = 'report',
) => resolvePeriod(query, { now: NOW, timeZone, kind });

describe('resolvePeriod', () => {
  it.each([
    ['today', 'report', 'Asia/Bangkok', '2024-03-11', '2024-03-11'],
    ['7d', 'report', 'Asia/Bangkok', '2024-03-04', '2024-03-10'],
    ['7d', 'report', 'America/Sao_Paulo', '2024-03-03', '2024-03-09'],
    ['30d', 'report', 'Asia/Bangkok', '2024-02-10', '2024-03-10'],
    ['1d', 'report', 'Asia/Bangkok', '2024-03-10', '2024-03-10'],
    ['7d', 'dashboard', 'Asia/Bangkok', '2024-03-04', '2024-03-11'],
  ] as const)('%s (%s) in %s runs %s to %s', (preset, kind, zone, start, end) => {
    expect(resolve({ preset }, zone, kind)).toMatchObject({ start_date: start, end_date: end, type: preset });
  });

  it('alltime has no previous period; a custom range compares with as many days before it', () => {
    expect(resolve({ preset: 'alltime' })).toMatchObject({ start_date: '1970-01-01', previous: null });
    expect(resolve({ start_date: '2024-03-04', end_date: '2024-03-10' })).toEqual({
      start_date: '2024-03-04',
      end_date: '2024-03-10',
      type: 'custom',
      previous: { start_date: '2024-02-26', end_date: '2024-03-03' },
    });
    expect(previousPeriod('2024-03-01', '2024-03-01')).toEqual({
      start_date: '2024-02-29',
      end_date: '2024-02-29',
    });
  });

  it('a range from the all-time start is all time up to its end (the chat log of an "All time" report)', () => {
    // The report modals send their report's days; an 'alltime' report runs from 1970-01-01.
    expect(resolve({ start_date: '1970-01-01', end_date: '2024-03-10' })).toEqual({
      start_date: '1970-01-01',
      end_date: '2024-03-10',
      type: 'alltime',
      previous: null,
    });
  });

  it('refuses what is not a period', () => {
    expect(resolve({ preset: '9d' })).toEqual({ field: 'preset', reason: 'invalid' });
    expect(resolve({ start_date: '2024-02-30', end_date: '2024-03-01' })).toEqual({
      field: 'start_date',
      reason: 'invalid',
    });
    expect(resolve({ start_date: '2024-03-02', end_date: '2024-03-01' })).toEqual({
      field: 'end_date',
      reason: 'order',
    });
    expect(resolve({ start_date: '2000-01-01', end_date: '2024-03-01' })).toEqual({
      field: 'end_date',
      reason: 'length',
    });
  });

  it('reads the wall clock of a zone', () => {
    expect(wallClock(NOW, 'Asia/Bangkok').getDate()).toBe(11);
    expect(wallClock(NOW, 'America/Sao_Paulo').getHours()).toBe(17);
  });
});

describe('report cells and chat-log titles', () => {
  it.each([
    ['count', 1234567, '1,234,567'],
    ['percent', 13.2258, '13.23%'],
    ['duration', 3725, '01:02:05'],
    ['date', '2024-03-04', '04/03/2024'],
    ['score', 4, '4'],
    ['count', null, ''],
  ] as const)('%s %s → %s', (kind, value, shown) => {
    expect(formatCell(kind, value)).toBe(shown);
  });

  it('the English titles are the spec texts; the Thai ones exist', () => {
    expect(en.reports.chatLogTitles).toEqual(CHAT_LOG_TITLES);
    expect(Object.keys(th.reports.chatLogTitles).sort()).toEqual(Object.keys(CHAT_LOG_TITLES).sort());
  });
});
