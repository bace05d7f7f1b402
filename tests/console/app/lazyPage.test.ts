// Spec 2 and 8: a failed code-part load ('Loading chunk N failed') reloads the page, on the chat
// tab at most once per 60 seconds (elsewhere once per 10 s), so a broken release cannot loop.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CHAT_TAB_RELOAD_GAP_MS,
  isChatTab,
  isChunkError,
  reloadAfterChunkError,
} from '../../../console/app/lazyPage';

beforeEach(() => sessionStorage.clear());

describe('which failures are chunk loads', () => {
  it.each([
    ['Loading chunk 42 failed.', true],
    ['Failed to fetch dynamically imported module: /assets/LivePage-x.js', true],
    ['Importing a module script failed.', true],
    ['Cannot read properties of undefined', false],
  ])('%s → %s', (message, chunk) => expect(isChunkError(new Error(message))).toBe(chunk));
});

describe('reload at most once per 60 s on the chat tab', () => {
  it.each([
    ['/live', true],
    ['/th/live', true],
    ['/live/', true],
    ['/dashboard', false],
    ['/contact-list', false],
    ['/lively', false],
  ])('%s is the chat tab: %s', (path, chat) => expect(isChatTab(path)).toBe(chat));

  it('reloads, then not again until 60 s have passed', () => {
    const reloads: number[] = [];
    const at = (now: number) => reloadAfterChunkError(true, now, () => reloads.push(now));
    const t0 = 1_000_000;
    expect(at(t0)).toBe(true);
    expect(at(t0 + 1_000)).toBe(false);
    expect(at(t0 + CHAT_TAB_RELOAD_GAP_MS - 1)).toBe(false);
    expect(at(t0 + CHAT_TAB_RELOAD_GAP_MS)).toBe(true);
    expect(reloads).toEqual([t0, t0 + CHAT_TAB_RELOAD_GAP_MS]);
  });

  it('other pages may reload after 10 s', () => {
    const reloads: number[] = [];
    const at = (now: number) => reloadAfterChunkError(false, now, () => reloads.push(now));
    expect(at(5_000_000)).toBe(true);
    expect(at(5_009_999)).toBe(false);
    expect(at(5_010_000)).toBe(true);
    expect(reloads).toHaveLength(2);
  });
});
