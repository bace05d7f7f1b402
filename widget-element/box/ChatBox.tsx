// The chat box: header (logo, brand label, description), welcome text, greeting, the conversation
// with date separators, ice breakers, quick replies, the menu drawer, the pre-chat form and the
// reply input. It draws what the controller holds and nothing else.
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { messageRows } from '../../core/chat/messageRows';
import { formatTime } from '../../core/format/dates';
import { fillGreeting } from '../../core/format/greeting';
import type { PreChatField, WidgetMenu } from '../../core/models/widget';
import type { ChatWidgetElement } from '../index';
import { actionRunner } from './actions';
import css from './box.css';
import { Composer } from './Composer';
import { controllerOf } from './controller';
import { type ChatMessage, currentQuickReplies } from './conversation';
import { safeMediaUrl } from './links';
import { MessageView } from './MessageView';
import { loadLocale, localeReady, localMessage, translator } from './texts';

export interface ChatBoxProps {
  /** r2wc passes the box's own shadow root; its host sits inside the <chat-widget>'s shadow root. */
  container: ShadowRoot;
}

function widgetOf(container: ShadowRoot): ChatWidgetElement {
  return (container.host.getRootNode() as ShadowRoot).host as ChatWidgetElement;
}

const loadForm = () => import('./PreChatForm');
const PreChatForm = lazy(loadForm);
// Needed only after an agent closes the chat, so it is not part of the opened box.
const RatingCard = lazy(() => import('./RatingCard').then((m) => ({ default: m.RatingCard })));

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const RICH = new Set(['image', 'video', 'sticker', 'flex', 'cards', 'file']);

/** Re-renders when the element's attributes or saved settings change, or Thai strings arrive. */
function useHostChanges(host: ChatWidgetElement) {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const events = ['chat-widget:attributes', 'chat-widget:info', 'chat-widget:user'];
    for (const e of events) host.addEventListener(e, bump);
    return () => {
      for (const e of events) host.removeEventListener(e, bump);
    };
  }, [host]);
  const locale = host.locale;
  useEffect(() => {
    if (!localeReady(locale)) loadLocale(locale).then(bump, () => {});
  }, [locale]);
}

export function ChatBox({ container }: ChatBoxProps) {
  const host = widgetOf(container);
  useHostChanges(host);
  const controller = controllerOf(host);
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.get);
  const ready = localeReady(host.locale);
  const t = useMemo(() => translator(ready ? host.locale : 'en'), [host.locale, ready]);
  const onAction = useMemo(() => actionRunner(controller), [controller]);
  const info = (host.info ?? {}) as Record<string, unknown>;
  const fullPage = host.hasAttribute('full-page');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const menu = (state.menu ?? (info.menu as WidgetMenu | null)) || null;
  const [menuOpen, setMenuOpen] = useState(false);
  // The greeting's {date} and {time} say when the box was opened; they do not tick while chatting.
  const [openedAt] = useState(() => new Date());

  const fields = (
    Array.isArray(info.pre_chat_form_fields) ? info.pre_chat_form_fields : []
  ) as PreChatField[];
  const needsForm = info.chat_form === true && fields.length > 0 && !state.profile.form_done;
  const empty = state.messages.length === 0;

  useEffect(() => {
    const opened = () => {
      void controller.opened();
      requestAnimationFrame(() => {
        const target =
          container.querySelector<HTMLElement>('.prechat input, .prechat textarea') ?? inputRef.current;
        (target ?? closeRef.current)?.focus();
      });
    };
    opened();
    host.addEventListener('chat-widget:open', opened);
    return () => host.removeEventListener('chat-widget:open', opened);
  }, [host, controller, container]);

  useEffect(() => {
    if (menu?.isQuickStart && empty) setMenuOpen(true);
  }, [menu?.isQuickStart, empty]);

  // Newest message in view whenever one arrives (not when older ones are loaded above: those are
  // what the visitor asked to read), and while it is in view, when a row grows after it is drawn
  // (a card's code or an image arriving later): the bottom stays in view.
  const last = state.messages.at(-1);
  const newest = `${last ? last.temp_id || last.id : ''}/${state.uploads.length}`;
  const atBottom = useRef(true);
  const rowsSeen = useRef<ResizeObserver | null>(null);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body || !newest) return;
    body.scrollTop = body.scrollHeight;
    atBottom.current = true;
    if (typeof ResizeObserver === 'undefined') return;
    rowsSeen.current ??= new ResizeObserver(() => {
      if (atBottom.current) body.scrollTop = body.scrollHeight;
    });
    for (const row of body.children) rowsSeen.current.observe(row);
  }, [newest]);
  useEffect(() => () => rowsSeen.current?.disconnect(), []);
  const onBodyScroll = () => {
    const body = bodyRef.current;
    if (body) atBottom.current = body.scrollHeight - body.scrollTop - body.clientHeight < 24;
  };

  const greeting = str(info.greeting_message)
    ? fillGreeting(info.greeting_message, {
        accountName: str(info.account_name) || str(info.brand_label),
        displayName: state.profile.name || host.user.name || '',
        // A form key the visitor left blank is empty, not shown as '{key}' (spec 9 form keys).
        form: { ...Object.fromEntries(fields.map((f) => [f.key, ''])), ...state.profile.form },
        now: openedAt,
      })
    : '';
  const iceBreakers = (Array.isArray(info.ice_breakers) ? info.ice_breakers : []).filter(
    (s): s is string => typeof s === 'string' && s.trim() !== '',
  );
  const quickReplies = currentQuickReplies(state.messages);
  const rows = messageRows(
    state.messages.map((m) => ({
      type: m.from === 'visitor' ? ('question' as const) : ('reply' as const),
      timestamp: m.timestamp,
      from_type: m.from,
      from_id: m.name ?? null,
      m,
    })),
  );
  // Spec 3: the header shows the logo, the brand label and the description; a header text that
  // differs from the brand label is the title, with the brand label above it.
  const brand = str(info.brand_label).trim();
  const title = str(info.header).trim() || brand;
  const logo = safeMediaUrl(info.logo);
  const classes = [
    'box',
    host.getAttribute('position') === 'bottom-left' ? 'left' : '',
    fullPage ? 'full' : '',
  ]
    .filter(Boolean)
    .join(' ');

  const senderName = (m: ChatMessage) =>
    m.from === 'bot' ? m.name || t('bot') : m.from === 'agent' ? m.name || t('agent') : t('you');

  return (
    <section className={classes} role="dialog" aria-label={title || t('pageTitle')} lang={host.locale}>
      <style>{css}</style>
      <header className="header">
        {logo ? <img className="logo" src={logo} alt="" /> : null}
        <div className="titles">
          {brand && brand !== title ? <span className="brand">{brand}</span> : null}
          <strong className="title">{title}</strong>
          {str(info.description) ? <small className="description">{str(info.description)}</small> : null}
        </div>
        {!empty ? (
          <button type="button" className="head-btn" onClick={() => controller.newConversation()}>
            {t('newConversation')}
          </button>
        ) : null}
        {fullPage ? null : (
          <button
            ref={closeRef}
            type="button"
            className="close"
            aria-label={t('closeChat')}
            onClick={() => host.close()}
          >
            ×
          </button>
        )}
      </header>
      {state.connection === 'offline' ? (
        <p className="banner" role="status">
          {t('reconnecting')}
        </p>
      ) : null}
      <div
        className="body"
        ref={bodyRef}
        role="log"
        aria-label={t('conversation')}
        aria-live="polite"
        onScroll={onBodyScroll}
      >
        {str(info.welcome_message) ? <p className="welcome">{str(info.welcome_message)}</p> : null}
        {greeting && !needsForm ? (
          <div className="row agent">
            <div className="bubble greeting">
              <p className="text">{greeting}</p>
            </div>
          </div>
        ) : null}
        {state.olderAvailable ? (
          <button type="button" className="older" onClick={() => void controller.loadOlder().catch(() => {})}>
            {t('loadOlder')}
          </button>
        ) : null}
        {rows.map((row) =>
          row.kind === 'divider' ? (
            <div className="divider" key={`d${row.day}`}>
              <span>{row.label}</span>
            </div>
          ) : (
            <div
              key={row.message.m.temp_id || row.message.m.id}
              className={`row ${row.message.m.from === 'visitor' ? 'me' : 'agent'}`}
              data-status={row.message.m.statusSendMessage || undefined}
            >
              {row.showAvatar && row.message.m.from !== 'visitor' ? (
                <span className="sender">{senderName(row.message.m)}</span>
              ) : null}
              <div className={`bubble${RICH.has(row.message.m.items?.[0]?.type ?? '') ? ' rich' : ''}`}>
                <MessageView message={row.message.m} t={t} onAction={onAction} />
              </div>
              {row.message.m.statusSendMessage === 'fail' ? (
                <span className="status fail">
                  {t('failed')}
                  <button
                    type="button"
                    className="resend"
                    onClick={() => void controller.resend(row.message.m.temp_id ?? '')}
                  >
                    {t('resend')}
                  </button>
                </span>
              ) : row.message.m.statusSendMessage === 'wait_socket' ? (
                <span className="status">{t('sending')}</span>
              ) : row.showTime ? (
                <time className="time">{formatTime(row.message.m.timestamp * 1000)}</time>
              ) : null}
            </div>
          ),
        )}
        {state.uploads.map((u) => (
          <div className="row me" key={u.tempId}>
            <div className={`upload ${u.state}`}>
              <span>{t('uploading', { name: u.name })}</span>
              <progress max={100} value={u.progress} aria-label={u.name} />
              {u.state === 'sending' || u.state === 'prepare' ? (
                <button type="button" onClick={() => controller.cancelUpload(u.tempId)}>
                  {t('cancel')}
                </button>
              ) : u.state === 'cancel' ? (
                <small>{t('uploadCancelled')}</small>
              ) : u.state === 'fail' ? (
                <small>{t('failed')}</small>
              ) : null}
            </div>
          </div>
        ))}
        {state.ended ? <p className="ended">{t('chatEnded')}</p> : null}
        {state.ended && state.rating ? (
          <Suspense fallback={null}>
            <RatingCard
              key={state.rating.livechatId ?? ''}
              prompt={state.rating}
              controller={controller}
              t={t}
            />
          </Suspense>
        ) : null}
        {empty && !needsForm && iceBreakers.length ? (
          <fieldset className="chips ice">
            <legend>{t('iceBreakers')}</legend>
            {iceBreakers.map((text) => (
              <button key={text} type="button" onClick={() => void controller.send(text)}>
                {text}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
      {state.notice ? (
        <div className="notice" role="alert">
          {state.notice.title ? <strong>{t(state.notice.title)}</strong> : null}
          <span>{localMessage(t, state.notice.text, state.notice.params)}</span>
          <button type="button" aria-label={t('dismiss')} onClick={() => controller.dismissNotice()}>
            ×
          </button>
        </div>
      ) : null}
      {needsForm ? (
        <Suspense fallback={null}>
          <PreChatForm fields={fields} controller={controller} t={t} initial={state.profile.form} />
        </Suspense>
      ) : (
        <>
          {quickReplies.length ? (
            <fieldset className="chips quick">
              <legend className="sr">{t('quickReplies')}</legend>
              {quickReplies.map((q) => (
                <button
                  key={q.label}
                  type="button"
                  onClick={() =>
                    onAction({ type: q.kind, text: q.text, data: q.data, uri: q.uri, displayText: q.text })
                  }
                >
                  {q.label}
                </button>
              ))}
            </fieldset>
          ) : null}
          <Composer
            controller={controller}
            draft={state.draft}
            menu={menu}
            menuOpen={menuOpen}
            setMenuOpen={setMenuOpen}
            onAction={onAction}
            t={t}
            inputRef={inputRef}
          />
        </>
      )}
    </section>
  );
}
