// Wall-clock times of a time zone to instants, fast enough for millions of rows: the zone's offset
// is looked up once per local hour (Intl), not per row.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(timeZone: string, instant: number): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Converts wall-clock times of one zone to instants, caching the offset per local hour. */
export function localTimeConverter(timeZone: string) {
  const cache = new Map<number, number>();
  return (t: WallTime): Date => {
    const hourKey = Date.UTC(t.year, t.month - 1, t.day, t.hour);
    let offset = cache.get(hourKey);
    if (offset === undefined) {
      // Two rounds settle the offset across a daylight-saving change.
      offset = offsetAt(timeZone, hourKey);
      offset = offsetAt(timeZone, hourKey - offset);
      if (cache.size > 50_000) cache.clear();
      cache.set(hourKey, offset);
    }
    return new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - offset);
  };
}
