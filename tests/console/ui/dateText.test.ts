// The shared date box's text (console/ui/dateText.ts): DD/MM/YYYY (HH:mm) on screen, YYYY-MM-DD
// (THH:mm) in the form, whatever the browser's language; Gregorian years; no time zone shifts.
import { describe, expect, it } from 'vitest';
import { dayOf, dayValue, displayText, intlLocale, parseText } from '../../../console/ui/dateText';

describe('date box text', () => {
  it('shows a form value as DD/MM/YYYY and DD/MM/YYYY HH:mm', () => {
    expect(displayText('2026-11-24')).toBe('24/11/2026');
    expect(displayText('2026-11-24T09:05', true)).toBe('24/11/2026 09:05');
    expect(displayText('2026-11-24', true)).toBe('24/11/2026 00:00');
    expect(displayText('')).toBe('');
    expect(displayText('nonsense')).toBe('');
  });

  it('reads what is typed: DD/MM/YYYY, other separators, single digits and a pasted ISO day', () => {
    expect(parseText('24/11/2026')).toBe('2026-11-24');
    expect(parseText(' 1/2/2026 ')).toBe('2026-02-01');
    expect(parseText('24.11.2026')).toBe('2026-11-24');
    expect(parseText('24-11-2026')).toBe('2026-11-24');
    expect(parseText('2026-11-24')).toBe('2026-11-24');
    expect(parseText('')).toBe('');
  });

  it('refuses days that do not exist and half-typed dates', () => {
    for (const bad of ['31/02/2026', '29/02/2025', '00/01/2026', '12/13/2026', '24/11', '24/11/26', 'abc']) {
      expect(parseText(bad), bad).toBeNull();
    }
    expect(parseText('29/02/2024')).toBe('2024-02-29');
    // A time on a date-only box is refused rather than dropped.
    expect(parseText('24/11/2026 10:00')).toBeNull();
  });

  it('reads a date and time; the time defaults to 00:00', () => {
    expect(parseText('24/11/2026 9:05', true)).toBe('2026-11-24T09:05');
    expect(parseText('24/11/2026 23:59', true)).toBe('2026-11-24T23:59');
    expect(parseText('24/11/2026', true)).toBe('2026-11-24T00:00');
    expect(parseText('2026-11-24T08:30', true)).toBe('2026-11-24T08:30');
    expect(parseText('24/11/2026 24:00', true)).toBeNull();
    expect(parseText('24/11/2026 10:60', true)).toBeNull();
  });

  it('calendar days are local noon, so no time zone moves them', () => {
    const d = dayOf('2026-11-24');
    expect(d?.getDate()).toBe(24);
    expect(dayValue(d as Date)).toBe('2026-11-24');
    expect(dayOf('')).toBeUndefined();
  });

  it('Thai month names with Gregorian years (not the Buddhist era)', () => {
    const caption = new Intl.DateTimeFormat(intlLocale('th'), { month: 'long', year: 'numeric' });
    const text = caption.format(new Date(2026, 10, 24, 12));
    expect(text).toContain('พฤศจิกายน');
    expect(text).toContain('2026');
    expect(text).not.toContain('2569');
  });
});
