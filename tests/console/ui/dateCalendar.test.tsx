// The month view of a date field (console/ui/DateCalendar.tsx): picking a day gives it and closes;
// picking the day already chosen does the same (it used to deselect it and leave the calendar open).
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import DateCalendar from '../../../console/ui/DateCalendar';
import { renderRootPerTest } from '../../helpers/reactRoot';

const view = renderRootPerTest();

function dayButton(day: number) {
  const buttons = [...view.container.querySelectorAll<HTMLButtonElement>('.rdp-day_button')];
  const found = buttons.find(
    (b) => b.textContent === String(day) && !b.closest('.rdp-outside') && !b.closest('[data-outside]'),
  );
  if (!found) throw new Error(`no day ${day}`);
  return found;
}

describe('DateCalendar', () => {
  it.each([
    ['another day', 12, '2026-11-12'],
    ['the day already chosen', 29, '2026-11-29'],
  ])('picking %s gives that day and closes', (_, day, value) => {
    const onPick = vi.fn();
    act(() =>
      view.root.render(
        <DateCalendar
          value="2026-11-29"
          withTime={false}
          max="2026-12-06"
          onPick={onPick}
          onDone={() => {}}
        />,
      ),
    );
    act(() => dayButton(day).click());
    expect(onPick).toHaveBeenCalledWith(value, true);
  });

  it('with a time, keeps the time and stays open for it', () => {
    const onPick = vi.fn();
    act(() =>
      view.root.render(<DateCalendar value="2026-11-29T09:30" withTime onPick={onPick} onDone={() => {}} />),
    );
    act(() => dayButton(29).click());
    expect(onPick).toHaveBeenCalledWith('2026-11-29T09:30', false);
  });
});
