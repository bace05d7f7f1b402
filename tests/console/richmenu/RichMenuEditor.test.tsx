// The menu bar label and an area's label are never cut while typing (a cut could split a Thai
// syllable or an emoji): the whole text stays, a counter shows it as LINE counts (UTF-16 units),
// and a text over the limit is refused on save by field (core/automation/richMenu.ts).
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRootPerTest, typeInto } from '../../helpers/reactRoot';

vi.mock('../../../console/richmenu/api', () => ({
  saveMenu: vi.fn(),
  listLineFollowers: vi.fn(async () => ({ list: [] })),
}));

const { RichMenuEditor } = await import('../../../console/richmenu/RichMenuEditor');

afterEach(() => {
  document.body.innerHTML = '';
});
const view = renderRootPerTest();
const type = typeInto;

function inputLabelled(text: string): HTMLInputElement {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(text));
  const input = label?.querySelector('input') ?? document.getElementById(label?.htmlFor ?? '');
  if (!input) throw new Error(`no input labelled ${text}`);
  return input as HTMLInputElement;
}

describe('rich menu labels', () => {
  it('keeps long labels whole and counts them in UTF-16 units', () => {
    act(() =>
      view.root.render(
        <RichMenuEditor
          kind="general"
          menu={null}
          channels={[{ _id: 'c1', name: 'LINE' }]}
          onClose={() => {}}
          onSaved={() => {}}
        />,
      ),
    );
    const bar = inputLabelled('Menu bar');
    expect(bar.hasAttribute('maxlength')).toBe(false);
    const long = '😀'.repeat(8); // 8 graphemes, 16 UTF-16 units: LINE's 14 is passed.
    type(bar, long);
    expect(bar.value).toBe(long);
    expect(document.body.textContent).toContain('16/14');
    expect(document.querySelector('.rm-count.over')?.textContent).toBe('16/14');

    const area = inputLabelled('Label');
    expect(area.hasAttribute('maxlength')).toBe(false);
    const thai = 'ป้ายกำกับที่ยาวมากเกินยี่สิบ'; // 27 UTF-16 units
    type(area, thai);
    expect(area.value).toBe(thai);
    expect(document.body.textContent).toContain(`${thai.length}/20`);
  });
});
