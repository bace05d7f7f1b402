// The media page's bulk move and delete act only on files on screen: opening another folder, or a
// search that hides a pick, drops it. A picker keeps picks from other folders and counts them.
// A library of one kind (an image picker) asks for folder counts of that kind.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryFile } from '../../../console/media/calls';

const pages: { files: LibraryFile[]; total_count: number }[] = [];
const getFolders = vi.fn(async (_type?: string) => []);
vi.mock('../../../console/media/calls', () => ({
  getFiles: vi.fn(async () => pages.shift() ?? { files: [], total_count: 0 }),
  getFolders: (type?: string) => getFolders(type),
  getDiskSpace: vi.fn(async () => null),
}));

const { createMediaState } = await import('../../../console/media/state');
const file = (id: string) => ({ id, name: `${id}.png` }) as LibraryFile;
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  pages.length = 0;
  getFolders.mockClear();
});

describe('media selection across lists', () => {
  it('the page drops picks when another folder opens', async () => {
    const state = createMediaState({ accept: 'any' });
    state.folderId.value = 'folderA';
    pages.push({ files: [file('a1'), file('a2')], total_count: 2 });
    await state.loadFiles();
    state.toggle(file('a1'));
    pages.push({ files: [file('b1')], total_count: 1 });
    state.openFolder('folderB');
    expect(state.selected.value).toEqual([]);
    await flush();
    expect(state.selected.value).toEqual([]);
  });

  it('the page drops picks a new search no longer lists', async () => {
    const state = createMediaState({ accept: 'any' });
    state.folderId.value = 'folderA';
    pages.push({ files: [file('a1'), file('a2')], total_count: 2 });
    await state.loadFiles();
    state.toggle(file('a1'));
    state.toggle(file('a2'));
    pages.push({ files: [file('a2')], total_count: 1 });
    state.search.value = 'a2';
    await state.loadFiles();
    expect(state.selectedIds.value).toEqual(['a2']);
  });

  it('a picker keeps picks from another folder and counts them as not in the list', async () => {
    const state = createMediaState({ accept: 'image', keepAcrossFolders: true });
    state.folderId.value = 'folderA';
    pages.push({ files: [file('a1')], total_count: 1 });
    await state.loadFiles();
    state.toggle(file('a1'));
    pages.push({ files: [file('b1')], total_count: 1 });
    state.openFolder('folderB');
    await flush();
    state.toggle(file('b1'));
    expect(state.selectedIds.value).toEqual(['a1', 'b1']);
    expect(state.selectedElsewhere.value.map((f) => f.id)).toEqual(['a1']);
  });

  it('an image library asks for folder counts of images; the page for every kind', async () => {
    await createMediaState({ accept: 'image' }).loadFolders();
    expect(getFolders).toHaveBeenLastCalledWith('image');
    await createMediaState({ accept: 'any' }).loadFolders();
    expect(getFolders).toHaveBeenLastCalledWith(undefined);
  });
});
