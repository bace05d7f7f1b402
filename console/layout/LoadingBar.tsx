// The loading bar of spec 9 at the very top of the console (console/app/loadingBar.ts).
import { useSignals } from '@preact/signals-react/runtime';
import { loadingProgress } from '../app/loadingBar';

export function LoadingBar() {
  useSignals();
  const progress = loadingProgress.value;
  if (progress === null) return null;
  return (
    <div
      className={`loading-bar${progress >= 100 ? ' done' : ''}`}
      role="progressbar"
      aria-hidden="true"
      data-testid="loading-bar"
      style={{ width: `${progress}%` }}
    />
  );
}
