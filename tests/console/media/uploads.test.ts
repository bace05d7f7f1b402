// Cancelling a file that still waits for its group of 4 shows it cancelled at once, not only when
// the group before it has finished (the list must not keep saying "Waiting" with a live cancel).
import { describe, expect, it, vi } from 'vitest';

const opened: { abort(): void; onabort?: () => void }[] = [];
vi.mock('../../../console/session/api', () => ({
  sessionXhr: () => {
    const xhr = {
      upload: {},
      send() {},
      abort() {
        xhr.onabort?.();
      },
      onabort: undefined as undefined | (() => void),
    };
    opened.push(xhr);
    return xhr;
  },
}));

const { cancelUpload, prepareEntries, uploadAll } = await import('../../../console/media/uploads');

describe('upload cancel', () => {
  it('marks a queued file cancelled as soon as the user cancels it', async () => {
    const picked = Array.from({ length: 5 }, (_, i) => ({
      tempId: `q${i}`,
      name: `f${i}.pdf`,
      size: 10,
      category: 'file' as const,
      type: 'application/pdf',
      extension: 'pdf',
      lastModified: 0,
      resolution: null,
      file: new File(['x'], `f${i}.pdf`),
    }));
    const entries = prepareEntries(picked, 'folder');
    const files = new Map(picked.map((p) => [p.tempId, p.file]));
    const seen = new Map<string, string>();
    const done = uploadAll(entries, files, { update: (e) => seen.set(e.tempId, e.state) });
    await vi.waitFor(() => expect(opened.length).toBe(4));
    expect(seen.get('q4')).toBeUndefined();

    cancelUpload('q4');
    expect(seen.get('q4')).toBe('cancel');

    for (const id of ['q0', 'q1', 'q2', 'q3']) cancelUpload(id);
    const finished = await done;
    expect(finished.map((e) => e.state)).toEqual(['cancel', 'cancel', 'cancel', 'cancel', 'cancel']);
    expect(opened.length).toBe(4);
  });
});
