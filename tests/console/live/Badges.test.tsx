// The switch-mode countdown badge of a chat row: it ticks down and goes away at 0 (spec 4: switch
// mode is on then), instead of staying at 00:00 until something else re-renders the row.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badges } from '../../../console/live/Badges';
import { InboxShown } from '../../../console/live/preload';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => {
  container?.remove();
  vi.useRealTimers();
});

describe('Badges countdown', () => {
  it('ticks down and disappears when the countdown reaches 0', () => {
    vi.useFakeTimers();
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() =>
      root.render(
        <Badges
          badges={[
            { kind: 'countdown', seconds: 3 },
            { kind: 'unread', count: 1 },
          ]}
        />,
      ),
    );
    const countdown = () => container.querySelector('[data-badge="countdown"]');
    expect(countdown()?.textContent).toBe('00:03');
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()?.textContent).toBe('00:02');
    act(() => vi.advanceTimersByTime(3000));
    expect(countdown()).toBeNull();
    expect(container.querySelector('[data-badge="unread"]')?.textContent).toBe('1');
    act(() => root.unmount());
  });

  it('stands still in an inbox kept hidden under another screen, and shows the time left on its return', () => {
    vi.useFakeTimers();
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const render = (shown: boolean) =>
      act(() =>
        root.render(
          <InboxShown value={shown}>
            <Badges badges={[{ kind: 'countdown', seconds: 10 }]} />
          </InboxShown>,
        ),
      );
    const countdown = () => container.querySelector('[data-badge="countdown"]')?.textContent;
    render(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe('00:09');
    render(false);
    // No clock ticks for it while hidden: no timer is left running.
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(4000));
    expect(countdown()).toBe('00:09');
    render(true);
    expect(countdown()).toBe('00:05');
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe('00:04');
    act(() => root.unmount());
  });
});
