// What a page shows, loaded again whenever `deps` change: the last answer (kept while the next one
// loads), whether one is on its way, whether the last load failed, and `retry` for "Try again".
import { type DependencyList, useEffect, useState } from 'react';

export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide; attempt re-runs it.
  useEffect(() => {
    let live = true;
    setLoading(true);
    setFailed(false);
    load().then(
      (next) => {
        if (!live) return;
        setData(next);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, attempt]);
  return { data, loading, failed, retry: () => setAttempt((n) => n + 1) };
}
