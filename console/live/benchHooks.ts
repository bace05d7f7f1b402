// Loaded only when timing is on (perf.ts): lets bench/console.ts load every conversation page by
// page, as scrolling to the end would, before it measures live updates.

import { loadMore } from './listActions';
import { listExhausted, lists, loadingMore } from './state';

declare global {
  interface Window {
    __liveBench?: { loadAll(limit: number): Promise<number>; loaded(): number };
  }
}

export function installBenchHooks() {
  window.__liveBench = {
    async loadAll(limit: number) {
      while (!listExhausted.value && lists.value.followers.length < limit) {
        if (loadingMore.value) await new Promise((r) => setTimeout(r, 5));
        else await loadMore();
      }
      return lists.value.followers.length + lists.value.pinned.length;
    },
    loaded: () => lists.value.followers.length + lists.value.pinned.length,
  };
}
