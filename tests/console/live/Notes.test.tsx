// A note shows when it was last changed: the server sends seconds (docs/chat-api.md), as every
// timestamp on the chat wire, and the sidebar shows that day and time — not January 1970.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../core/format/dates';

const UPDATED = 1_795_556_700; // 24/11/2026, seconds

vi.mock('../../../console/live/calls', () => ({
  getNotes: async () => ({
    list: [{ _id: 'n1', no: 1, text: 'Call back after 5', followerId: 'f1', updated_at: UPDATED }],
  }),
  createNote: vi.fn(),
  updateNote: vi.fn(),
  deleteNote: vi.fn(),
}));

const { Notes } = await import('../../../console/live/Notes');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

describe('Notes', () => {
  it("shows the note's time from the server's seconds", async () => {
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Notes followerId="f1" />));
    await act(async () => {});
    const meta = container.querySelector('[data-testid="note"] .note-meta .muted')?.textContent;
    expect(meta).toBe(formatDateTime(new Date(UPDATED * 1000)));
    expect(meta).not.toContain('1970');
    act(() => root.unmount());
  });
});
