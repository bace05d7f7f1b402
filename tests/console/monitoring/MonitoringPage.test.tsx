// The monitoring screen in the user's language (spec 1, 9): a chat's channel by its name, not the
// wire's type; "showing 500 of 1,234" with thousands commas; a failed load in words the user reads.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Overview } from '../../../console/monitoring/calls';
import { ApiError } from '../../../console/session/api';
import { follower } from '../live/fixtures';

const getOverview = vi.fn();

vi.mock('../../../console/monitoring/calls', () => ({
  getOverview: (...args: unknown[]) => getOverview(...args),
}));

const { default: MonitoringPage } = await import('../../../console/monitoring/MonitoringPage');
const { locale } = await import('../../../console/app/i18n');
const { localMessage } = await import('../../../console/app/localMessage');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const overview = (chats: number, total: number): Overview => ({
  generated_at: 1_700_000_000,
  timezone: 'Asia/Bangkok',
  date: '2026-03-04',
  permissions: { edit_queues: false, manage_chats: false, close_any: false },
  totals: {
    agents_online: 0,
    agents_available: 0,
    waiting: total,
    in_progress: 0,
    missed_today: 0,
    expired_today: 0,
  },
  agents: [],
  queues: [],
  chats: Array.from({ length: chats }, (_, i) => {
    const f = follower({ line_name: `Customer ${i}` });
    return {
      livechat_id: f.last_livechat?.livechat_id ?? `lc${i}`,
      follower: f,
      assignee: null,
      queue_id: null,
      is_accepted: false,
      started_at: 1_700_000_000,
      accepted_at: null,
      waiting_since: 1_700_000_000,
      waiting_seconds: 65,
      duration_seconds: 65,
      countdown_seconds: 0,
    };
  }),
  chats_total: total,
});

let container: HTMLElement;
let root: Root;

async function render() {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<MonitoringPage params={{}} titleKey="title.monitoring" />));
  await act(async () => {});
}

beforeEach(() => getOverview.mockReset());
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  locale.value = 'en';
});

describe('MonitoringPage', () => {
  it("names a chat's channel in the user's language", async () => {
    getOverview.mockResolvedValue(overview(1, 1));
    locale.value = 'th';
    await render();
    const row = container.querySelector('[data-testid="mon-chat-row"] th');
    expect(row?.textContent).toContain('แชทบนเว็บ');
    expect(row?.textContent).not.toContain('widget');
  });

  it('counts the chats shown and in all with thousands commas', async () => {
    getOverview.mockResolvedValue(overview(3, 1234));
    await render();
    const caption = [...container.querySelectorAll('caption')].find((c) =>
      c.textContent?.startsWith('Chats in progress'),
    );
    expect(caption?.textContent).toBe('Chats in progress · showing 3 of 1,234');
  });

  it('says a failed load in Thai under /th', async () => {
    getOverview
      .mockRejectedValueOnce(new ApiError(0, 'Failed to fetch', 'network'))
      .mockResolvedValue(overview(0, 0));
    locale.value = 'th';
    await render();
    const alert = container.querySelector('[role="alert"]')?.textContent ?? '';
    expect(alert).toContain('ขออภัย ระบบเกิดข้อผิดพลาด');
    expect(alert).not.toContain('Failed to fetch');
  });

  it('says a refusal the server explains in Thai under /th', async () => {
    getOverview
      .mockRejectedValueOnce(new ApiError(403, 'You do not have permission to do this.', 'forbidden'))
      .mockResolvedValue(overview(0, 0));
    locale.value = 'th';
    await render();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('คุณไม่มีสิทธิ์ทำรายการนี้');
  });

  it('a chat reassigned to an agent outside its queue is refused in Thai under /th', () => {
    locale.value = 'th';
    // The lifecycle's answer to "Reassign to…" an agent who may not see the chat's queue.
    expect(localMessage("This agent cannot see this chat's queue.")).toBe('เจ้าหน้าที่คนนี้มองไม่เห็นคิวของแชทนี้');
  });
});
