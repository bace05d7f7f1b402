// "Send to a chosen chat as a test": pick a conversation the agent may see and send the saved
// template into it through the inbox's own send path (POST /api/message-template/{id}/send).
import { useEffect, useId, useState } from 'react';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { ApiError } from '../session/api';
import { CancelSave } from '../ui/CancelSave';
import { SearchBox } from '../ui/SearchBox';
import { type ChatOption, listChats, sendTemplate } from './api';
import { Dialog } from './Dialog';
import { describeField } from './errorText';
import { blockLabel } from './PreviewPanel';
import { notify } from './Toasts';

export const isLineChat = (chat: ChatOption) =>
  (chat.channel_type ?? chat.channel_type_info?.type ?? chat.channel_type_info?.name) === 'line';

export function SendTestDialog({
  templateName,
  lineOnly = false,
  prepare,
  onClose,
}: {
  templateName: string;
  /** Image maps go to LINE chats only: the others are not offered. */
  lineOnly?: boolean;
  /** Saves first when needed; resolves with the saved template's id, or null when it could not be saved. */
  prepare: () => Promise<string | null>;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [chats, setChats] = useState<ChatOption[] | null>(null);
  const [chosen, setChosen] = useState<ChatOption | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useId();

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      listChats(search)
        .then((list) => live && setChats(lineOnly ? list.filter(isLineChat) : list))
        .catch(() => live && setChats([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, lineOnly]);

  const send = async () => {
    if (!chosen) return;
    setSending(true);
    setError(null);
    try {
      const id = await prepare();
      if (!id) return;
      await sendTemplate(id, chosen._id, `tpl-${id}-${Date.now().toString(36)}`);
      notify(
        'success',
        t('templates.notify.success'),
        t('templates.send.sent', { name: chosen.line_name || '—' }),
      );
      onClose();
    } catch (err) {
      const body = err instanceof ApiError ? err.body : null;
      setError(
        body
          ? [body.field ? describeField(body.field, blockLabel) : '', localMessage(body.message)]
              .filter(Boolean)
              .join(': ')
          : t('templates.notify.sendFail'),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      title={t('templates.send.title')}
      onClose={onClose}
      footer={
        <CancelSave
          onCancel={onClose}
          onSave={send}
          busy={!chosen || sending}
          saveTestId="send-confirm"
          cancelLabel={t('templates.cancel')}
          saveLabel={sending ? t('templates.send.sending') : t('templates.send.send')}
        />
      }
    >
      <p className="tpl-hint">{t('templates.send.about', { name: templateName })}</p>
      {lineOnly ? <p className="tpl-hint">{t('templates.send.lineOnly')}</p> : null}
      <SearchBox
        className="tpl-search"
        label={t('templates.send.search')}
        value={search}
        onChange={setSearch}
      />
      {chats === null ? <p className="tpl-hint">{t('templates.loading')}</p> : null}
      {chats?.length === 0 ? (
        <p className="tpl-hint">{lineOnly ? t('templates.send.noLineChats') : t('templates.send.noChats')}</p>
      ) : null}
      {chats?.length ? (
        <ul className="tpl-chat-list" aria-label={t('templates.send.chats')}>
          {chats.map((chat) => (
            <li key={chat._id}>
              <label className={`tpl-chat-option ${chosen?._id === chat._id ? 'on' : ''}`}>
                <input
                  type="radio"
                  name={name}
                  checked={chosen?._id === chat._id}
                  onChange={() => setChosen(chat)}
                />
                <span className="tpl-chat-name">{chat.line_name || t('templates.send.unnamed')}</span>
                <span className="tpl-hint">{chat.channel_type_info?.name ?? ''}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="tpl-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
