// The reply input with emoji, attachments and the widget menu. Enter sends, Shift+Enter breaks the
// line; blank text is not sent and pasted text is cleaned (spec 5). The draft survives reloads.
import { type ClipboardEvent, type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { WidgetMenu } from '../../core/models/widget';
import { cleanPastedText, isSendableText } from '../../core/validation/chatText';
import { WIDGET_TEXT_MAX } from '../../core/widget/message';
import type { OnAction } from './actions';
import type { Controller } from './controller';
import type { Translate } from './texts';

const loadEmoji = () => import('./EmojiPicker');
const EmojiPicker = lazy(loadEmoji);

const ACCEPT =
  '.jpg,.jpeg,.png,.svg,.avi,.mov,.mkv,.mp4,.mp3,.mid,.m4a,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.csv,.ai';

export function MenuDrawer({
  menu,
  onAction,
  onClose,
}: {
  menu: WidgetMenu;
  onAction: OnAction;
  onClose(): void;
}) {
  return (
    <div className="menu-drawer" role="menu" aria-label={menu.menuLabel}>
      {menu.buttons.map((b) => (
        <button
          key={b.id}
          type="button"
          role="menuitem"
          onClick={() => {
            onAction(
              {
                type: b.type,
                text: b.text || b.label,
                data: b.data,
                uri: b.uri,
                displayText: b.type === 'postback' ? b.label : undefined,
              },
              {
                menuId: menu.menuId,
                menuButtonId: b.id,
              },
            );
            onClose();
          }}
        >
          {b.label}
        </button>
      ))}
    </div>
  );
}

export function Composer({
  controller,
  draft,
  menu,
  menuOpen,
  setMenuOpen,
  onAction,
  t,
  inputRef,
}: {
  controller: Controller;
  draft: string;
  menu: WidgetMenu | null;
  menuOpen: boolean;
  setMenuOpen(open: boolean): void;
  onAction: OnAction;
  t: Translate;
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const [emojiOpen, setEmojiOpen] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const send = () => {
    if (!isSendableText(draft)) return;
    void controller.send(draft.trim());
    controller.setDraft('');
    setEmojiOpen(false);
    inputRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    e.preventDefault();
    insert(cleanPastedText(text));
  };
  const insert = (raw: string) => {
    const el = inputRef.current;
    const start = el?.selectionStart ?? draft.length;
    const end = el?.selectionEnd ?? draft.length;
    // Cut as the input's maxLength cuts what is typed (the server refuses a longer message), and
    // never through the middle of an emoji.
    const room = Math.max(0, WIDGET_TEXT_MAX - draft.length + (end - start));
    const cut = raw.slice(0, room);
    const text = /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
    controller.setDraft(draft.slice(0, start) + text + draft.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  // Escape closes the emoji picker or the menu drawer first (focus back in the input); only with
  // neither open does it reach the element's listener and close the box.
  const wrapRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap || (!emojiOpen && !menuOpen)) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setEmojiOpen(false);
      setMenuOpen(false);
      inputRef.current?.focus();
    };
    wrap.addEventListener('keydown', onKey);
    return () => wrap.removeEventListener('keydown', onKey);
  }, [emojiOpen, menuOpen, setMenuOpen, inputRef]);

  return (
    <div className="composer-wrap" ref={wrapRef}>
      {menuOpen && menu ? (
        <MenuDrawer menu={menu} onAction={onAction} onClose={() => setMenuOpen(false)} />
      ) : null}
      {emojiOpen ? (
        <Suspense fallback={<div className="emoji-picker loading">{t('emojiLoading')}</div>}>
          <EmojiPicker t={t} onPick={insert} />
        </Suspense>
      ) : null}
      <div className="composer">
        {menu ? (
          <button
            type="button"
            className={`icon menu-toggle${menuOpen ? ' on' : ''}`}
            aria-expanded={menuOpen}
            aria-label={menuOpen ? t('closeMenu') : menu.menuLabel || t('menu')}
            onClick={() => {
              // One thing open over the input at a time: the picker would cover the drawer.
              setEmojiOpen(false);
              setMenuOpen(!menuOpen);
            }}
          >
            ☰<span>{menu.menuLabel || t('menu')}</span>
          </button>
        ) : null}
        <textarea
          ref={inputRef}
          rows={1}
          value={draft}
          maxLength={WIDGET_TEXT_MAX}
          placeholder={t('messagePlaceholder')}
          aria-label={t('messageLabel')}
          onChange={(e) => controller.setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <button
          type="button"
          className="icon"
          aria-label={t('emoji')}
          aria-expanded={emojiOpen}
          onPointerEnter={() => void loadEmoji()}
          onClick={() => {
            if (!emojiOpen) setMenuOpen(false);
            setEmojiOpen(!emojiOpen);
          }}
        >
          ☺
        </button>
        <button
          type="button"
          className="icon"
          aria-label={t('attach')}
          onClick={() => {
            // The picker would cover the notice of a refused file.
            setEmojiOpen(false);
            fileRef.current?.click();
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z" />
          </svg>
        </button>
        <input
          ref={fileRef}
          type="file"
          hidden
          multiple
          accept={ACCEPT}
          onChange={(e) => {
            // All of them: more than the limit are left out with a notice, not silently.
            void controller.sendFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          className="send"
          aria-label={t('send')}
          disabled={!isSendableText(draft)}
          onClick={send}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 20.5 21 12 3 3.5 3 10l12 2-12 2z" />
          </svg>
        </button>
      </div>
    </div>
  );
}
