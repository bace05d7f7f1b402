import { useEffect, useRef } from 'react';
import type { ChatWidgetElement } from '../index';
import css from './box.css';

export interface ChatBoxProps {
  /** r2wc passes the box's own shadow root; its host sits inside the <chat-widget>'s shadow root. */
  container: ShadowRoot;
}

function widgetOf(container: ShadowRoot): ChatWidgetElement {
  return (container.host.getRootNode() as ShadowRoot).host as ChatWidgetElement;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The chat box: header with logo, brand label and description, then the conversation. */
export function ChatBox({ container }: ChatBoxProps) {
  const host = widgetOf(container);
  const closeRef = useRef<HTMLButtonElement>(null);
  const info = host.info ?? {};
  const texts = host.texts;
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') host.close();
    };
    host.addEventListener('keydown', onKey);
    return () => host.removeEventListener('keydown', onKey);
  }, [host]);
  const classes = [
    'box',
    host.getAttribute('position') === 'bottom-left' ? 'left' : '',
    host.hasAttribute('full-page') ? 'full' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const brand = str(info.brand_label) || str(info.header);
  return (
    <section className={classes} aria-label={brand || texts.pageTitle} role="dialog">
      <style>{css}</style>
      <header className="header">
        {str(info.logo) ? <img src={str(info.logo)} alt="" /> : null}
        <div className="titles">
          <strong>{brand}</strong>
          {str(info.description) ? <small>{str(info.description)}</small> : null}
        </div>
        {host.hasAttribute('full-page') ? null : (
          <button
            ref={closeRef}
            type="button"
            className="close"
            aria-label={texts.closeChat}
            onClick={() => host.close()}
          >
            ×
          </button>
        )}
      </header>
      <div className="body">
        {str(info.welcome_message) ? <p className="welcome">{str(info.welcome_message)}</p> : null}
      </div>
    </section>
  );
}
