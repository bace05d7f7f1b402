// Widget greeting placeholders (spec 9): {account_name}, {date} (DD/MM/YYYY), {time} (HH:mm),
// {display_name}, and any pre-chat form key as {key}. Unknown placeholders stay as written so a
// typo is visible. The result is plain text: render it escaped, never as HTML.
import { formatDate, formatTime } from './dates';

export interface GreetingValues {
  accountName?: string | null;
  displayName?: string | null;
  form?: Record<string, unknown> | null;
  now: Date;
}

export const GREETING_PLACEHOLDERS = ['account_name', 'date', 'time', 'display_name'] as const;

export function fillGreeting(template: unknown, values: GreetingValues): string {
  if (typeof template !== 'string') return '';
  const fixed: Record<string, string> = {
    account_name: values.accountName ?? '',
    date: formatDate(values.now),
    time: formatTime(values.now),
    display_name: values.displayName ?? '',
  };
  const form = values.form ?? {};
  return template.replace(/\{([A-Za-z0-9_.-]{1,64})\}/g, (whole, key: string) => {
    if (Object.hasOwn(fixed, key)) return fixed[key];
    if (Object.hasOwn(form, key)) {
      const v = form[key];
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
    }
    return whole;
  });
}
