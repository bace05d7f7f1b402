// "Load more" asks for the next page by how many files are shown; when a file was uploaded in
// between (newest first), the next page starts with the last file already shown. It must not show twice.
import { describe, expect, it, vi } from 'vitest';
import type { LibraryFile } from '../../../console/media/calls';

const pages: { files: LibraryFile[]; total_count: number }[] = [];
vi.mock('../../../console/media/calls', () => ({
  getFiles: vi.fn(async () => pages.shift() ?? { files: [], total_count: 0 }),
  getFolders: vi.fn(async () => []),
  getDiskSpace: vi.fn(async () => null),
}));

const { createMediaState } = await import('../../../console/media/state');
const file = (id: string) => ({ id, name: `${id}.png` }) as LibraryFile;

describe('media load more', () => {
  it('does not show a file twice when the pages overlap', async () => {
    const state = createMediaState({ accept: 'any' });
    state.folderId.value = 'f1';
    pages.push({ files: [file('c'), file('b')], total_count: 3 });
    await state.loadFiles();
    // 'new' arrived meanwhile: skip 2 now starts at 'b'.
    pages.push({ files: [file('b'), file('a')], total_count: 4 });
    await state.loadFiles(true);
    expect(state.files.value.map((f) => f.id)).toEqual(['c', 'b', 'a']);
  });
});
