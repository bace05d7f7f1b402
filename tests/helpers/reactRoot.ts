// The React root a component test renders into (happy-dom): a fresh container in the page for each
// test, unmounted and removed after it, and the two steps most of these tests take.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface ReactRoot {
  /** Set before each test. */
  container: HTMLElement;
  root: Root;
}

/**
 * Call at a test file's top level. Hooks run in reverse order after a test, so register the file's
 * own clean-up (locale, signed-in profile) before this call: the root is unmounted first.
 */
export function renderRootPerTest(): ReactRoot {
  const view = {} as ReactRoot;
  beforeEach(() => {
    view.container = document.createElement('div');
    document.body.append(view.container);
    view.root = createRoot(view.container);
  });
  afterEach(() => {
    act(() => view.root.unmount());
    view.container.remove();
  });
  return view;
}

/** Lets promises and 0 ms timers the component started run, inside act. */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Types a value into an input, textarea or select as a user would: React hears the change. */
export function typeInto(element: Element, value: string) {
  const el = element as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
  act(() => {
    setter?.call(el, value);
    el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  });
}
