// The inbox's message-template picker asks for the chat's channel: a saved card that channel cannot
// carry (a Messenger chat and text columns) is shown with the reason, in the user's language, and
// cannot be picked, so it is never sent only to fail; one that can is picked as before.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { META_MESSAGES } from '../../../core/template/messenger';

const listTemplates = vi.fn();
const getTemplate = vi.fn();

vi.mock('../../../console/templates/api', () => ({
  listTemplates: (...args: unknown[]) => listTemplates(...args),
  getTemplate: (...args: unknown[]) => getTemplate(...args),
}));

const { TemplatePicker } = await import('../../../console/templates/TemplatePicker');
const { locale } = await import('../../../console/app/i18n');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const summary = (id: string, name: string, channel_errors?: { field: string; message: string }[]) => ({
  _id: id,
  name,
  kind: 'bubble',
  count: 1,
  alt_text: name,
  created_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-04T10:00:00.000Z',
  created_by: null,
  updated_by: null,
  ...(channel_errors ? { channel_errors } : {}),
});

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  listTemplates.mockReset();
  getTemplate.mockReset();
  listTemplates.mockResolvedValue({
    list: [
      summary('a1', 'Size chart', [
        {
          field: 'items[0].contents[1].component',
          message: META_MESSAGES.cannotShow('Messenger', 'text columns'),
        },
      ]),
      summary('b2', 'Summer sale', []),
    ],
    total_count: 2,
  });
  getTemplate.mockImplementation(async (id: string) => ({ ...summary(id, id), form: {}, message: {} }));
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.useRealTimers();
  locale.value = 'en';
});

async function render(onPick: (t: { _id: string }) => void) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(<TemplatePicker onPick={onPick} kinds={['bubble', 'carousel']} channel="messenger" />),
  );
  await act(async () => {
    await vi.advanceTimersByTimeAsync(250);
  });
}

const button = (name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.includes(name)) as HTMLButtonElement;

describe('template picker for a chat channel', () => {
  it("asks for the chat's channel, shows why a card cannot go there and does not pick it", async () => {
    const onPick = vi.fn();
    await render(onPick);
    expect(listTemplates).toHaveBeenCalledWith(expect.objectContaining({ channel: 'messenger' }));
    const refused = button('Size chart');
    expect(refused.disabled).toBe(true);
    expect(refused.querySelector('[data-testid="picker-refused"]')?.textContent).toBe(
      'Cannot be sent in this chat: Messenger cannot show text columns.',
    );
    const fine = button('Summer sale');
    expect(fine.disabled).toBe(false);
    expect(fine.querySelector('[data-testid="picker-refused"]')).toBeNull();
    await act(async () => {
      fine.click();
    });
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ _id: 'b2' }));
  });

  it('says it in Thai', async () => {
    locale.value = 'th';
    await render(vi.fn());
    const text = button('Size chart').querySelector('[data-testid="picker-refused"]')?.textContent ?? '';
    expect(text).toBe('ส่งในแชทนี้ไม่ได้: Messenger ไม่สามารถแสดง คอลัมน์ข้อความ ได้');
  });
});
