// Escape in the reply input closes what is open over it (the emoji picker, the menu drawer) before
// it may close the whole box: a keyboard user dismissing the picker kept losing the chat instead.
import { act, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetMenu } from '../../../core/models/widget';
import { WIDGET_TEXT_MAX } from '../../../core/widget/message';
import { Composer } from '../../../widget-element/box/Composer';
import type { Controller } from '../../../widget-element/box/controller';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
const reachedDocument = vi.fn();
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.removeEventListener('keydown', reachedDocument);
  reachedDocument.mockClear();
});

const menu: WidgetMenu = {
  menuId: 'm1',
  menuLabel: 'Menu',
  isQuickStart: true,
  buttons: [{ id: 'b1', label: 'Opening hours', type: 'message', text: 'Opening hours?' }],
};

const controller = { send: vi.fn(), setDraft: vi.fn(), sendFiles: vi.fn() };

function Harness({ initialMenuOpen, draft = '' }: { initialMenuOpen: boolean; draft?: string }) {
  const [menuOpen, setMenuOpen] = useState(initialMenuOpen);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  return (
    <Composer
      controller={controller as unknown as Controller}
      draft={draft}
      menu={menu}
      menuOpen={menuOpen}
      setMenuOpen={setMenuOpen}
      onAction={() => {}}
      t={(key) => key}
      inputRef={inputRef}
    />
  );
}

function render(initialMenuOpen: boolean, draft = '') {
  container = document.createElement('div');
  document.body.append(container);
  document.addEventListener('keydown', reachedDocument);
  root = createRoot(container);
  act(() => root.render(<Harness initialMenuOpen={initialMenuOpen} draft={draft} />));
}

const pressEscape = (target: Element) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
const textarea = () => container.querySelector('textarea') as HTMLTextAreaElement;

describe('widget composer and Escape', () => {
  it('closes the menu drawer, not the box', () => {
    render(true);
    expect(container.querySelector('.menu-drawer')).not.toBeNull();
    pressEscape(container.querySelector('.menu-drawer button') as HTMLElement);
    expect(container.querySelector('.menu-drawer')).toBeNull();
    expect(reachedDocument).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(textarea());
  });

  it('closes the emoji picker, not the box', async () => {
    render(false);
    const emoji = container.querySelector('button[aria-label="emoji"]') as HTMLButtonElement;
    await act(async () => {
      emoji.click();
      await import('../../../widget-element/box/EmojiPicker');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container.querySelector('.emoji-grid button')).not.toBeNull();
    pressEscape(container.querySelector('.emoji-grid button') as HTMLElement);
    expect(container.querySelector('.emoji-picker')).toBeNull();
    expect(emoji.getAttribute('aria-expanded')).toBe('false');
    expect(reachedDocument).not.toHaveBeenCalled();
  });

  it('lets Escape through to close the box when nothing is open over the input', () => {
    render(false);
    pressEscape(textarea());
    expect(reachedDocument).toHaveBeenCalledTimes(1);
  });

  it('shows one thing over the input at a time, and no picker over the notice of a refused file', async () => {
    render(true);
    const emoji = container.querySelector('button[aria-label="emoji"]') as HTMLButtonElement;
    await act(async () => {
      emoji.click();
      await import('../../../widget-element/box/EmojiPicker');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container.querySelector('.emoji-grid')).not.toBeNull();
    expect(container.querySelector('.menu-drawer')).toBeNull();
    act(() => (container.querySelector('button[aria-label="attach"]') as HTMLButtonElement).click());
    expect(container.querySelector('.emoji-picker')).toBeNull();
    act(() => (container.querySelector('.menu-toggle') as HTMLButtonElement).click());
    expect(container.querySelector('.menu-drawer')).not.toBeNull();
  });

  it('hands every picked file on, so more than 5 are refused with a notice, not silently dropped', () => {
    render(false);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const files = Array.from({ length: 7 }, (_, i) => new File(['x'], `f${i + 1}.pdf`));
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(controller.sendFiles).toHaveBeenCalledTimes(1);
    expect(controller.sendFiles.mock.calls[0][0].map((f: File) => f.name)).toEqual(files.map((f) => f.name));
  });

  it('takes no more text than the server accepts, typed or pasted, and cuts no emoji in half', () => {
    render(false, 'a'.repeat(WIDGET_TEXT_MAX - 3));
    expect(textarea().maxLength).toBe(WIDGET_TEXT_MAX);
    textarea().setSelectionRange(WIDGET_TEXT_MAX - 3, WIDGET_TEXT_MAX - 3);
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.assign(paste, { clipboardData: { getData: () => 'xy😀z' } });
    act(() => {
      textarea().dispatchEvent(paste);
    });
    expect(controller.setDraft).toHaveBeenLastCalledWith(`${'a'.repeat(WIDGET_TEXT_MAX - 3)}xy`);
  });
});
