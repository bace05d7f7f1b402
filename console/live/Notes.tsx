// Notes on a chat (spec 2): each clamped to 3 lines with show more / show less; add, edit, delete
// (delete asks Yes / No). NOTES events from other agents replace the list. A role that may only
// read chats reads the notes without the controls (the server refuses them).
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatDateTime, fromSeconds } from '../../core/format/dates';
import { DIALOG_KEYS } from '../../core/text/notices';
import { isSendableText } from '../../core/validation/chatText';
import { t } from '../app/i18n';
import { canDo } from '../session/access';
import { createNote, deleteNote, getNotes, updateNote, type WireNote } from './calls';
import { notes, notice } from './state';

export const NOTE_MAX_LENGTH = 300;

function NoteText({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !open) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [text, open]);
  return (
    <>
      <p ref={ref} className={`note-text${open ? '' : ' clamped'}`}>
        {text}
      </p>
      {overflows || open ? (
        <button
          type="button"
          className="link-button show-more"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t('live.notes.showLess') : t('live.notes.showMore')}
        </button>
      ) : null}
    </>
  );
}

function NoteItem({ note, followerId }: { note: WireNote; followerId: string }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const [text, setText] = useState(note.text);
  const fail = () => {
    notice.value = { kind: 'error', text: 'live.actionFailed' };
  };
  const save = async () => {
    if (!isSendableText(text)) return;
    try {
      const r = await updateNote(followerId, note.no, text.trim());
      notes.value = notes.value.map((n) => (n.no === note.no ? r.note : n));
      setMode('view');
    } catch {
      fail();
    }
  };
  const remove = async () => {
    try {
      await deleteNote(followerId, note.no);
      notes.value = notes.value.filter((n) => n.no !== note.no);
    } catch {
      fail();
    }
  };
  return (
    <li className="note" data-testid="note">
      {mode === 'edit' ? (
        <>
          <textarea
            className="text-input"
            value={text}
            maxLength={NOTE_MAX_LENGTH}
            aria-label={t('live.notes.edit')}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="note-actions">
            <button type="button" className="action-button primary" onClick={() => void save()}>
              {t('live.save')}
            </button>
            <button type="button" className="action-button" onClick={() => setMode('view')}>
              {t('live.cancel')}
            </button>
          </div>
        </>
      ) : (
        <NoteText text={note.text} />
      )}
      {mode === 'view' ? (
        <div className="note-meta">
          <span className="muted">{note.updated_at ? formatDateTime(fromSeconds(note.updated_at)) : ''}</span>
          {canDo('chat', 'write') ? (
            <>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setText(note.text);
                  setMode('edit');
                }}
              >
                {t('live.notes.edit')}
              </button>
              <button type="button" className="link-button danger" onClick={() => setMode('confirm')}>
                {t('live.notes.delete')}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {mode === 'confirm' ? (
        <div className="note-confirm" role="alertdialog" aria-label={t(DIALOG_KEYS.confirmDelete)}>
          <span>{t(DIALOG_KEYS.confirmDelete)}</span>
          <button type="button" className="action-button primary" onClick={() => void remove()}>
            {t(DIALOG_KEYS.yes)}
          </button>
          <button type="button" className="action-button" onClick={() => setMode('view')}>
            {t(DIALOG_KEYS.no)}
          </button>
        </div>
      ) : null}
    </li>
  );
}

export function Notes({ followerId }: { followerId: string }) {
  useSignals();
  const [draftNote, setDraftNote] = useState('');
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    getNotes(followerId)
      .then((r) => {
        if (!live) return;
        notes.value = r.list;
        setState('ready');
      })
      .catch(() => {
        if (live) setState('error');
      });
    return () => {
      live = false;
    };
  }, [followerId]);
  const add = async () => {
    if (!isSendableText(draftNote)) return;
    try {
      const r = await createNote(followerId, draftNote.trim());
      if (!notes.value.some((n) => n.no === r.note.no)) notes.value = [...notes.value, r.note];
      setDraftNote('');
    } catch {
      notice.value = { kind: 'error', text: 'live.actionFailed' };
    }
  };
  const list = [...notes.value].sort((a, b) => b.no - a.no);
  return (
    <section className="sidebar-section" aria-label={t('live.notes.title')}>
      <h3>{t('live.notes.title')}</h3>
      {canDo('chat', 'write') ? (
        <form
          className="note-form"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <textarea
            className="text-input"
            value={draftNote}
            maxLength={NOTE_MAX_LENGTH}
            placeholder={t('live.notes.placeholder')}
            aria-label={t('live.notes.add')}
            onChange={(e) => setDraftNote(e.target.value)}
          />
          <button type="submit" className="action-button primary" disabled={!isSendableText(draftNote)}>
            {t('live.notes.add')}
          </button>
        </form>
      ) : null}
      {state === 'loading' ? <p className="muted">{t('layout.loading')}</p> : null}
      {state === 'error' ? <p className="muted">{t('live.loadFailed')}</p> : null}
      {state === 'ready' && list.length === 0 ? <p className="muted">{t('live.notes.empty')}</p> : null}
      <ul className="notes">
        {list.map((n) => (
          <NoteItem key={n.no} note={n} followerId={followerId} />
        ))}
      </ul>
    </section>
  );
}
