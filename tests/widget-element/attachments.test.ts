// A sent file shows once: when the upload is done its message takes the upload row's place at once
// (the finished row, still saying "Uploading <name>", used to linger 2.5 s under the file's card).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendAttachment } from '../../widget-element/box/attachments';
import type { BoxState, Controller } from '../../widget-element/box/controller';
import { createStore } from '../../widget-element/box/store';

const upload = vi.hoisted(() => ({ status: 200 }));
vi.mock('../../widget-element/box/upload', async (original) => ({
  ...(await original<typeof import('../../widget-element/box/upload')>()),
  readResolution: async () => null,
  uploadFile: () => ({
    done:
      upload.status === 200
        ? Promise.resolve({
            id: 'f1',
            url: 'https://files.example.com/report.pdf',
            name: 'report.pdf',
            type: 'application/pdf',
            size: 15,
            category: 'file',
          })
        : Promise.reject(
            new (class extends Error {
              status = upload.status;
            })(''),
          ),
    cancel() {},
  }),
}));

afterEach(() => {
  upload.status = 200;
  vi.useRealTimers();
});

function fakeController() {
  const store = createStore({ messages: [], uploads: [], notice: null } as unknown as BoxState);
  const seen: number[] = [];
  store.subscribe(() => seen.push(store.get().uploads.length + store.get().messages.length));
  const c = {
    store,
    get state() {
      return store.get();
    },
    host: { server: 'http://localhost', widgetId: 'w1' },
    handles: new Map(),
    ensureSession: async () => 'token',
    deliver: vi.fn(async () => {}),
  };
  return { c: c as unknown as Controller, seen };
}

const pdf = () => new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' });

describe('widget file send', () => {
  it('replaces the upload row with the file message, never showing both', async () => {
    vi.useFakeTimers();
    const { c, seen } = fakeController();
    await sendAttachment(c, pdf());
    expect(c.state.uploads).toEqual([]);
    expect(c.state.messages).toHaveLength(1);
    expect(c.state.messages[0].items?.[0]).toMatchObject({ type: 'file', fileName: 'report.pdf' });
    // At no point were the upload row and the message listed together.
    expect(Math.max(...seen)).toBe(1);
    expect(c.deliver).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed upload in view, marked, until it fades', async () => {
    vi.useFakeTimers();
    const { c } = fakeController();
    upload.status = 500;
    await sendAttachment(c, pdf());
    expect(c.state.uploads).toMatchObject([{ name: 'report.pdf', state: 'fail', progress: 0 }]);
    expect(c.state.messages).toEqual([]);
    vi.advanceTimersByTime(2500);
    expect(c.state.uploads).toEqual([]);
  });
});
