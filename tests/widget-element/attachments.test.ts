// A sent file shows once: when the upload is done its message takes the upload row's place at once
// (the finished row, still saying "Uploading <name>", used to linger 2.5 s under the file's card).
// Several picked at once upload 4 at a time and are shown and sent in the order picked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendAttachment, sendAttachments } from '../../widget-element/box/attachments';
import type { BoxState, Controller } from '../../widget-element/box/controller';
import { createStore } from '../../widget-element/box/store';
import { loadLocale, localMessage, translator } from '../../widget-element/box/texts';

const upload = vi.hoisted(() => ({ status: 200, held: false }));
/** Uploads under way while `held`: each finishes when the test says, with the status given. */
const waiting = vi.hoisted(() => [] as { name: string; finish(status: number): void }[]);
const answer = (status: number, name: string) =>
  status === 200
    ? Promise.resolve({
        id: name,
        url: `https://files.example.com/${name}`,
        name,
        type: 'application/pdf',
        size: 15,
        category: 'file',
      })
    : Promise.reject(
        new (class extends Error {
          status = status;
        })(''),
      );
vi.mock('../../widget-element/box/upload', async (original) => ({
  ...(await original<typeof import('../../widget-element/box/upload')>()),
  readResolution: async () => null,
  uploadFile: (_url: string, _headers: unknown, file: File) => {
    if (!upload.held) return { done: answer(upload.status, 'report.pdf'), cancel() {} };
    let finish!: (status: number) => void;
    const done = new Promise((resolve) => {
      finish = (status) => resolve(answer(status, file.name));
    });
    waiting.push({ name: file.name, finish });
    return { done, cancel() {} };
  },
}));

beforeEach(() => {
  upload.held = false;
  waiting.length = 0;
});

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
    const sent = sendAttachment(c, pdf());
    await vi.advanceTimersByTimeAsync(0);
    expect(c.state.uploads).toMatchObject([{ name: 'report.pdf', state: 'fail', progress: 0 }]);
    expect(c.state.messages).toEqual([]);
    await vi.advanceTimersByTimeAsync(2500);
    await sent;
    expect(c.state.uploads).toEqual([]);
  });
});

// Spec 9: uploads and file sends in groups of 4. Several files picked at once all uploaded at once,
// and each file's message came when its upload finished, so a small file picked last came first.
describe('several files picked at once', () => {
  beforeEach(() => {
    upload.held = true;
  });
  const named = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  const picked = (n: number) => Array.from({ length: n }, (_, i) => named(`f${i + 1}.pdf`));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const fileName = (m: { items?: unknown[] } | undefined) =>
    (m?.items?.[0] as { fileName?: string })?.fileName;
  const shown = (c: Controller) => c.state.messages.map(fileName);
  const sentNames = (c: Controller) =>
    (c.deliver as ReturnType<typeof vi.fn>).mock.calls.map((call) =>
      fileName(c.state.messages.find((m) => m.temp_id === call[0])),
    );

  it('uploads at most 4 at a time; the next starts when one finishes', async () => {
    const { c } = fakeController();
    const done = sendAttachments(c, picked(5));
    await settle();
    expect(waiting.map((w) => w.name)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf']);
    // Every file has its row at once, in the order picked; the fifth waits (and may be cancelled).
    expect(c.state.uploads.map((u) => [u.name, u.state])).toEqual([
      ['f1.pdf', 'sending'],
      ['f2.pdf', 'sending'],
      ['f3.pdf', 'sending'],
      ['f4.pdf', 'sending'],
      ['f5.pdf', 'prepare'],
    ]);
    waiting[2].finish(200);
    await settle();
    expect(waiting.map((w) => w.name)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf', 'f5.pdf']);
    for (const w of waiting) w.finish(200);
    await done;
    expect(shown(c)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf', 'f5.pdf']);
  });

  it('cancels a file still waiting for its place at once, and never uploads it', async () => {
    vi.useFakeTimers();
    const { c } = fakeController();
    // Five, then one more picked while they upload: the fifth and sixth wait.
    const first = sendAttachments(c, picked(5));
    await vi.advanceTimersByTimeAsync(0);
    const second = sendAttachments(c, [named('f6.pdf')]);
    await vi.advanceTimersByTimeAsync(0);
    const done = Promise.all([first, second]);
    c.handles.get(c.state.uploads[4].tempId)?.cancel();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.state.uploads.slice(4).map((u) => [u.name, u.state])).toEqual([
      ['f5.pdf', 'cancel'],
      ['f6.pdf', 'prepare'],
    ]);
    waiting[0].finish(200);
    await vi.advanceTimersByTimeAsync(0);
    // Its place went to the sixth.
    expect(waiting.map((w) => w.name)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf', 'f6.pdf']);
    for (const w of waiting.slice(1)) w.finish(200);
    await vi.advanceTimersByTimeAsync(2500);
    await done;
    expect(shown(c)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf', 'f6.pdf']);
  });

  it('shows and sends the messages in the order picked, whichever upload finishes first', async () => {
    const { c } = fakeController();
    const done = sendAttachments(c, picked(3));
    await settle();
    waiting[2].finish(200);
    waiting[1].finish(200);
    await settle();
    // Finished, but the first file is still uploading: nothing is shown ahead of it.
    expect(c.state.messages).toEqual([]);
    expect(c.state.uploads.map((u) => [u.name, u.state])).toEqual([
      ['f1.pdf', 'sending'],
      ['f2.pdf', 'success'],
      ['f3.pdf', 'success'],
    ]);
    waiting[0].finish(200);
    await done;
    expect(shown(c)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf']);
    expect(sentNames(c)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf']);
    expect(c.state.uploads).toEqual([]);
  });

  it('keeps a failed one in its place, marked, before the files picked after it', async () => {
    vi.useFakeTimers();
    const { c } = fakeController();
    const done = sendAttachments(c, picked(3));
    await vi.advanceTimersByTimeAsync(0);
    waiting[2].finish(200);
    waiting[1].finish(500);
    waiting[0].finish(200);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(c)).toEqual(['f1.pdf']);
    expect(c.state.uploads.map((u) => [u.name, u.state])).toEqual([
      ['f2.pdf', 'fail'],
      ['f3.pdf', 'success'],
    ]);
    await vi.advanceTimersByTimeAsync(2500);
    await done;
    expect(shown(c)).toEqual(['f1.pdf', 'f3.pdf']);
    expect(c.state.uploads).toEqual([]);
  });

  it('tells the visitor, in their language, when more than 5 files were picked', async () => {
    const { c } = fakeController();
    const done = sendAttachments(c, picked(7));
    await settle();
    expect(c.state.uploads.map((u) => u.name)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf', 'f5.pdf']);
    const notice = c.state.notice!;
    expect(notice.title).toBe('warningTitle');
    expect(localMessage(translator('en'), notice.text, notice.params)).toBe(
      'You can send up to 5 files at a time: only the first 5 were sent.',
    );
    await loadLocale('th');
    expect(localMessage(translator('th'), notice.text, notice.params)).toBe(
      'ส่งไฟล์ได้ครั้งละไม่เกิน 5 ไฟล์ จึงส่งเฉพาะ 5 ไฟล์แรก',
    );
    for (const w of waiting) w.finish(200);
    await settle();
    waiting[4].finish(200);
    await done;
  });
});
