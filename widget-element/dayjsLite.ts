// The part of dayjs that core's date formats use in the widget (dayjs(value), isValid(), format()
// with YYYY MM DD HH mm ss), in local time. The widget build maps 'dayjs' here to save its bytes
// before the chat box opens; tests/widget-element/dayjsLite.test.ts keeps it equal to dayjs.
const pad = (n: number) => String(n).padStart(2, '0');

export interface LiteDay {
  isValid(): boolean;
  format(template: string): string;
  valueOf(): number;
}

export default function dayjsLite(value?: Date | number | string | null): LiteDay {
  const date = value === undefined ? new Date() : value === null ? new Date(Number.NaN) : new Date(value);
  const ok = !Number.isNaN(date.getTime());
  return {
    isValid: () => ok,
    valueOf: () => date.getTime(),
    format(template: string) {
      if (!ok) return 'Invalid Date';
      const parts: Record<string, string> = {
        YYYY: String(date.getFullYear()),
        MM: pad(date.getMonth() + 1),
        DD: pad(date.getDate()),
        HH: pad(date.getHours()),
        mm: pad(date.getMinutes()),
        ss: pad(date.getSeconds()),
      };
      return template.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]);
    },
  };
}
