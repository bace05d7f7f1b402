// The agent chat inbox (spec 2): chat list, message pane with composer, contact sidebar (320 px).
import './live.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { ChatListPanel } from './ChatListPanel';
import { ContactSidebar } from './ContactSidebar';
import { openChatById } from './chatActions';
import { Lightbox } from './Lightbox';
import { loadFirstPage, loadMasterData } from './listActions';
import { MessagePane } from './MessagePane';
import { Notice } from './Notice';
import { markOpenStart, perfOn } from './perf';
import { keepInbox, useInboxShown } from './preload';
import { bindRealtime } from './realtime';
import { filterKey, selected, sidebarOpen } from './state';

bindRealtime();

export default function LivePage({ titleKey }: PageProps) {
  useSignals();
  const key = filterKey.value;
  // Kept hidden under the other screens (app/App.tsx), the inbox fetches afresh each time it shows.
  const shown = useInboxShown();
  useEffect(() => {
    keepInbox.value = true;
  }, []);
  useEffect(() => {
    if (shown) void loadMasterData();
  }, [shown]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter key means a new list
  useEffect(() => {
    if (key && shown) void loadFirstPage({ opening: true });
  }, [key, shown]);
  // Another screen links to one chat (/live?follower=…): open it, then keep the plain address.
  const [path, navigate] = useLocation();
  const linked = new URLSearchParams(useSearch()).get('follower');
  useEffect(() => {
    if (!linked || !shown) return;
    void openChatById(linked);
    navigate(path, { replace: true });
  }, [linked, path, navigate, shown]);
  useEffect(() => {
    // The bench's hooks load a second later, outside the opening the bench measures.
    if (!perfOn) return;
    const timer = setTimeout(() => void import('./benchHooks').then((m) => m.installBenchHooks()), 1000);
    return () => clearTimeout(timer);
  }, []);
  const open = selected.value !== null;
  return (
    <div
      className={`live-page${open ? ' has-chat' : ''}${open && sidebarOpen.value ? ' with-sidebar' : ''}`}
      data-testid="live-page"
    >
      <OpenMark shown={shown} />
      <ChatListPanel title={t(titleKey)} />
      <MessagePane />
      {open && sidebarOpen.value ? <ContactSidebar /> : null}
      <Lightbox />
      <Notice />
    </div>
  );
}

/**
 * Marks the inbox's opening for the bench (perf.ts) each time it is shown: first in the page, its
 * layout effect runs before the list's, on the first showing and on each return from another screen.
 */
function OpenMark({ shown }: { shown: boolean }) {
  useLayoutEffect(() => {
    if (shown) markOpenStart();
  }, [shown]);
  return null;
}
