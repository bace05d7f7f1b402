// The Log page (spec 4 chat-log categories, spec 9 titles, dates and numbers): what it asks the
// chat-log endpoint for, the rows with their links into the inbox, "21–40 of 1,234", the empty
// state, and "could not load" with "Try again".
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatLogEntry, ChatLogPage } from '../../../core/reports/wire';

const loadChatLog = vi.fn();
const loadLogFilterOptions = vi.fn(async () => ({
  agents: [{ _id: 'u1', display_name: 'Anna L.' }],
  queues: [{ _id: 'q1', name: 'Sales' }],
}));

vi.mock('../../../console/reports/calls', () => ({
  loadChatLog: (...args: unknown[]) => loadChatLog(...args),
  loadLogFilterOptions: () => loadLogFilterOptions(),
}));

const { default: LogPage } = await import('../../../console/reports/LogPage');
const { logPeriod } = await import('../../../console/reports/state');
const { profile } = await import('../../../console/session/state');

/** Signed in to one account with a role of this level and area access. */
const signIn = (level: number, permissions: Record<string, string> = {}) => {
  profile.value = {
    _id: 'me',
    email: 'me@example.com',
    display_name: 'Me',
    first_name: 'Me',
    last_name: '',
    email_verified: true,
    accounts: [
      {
        _id: 'acc',
        name: 'Shop',
        picture: null,
        role: { _id: 'r', name: 'R', level, permissions },
        channels: [],
      },
    ],
  };
};

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const entry = (n: number, fields: Partial<ChatLogEntry> = {}): ChatLogEntry => ({
  livechat_id: `lc${n}`,
  follower: { _id: `f${n}`, name: `Customer ${n}`, channel_type: 'widget' },
  agent: { _id: 'u1', name: 'Anna L.' },
  queue: { _id: 'q1', name: 'Sales' },
  started_at: '2026-03-04T09:05:00',
  first_response_at: '2026-03-04T09:07:00',
  closed_at: null,
  status: 'open',
  ...fields,
});

const answer = (list: ChatLogEntry[], total = list.length): ChatLogPage => ({
  period: { start_date: '2026-02-25', end_date: '2026-03-04', type: '7d', previous: null },
  timezone: 'Asia/Bangkok',
  category: 'all',
  list,
  total_count: total,
  hidden_count: 0,
});

let container: HTMLElement;
let root: Root;

async function render() {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<LogPage params={{}} titleKey="title.log" />));
  await act(async () => {});
}

const $ = (selector: string) => container.querySelector<HTMLElement>(selector);
const text = (selector: string) => $(selector)?.textContent ?? null;
const button = (label: string) =>
  [...container.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === label);
const click = (el: HTMLElement | undefined | null) =>
  act(async () => {
    el?.click();
  });

beforeEach(() => {
  loadChatLog.mockReset();
  loadLogFilterOptions.mockClear();
  logPeriod.value = { preset: '7d' };
  signIn(1);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('LogPage', () => {
  it('asks for every chat of the 7-day preset, 20 from the newest, and lists them', async () => {
    loadChatLog.mockResolvedValue(
      answer([entry(1, { status: 'done', closed_at: '2026-03-04T09:30:00' }), entry(2)], 2),
    );
    await render();
    expect(loadChatLog).toHaveBeenCalledWith('all', {}, { preset: '7d' }, 0, 20);
    expect(text('h1')).toBe('Log');
    expect(text('#log-heading')).toBe('Total (Incoming + Outgoing) chats log · 2 in total');
    const cells = [...container.querySelectorAll('tbody tr:first-child td')].map((c) => c.textContent);
    expect(cells).toEqual([
      'Customer 1',
      'Web chat',
      'Anna L.',
      'Sales',
      '04/03/2026 09:05',
      '04/03/2026 09:07',
      '04/03/2026 09:30',
      'Done',
    ]);
    expect($('tbody tr:first-child a')?.getAttribute('href')).toBe('/live?follower=f1');
    expect(text('[data-testid="period-days"]')).toBe('25/02/2026 – 04/03/2026');
    // One page holds both: no pager.
    expect($('.log-pager')).toBeNull();
  });

  it('a category, a filter and the pager each ask again (thousands commas in the range)', async () => {
    loadChatLog.mockResolvedValue(
      answer(
        Array.from({ length: 20 }, (_, i) => entry(i)),
        1234,
      ),
    );
    await render();
    expect(text('.log-range')).toBe('1–20 of 1,234');
    await click(button('Next'));
    expect(loadChatLog).toHaveBeenLastCalledWith('all', {}, { preset: '7d' }, 20, 20);
    expect(text('.log-range')).toBe('21–40 of 1,234');

    await click(button('Missed'));
    expect(loadChatLog).toHaveBeenLastCalledWith('missed', {}, { preset: '7d' }, 0, 20);
    expect(button('Missed')?.getAttribute('aria-pressed')).toBe('true');
    expect(text('#log-heading')).toBe('Missed chats log · 1,234 in total');

    const queue = [...container.querySelectorAll('select')][1];
    await act(async () => {
      queue.value = 'q1';
      queue.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(loadChatLog).toHaveBeenLastCalledWith('missed', { queue_id: 'q1' }, { preset: '7d' }, 0, 20);

    await click(button('30 days'));
    expect(loadChatLog).toHaveBeenLastCalledWith('missed', { queue_id: 'q1' }, { preset: '30d' }, 0, 20);
  });

  it('says what the list shows when nothing matched', async () => {
    loadChatLog.mockResolvedValue(answer([]));
    await render();
    expect(text('[data-testid="log-empty"] h3')).toBe('No chats match');
    expect(text('[data-testid="log-empty"] p')).toContain('live chats that started in the chosen period');
    expect($('table')).toBeNull();
  });

  it('says how many chats of queues the reader cannot see are left out (spec 6), one or many', async () => {
    loadChatLog.mockResolvedValue({ ...answer([entry(1)], 1), hidden_count: 1250 });
    await render();
    expect(text('[data-testid="log-hidden"]')).toBe(
      '1,250 more chats are in queues you cannot see, so they are not listed.',
    );
    act(() => root.unmount());
    container.remove();
    loadChatLog.mockResolvedValue({ ...answer([]), hidden_count: 1 });
    await render();
    expect(text('[data-testid="log-hidden"]')).toBe(
      '1 more chat is in a queue you cannot see, so it is not listed.',
    );
  });

  it('shows a failure with "Try again", which loads again', async () => {
    loadChatLog.mockRejectedValueOnce(new Error('503')).mockResolvedValue(answer([entry(1)]));
    await render();
    expect(text('[role="alert"]')).toContain('The chat log could not be loaded.');
    await click(button('Try again'));
    expect(loadChatLog).toHaveBeenCalledTimes(2);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(1);
  });

  it('a role that may read reports but not chats is not asked for the inbox lists (the server refuses them)', async () => {
    signIn(2, { chat: 'none', reports: 'read' });
    loadChatLog.mockResolvedValue(answer([entry(1)], 1));
    await render();
    expect(loadLogFilterOptions).not.toHaveBeenCalled();
    expect(text('tbody tr:first-child td')).toBe('Customer 1');
    signIn(2, { chat: 'read', reports: 'read' });
    act(() => root.unmount());
    container.remove();
    await render();
    expect(loadLogFilterOptions).toHaveBeenCalledTimes(1);
  });
});
