// Spec 5 'Leave without saving': while there are unsaved changes, following a link in the console,
// closing or reloading the tab asks first. The editor's own buttons go through `leave`.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { t } from '../app/i18n';
import { ConfirmDialog } from './Dialog';

export function useLeaveGuard(isDirty: () => boolean) {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<string | null>(null);
  const check = useRef(isDirty);
  check.current = isDirty;

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!check.current()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    // Capture phase on the document runs before the router's own link handling.
    const onClick = (e: MouseEvent) => {
      if (!check.current() || e.defaultPrevented || e.button !== 0) return;
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(`${url.pathname}${url.search}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  const leave = (to: string) => {
    if (check.current()) setPending(to);
    else navigate(to);
  };

  const dialog = pending ? (
    <ConfirmDialog
      title={t('templates.leave.title')}
      text={t('templates.leave.text')}
      safe
      onNo={() => setPending(null)}
      onYes={() => {
        const to = pending;
        check.current = () => false;
        setPending(null);
        navigate(to);
      }}
    />
  ) : null;

  return { leave, dialog };
}
