// Full-size images of the open chat, one at a time, with previous/next and Escape to close.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { t } from '../app/i18n';
import { useInboxShown } from './preload';
import { lightbox } from './state';

export function Lightbox() {
  useSignals();
  const box = lightbox.value;
  const closeRef = useRef<HTMLButtonElement>(null);
  const isOpen = box !== null;
  // Its keys while it shows; kept open under another screen (app/App.tsx), it takes none there.
  const shown = useInboxShown();
  useEffect(() => {
    if (!isOpen || !shown) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      const current = lightbox.value;
      if (!current) return;
      if (e.key === 'Escape') lightbox.value = null;
      if (e.key === 'ArrowLeft' && current.index > 0)
        lightbox.value = { ...current, index: current.index - 1 };
      if (e.key === 'ArrowRight' && current.index < current.sources.length - 1)
        lightbox.value = { ...current, index: current.index + 1 };
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen, shown]);
  if (!box) return null;
  const source = box.sources[box.index];
  return (
    <div
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={t('live.imageViewer')}
      data-testid="lightbox"
    >
      <button
        type="button"
        className="lightbox-backdrop"
        aria-label={t('live.close')}
        onClick={() => (lightbox.value = null)}
      />
      <img src={source.url} alt={source.name ?? t('live.item.image')} />
      <div className="lightbox-bar">
        <button
          type="button"
          disabled={box.index === 0}
          onClick={() => (lightbox.value = { ...box, index: box.index - 1 })}
        >
          {t('live.previous')}
        </button>
        <span>
          {box.index + 1} / {box.sources.length}
        </span>
        <button
          type="button"
          disabled={box.index >= box.sources.length - 1}
          onClick={() => (lightbox.value = { ...box, index: box.index + 1 })}
        >
          {t('live.next')}
        </button>
        <a href={source.url} target="_blank" rel="noopener noreferrer">
          {t('live.openOriginal')}
        </a>
        <button type="button" ref={closeRef} onClick={() => (lightbox.value = null)}>
          {t('live.close')}
        </button>
      </div>
    </div>
  );
}
