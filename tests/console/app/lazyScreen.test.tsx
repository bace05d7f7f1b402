// A screen whose code loads on demand (console/app/lazyPage.tsx): the loading text until the code
// is in, the screen in the render that follows, at once on every later visit, and a failed load in
// the page's error boundary. No Suspense boundary holds the screen back after its code arrived.
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../../console/app/lazyPage';
import { ErrorBoundary } from '../../../console/pages/ErrorPage';
import { renderRootPerTest, settle } from '../../helpers/reactRoot';

const view = renderRootPerTest();

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Screen({ name }: { name: string }) {
  return <h1>Screen {name}</h1>;
}

describe('lazyPage', () => {
  it('shows the loading text, then the screen with its props; a later visit shows it at once', async () => {
    const code = deferred<{ default: typeof Screen }>();
    const load = vi.fn(() => code.promise);
    const Page = lazyPage(load);
    act(() => view.root.render(<Page name="one" />));
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe('Loading…');

    await act(async () => code.resolve({ default: Screen }));
    expect(view.container.textContent).toBe('Screen one');

    act(() => view.root.render(<p>elsewhere</p>));
    act(() => view.root.render(<Page name="two" />));
    expect(view.container.textContent).toBe('Screen two');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('two mounts while loading share one load', async () => {
    const code = deferred<{ default: typeof Screen }>();
    const load = vi.fn(() => code.promise);
    const Page = lazyPage(load);
    act(() =>
      view.root.render(
        <>
          <Page name="a" />
          <Page name="b" />
        </>,
      ),
    );
    await act(async () => code.resolve({ default: Screen }));
    expect(view.container.textContent).toBe('Screen aScreen b');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a load that fails shows in the error boundary; the next visit loads again', async () => {
    const failing = deferred<{ default: typeof Screen }>();
    const load = vi
      .fn<() => Promise<{ default: typeof Screen }>>()
      .mockReturnValueOnce(failing.promise)
      .mockResolvedValueOnce({ default: Screen });
    const Page = lazyPage(load);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() =>
      view.root.render(
        <ErrorBoundary key="first">
          <Page name="x" />
        </ErrorBoundary>,
      ),
    );
    await act(async () => failing.reject(new Error('The server is down')));
    expect(view.container.textContent).toContain('The server is down');

    act(() =>
      view.root.render(
        <ErrorBoundary key="again">
          <Page name="y" />
        </ErrorBoundary>,
      ),
    );
    await settle();
    expect(view.container.textContent).toBe('Screen y');
    expect(load).toHaveBeenCalledTimes(2);
    vi.mocked(console.error).mockRestore();
  });
});
