// The media library page (spec 2): /media, in the settings menu.
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo } from 'react';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { MediaLibrary } from './MediaLibrary';
import { createMediaState } from './state';
import './media.css';

export default function MediaPage({ titleKey }: PageProps) {
  useSignals();
  const state = useMemo(() => createMediaState({ accept: 'any' }), []);
  return (
    <div className="media-page">
      <PageHeader title={t(titleKey)} />
      <MediaLibrary state={state} mode="page" />
    </div>
  );
}
