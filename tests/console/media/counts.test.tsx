// Spec 9: numbers carry thousands commas, also the media library's file counts.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { FolderItem } from '../../../console/media/calls';
import { FolderTree } from '../../../console/media/FolderTree';
import { createMediaState } from '../../../console/media/state';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

describe('media counts', () => {
  it('shows a folder holding 12,345 files with a thousands comma', () => {
    const state = createMediaState({ accept: 'any' });
    state.folders.value = [
      {
        folderId: 'f1',
        folderame: 'Shop',
        is_default: false,
        parent_id: null,
        file_count: 12345,
        subfolders: [],
      } as unknown as FolderItem,
    ];
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() =>
      root.render(<FolderTree state={state} actions={{ create() {}, rename() {}, remove() {} }} manage />),
    );
    expect(container.querySelector('.media-folder-count')?.textContent).toBe('12,345');
    act(() => root.unmount());
  });
});
