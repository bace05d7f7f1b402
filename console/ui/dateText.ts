// The console's date boxes (./DateField.tsx) show and take DD/MM/YYYY and DD/MM/YYYY HH:mm (spec 9)
// while the forms keep 'YYYY-MM-DD' and 'YYYY-MM-DDTHH:mm' (what <input type="date"> and
// "datetime-local" gave them). Plain string work: no time zone can move a day. Years are Gregorian.

const pad = (n: number) => String(n).padStart(2, '0');

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/;

/** Whether year, month (1–12) and day make a day of the Gregorian calendar (years 1000–9999). */
export function isRealDay(y: number, m: number, d: number): boolean {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export const isoDay = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** A form value as the box shows it: '2026-11-24' → '24/11/2026', with time '24/11/2026 09:05'. */
export function displayText(value: string, withTime = false): string {
  const m = (withTime ? ISO_DATE_TIME : ISO_DAY).exec(value) ?? ISO_DAY.exec(value.slice(0, 10));
  if (!m) return '';
  const day = `${m[3]}/${m[2]}/${m[1]}`;
  if (!withTime) return day;
  return `${day} ${m[4] ?? '00'}:${m[5] ?? '00'}`;
}

/**
 * What was typed, as the form's value: '' for nothing, null for no valid date. Takes D/M/YYYY with
 * '/', '.', '-' or spaces between, and a pasted YYYY-MM-DD; with time, H:mm after the day (00:00
 * when left out).
 */
export function parseText(text: string, withTime = false): string | null {
  const s = text.trim();
  if (s === '') return '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]+(\d{1,2})[:.](\d{2}))?$/.exec(s);
  const dmy = /^(\d{1,2})[/.\- ]+(\d{1,2})[/.\- ]+(\d{4})(?:[ ,T]+(\d{1,2})[:.](\d{2}))?$/.exec(s);
  if (!iso && !dmy) return null;
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(dmy?.[3]), Number(dmy?.[2]), Number(dmy?.[1])];
  const hh = (iso ?? dmy)?.[4];
  const mm = (iso ?? dmy)?.[5];
  if (!isRealDay(y, m, d)) return null;
  if (!withTime) return hh === undefined ? isoDay(y, m, d) : null;
  const h = hh === undefined ? 0 : Number(hh);
  const min = mm === undefined ? 0 : Number(mm);
  if (h > 23 || min > 59) return null;
  return `${isoDay(y, m, d)}T${pad(h)}:${pad(min)}`;
}

/** The day of a form value as a local Date at noon (the calendar's day), or undefined. */
export function dayOf(value: string | undefined): Date | undefined {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12) : undefined;
}

/** A calendar day (a local Date) as 'YYYY-MM-DD'. */
export const dayValue = (date: Date) => isoDay(date.getFullYear(), date.getMonth() + 1, date.getDate());

/** The Intl locale of the console's language, always with the Gregorian calendar (Thai defaults to Buddhist era). */
export const intlLocale = (lang: string) => (lang === 'th' ? 'th-TH-u-ca-gregory' : 'en-GB-u-ca-gregory');
