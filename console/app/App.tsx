import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { localizePath, matchRoute, ROUTES } from '../../core/routes';
import { AppLayout } from '../layout/AppLayout';
import { InboxPage, InboxShown, keepInbox } from '../live/preload';
import { ErrorBoundary } from '../pages/ErrorPage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { canOpen, homePath } from '../session/access';
import { loadProfile, onSignedOut, profile, token } from '../session/state';
import { locale, localeFromCookie, t } from './i18n';
import { lazyPage, PageLoading } from './lazyPage';
import { type PageProps, pageFor } from './pages';

const InvitePage = lazyPage<PageProps>(() => import('../settings/InvitePage'));
const NoAccessPage = lazyPage<{ titleKey: string }>(() => import('../settings/NoAccessPage'));

/** The inbox's route, drawn here rather than through pages.ts (see below). */
const INBOX = 'live';
const INBOX_TITLE = ROUTES.find((r) => r.name === INBOX)?.title ?? 'title.chat';
const NO_PARAMS: Record<string, string> = {};

export function App() {
  useSignals();
  const [location, navigate] = useLocation();
  const match = matchRoute(location);
  const [profileError, setProfileError] = useState<string | null>(null);
  const [inboxFailed, setInboxFailed] = useState(false);
  const onInbox = match?.route.name === INBOX;
  useEffect(() => {
    if (!onInbox) setInboxFailed(false);
  }, [onInbox]);
  // The kept inbox (below) keeps its elements while hidden, and the browser would leave the
  // keyboard in them: typing would go on in a half-written reply, and Space or the arrows would
  // scroll its chat list. Leaving it for another screen by the browser's history (a click on the
  // menu takes the focus itself) hands the keyboard to that screen.
  const keptInbox = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!onInbox) return;
    // Runs as the inbox stops showing.
    return () => {
      const active = document.activeElement;
      if (!active || active === document.body || keptInbox.current?.contains(active))
        document.getElementById('main')?.focus({ preventScroll: true });
    };
  }, [onInbox]);

  // Signed out (or the session ended): the page loads again at the sign-in page, so nothing of the
  // last member's screens stays in memory for the next one (the kept inbox, its lists, caches).
  useEffect(() => {
    onSignedOut(() => window.location.replace(localizePath('/', locale.value)));
  }, []);

  // The address decides the language; the root page follows the remembered choice.
  const urlLocale = match?.locale ?? (location === '/th' || location.startsWith('/th/') ? 'th' : 'en');
  useEffect(() => {
    locale.value = urlLocale;
    document.documentElement.lang = urlLocale;
  }, [urlLocale]);
  useEffect(() => {
    if (location === '/' && localeFromCookie() === 'th') navigate('/th', { replace: true });
  }, [location, navigate]);

  const needsSession = Boolean(match && !match.route.public);
  const signedIn = Boolean(token.value);
  useEffect(() => {
    if (!signedIn || profile.value) return;
    loadProfile().catch((err: Error) => setProfileError(err.message));
  }, [signedIn]);

  useEffect(() => {
    if (!match) return;
    if (match.route.redirect) navigate(localizePath(match.route.redirect, match.locale), { replace: true });
    else if (needsSession && !signedIn) navigate(localizePath('/', match.locale), { replace: true });
    else if (match.route.name === 'login' && signedIn && profile.value)
      navigate(localizePath(homePath.value, match.locale), { replace: true });
  }, [match, needsSession, signedIn, navigate]);

  useEffect(() => {
    document.title =
      match && !match.route.standalone ? `${t(match.route.title)} · ${t('app.name')}` : t('notFound.title');
  });

  // A standalone page (the full-page widget) reaches the console only when the server found
  // nothing to show, e.g. a widget id that does not exist: that is a 404 too (spec 2).
  if (!match || match.route.standalone) return <NotFoundPage />;
  if (match.route.name === 'login') return signedIn && profile.value ? <PageLoading /> : <LoginPage />;
  if (match.route.name === 'invite')
    return (
      <Suspense fallback={<PageLoading />}>
        <InvitePage params={match.params} titleKey={match.route.title} />
      </Suspense>
    );
  if (!signedIn || match.route.redirect) return <PageLoading />;
  if (!profile.value)
    return profileError ? <ErrorBoundary.Fallback message={profileError} /> : <PageLoading />;

  const Page = pageFor(match.route.name);
  // The inbox stays drawn while another screen shows: going back to it shows what is there instead
  // of building it again. It is drawn in the background once its code and first page are in, so
  // even its first opening only shows it. One that failed is dropped, to start afresh.
  // Hidden, it lies under the other screen with `content-visibility: hidden` (layout.css): the
  // browser skips it but keeps its layout, so showing it again is a paint, not a new style and
  // layout of every element (display: none, as React's Activity hides, drops them). It stays
  // mounted and its effects run on; InboxShown tells it whether it shows.
  const inbox = canOpen(INBOX) && (onInbox || (keepInbox.value && !inboxFailed));
  return (
    <AppLayout>
      {inbox ? (
        <div ref={keptInbox} className={onInbox ? 'inbox-kept' : 'inbox-kept away'}>
          <InboxShown value={onInbox}>
            <ErrorBoundary onError={() => setInboxFailed(true)}>
              <Suspense fallback={<PageLoading />}>
                <InboxPage params={NO_PARAMS} titleKey={INBOX_TITLE} />
              </Suspense>
            </ErrorBoundary>
          </InboxShown>
        </div>
      ) : null}
      {inbox && onInbox ? null : (
        <ErrorBoundary key={match.route.name}>
          <Suspense fallback={<PageLoading />}>
            {canOpen(match.route.name) ? (
              <Page params={match.params} titleKey={match.route.title} />
            ) : (
              <NoAccessPage titleKey={match.route.title} />
            )}
          </Suspense>
        </ErrorBoundary>
      )}
    </AppLayout>
  );
}
