// A short message at the bottom of the inbox (failed actions, refused files); closes by itself.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { t } from '../app/i18n';
import { notice } from './state';

export function Notice() {
  useSignals();
  const n = notice.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  useEffect(() => {
    if (!n) return;
    const timer = setTimeout(() => {
      if (notice.value === n) notice.value = null;
    }, 6000);
    return () => clearTimeout(timer);
  }, [n]);
  if (!n) return null;
  const text = n.text.startsWith('live.') ? t(n.text) : n.text;
  return (
    <div className={`live-notice ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
      <span>{text}</span>
      <button
        type="button"
        className="icon-button"
        aria-label={t('live.close')}
        onClick={() => (notice.value = null)}
      >
        ×
      </button>
    </div>
  );
}
