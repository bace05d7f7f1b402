// The picker's selection follows spec 5's limits (1 single, a number a maximum, none unlimited),
// and a library that accepts one kind offers only that kind's extensions for upload.
import { describe, expect, it } from 'vitest';
import type { LibraryFile } from '../../../console/media/calls';
import { allowedFor } from '../../../console/media/MediaLibrary';
import { createMediaState } from '../../../console/media/state';

const file = (id: string) => ({ id, name: `${id}.png` }) as LibraryFile;

describe('media selection', () => {
  it('single: a new pick replaces the old one', () => {
    const state = createMediaState({ accept: 'image', limit: 1 });
    state.toggle(file('a'));
    state.toggle(file('b'));
    expect(state.selectedIds.value).toEqual(['b']);
    state.toggle(file('b'));
    expect(state.selectedIds.value).toEqual([]);
  });

  it('a number is a maximum: further picks are ignored', () => {
    const state = createMediaState({ accept: 'any', limit: 2 });
    for (const id of ['a', 'b', 'c']) state.toggle(file(id));
    expect(state.selectedIds.value).toEqual(['a', 'b']);
  });

  it('no limit: everything may be picked', () => {
    const state = createMediaState({ accept: 'any' });
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) state.toggle(file(id));
    expect(state.selected.value).toHaveLength(6);
  });
});

describe('allowedFor', () => {
  it.each([
    ['image', ['jpg', 'jpeg', 'gif', 'png', 'svg']],
    ['video', ['avi', 'mov', 'mkv', 'mp4']],
  ] as const)('%s', (accept, extensions) => {
    expect(allowedFor(accept)).toEqual(extensions);
  });

  it('documents are every other allowed extension; any is the whole list', () => {
    expect(allowedFor('file')).toContain('pdf');
    expect(allowedFor('file')).toContain('mp3');
    expect(allowedFor('file')).not.toContain('png');
    expect(allowedFor('any')).toHaveLength(21);
  });
});
