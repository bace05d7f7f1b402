// The reply composer (spec 2, 5): grows with its text up to 160 px, never sends blank text, cleans
// pasted text; emoji, attachment with progress and cancel, sticker and saved-reply pickers, and
// voice notes (./VoiceRecorder), which are sent as attached files.

import { useSignals } from '@preact/signals-react/runtime';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { channelTypeOf } from '../../core/chat/listFilters';
import { channelShowsStickers } from '../../core/chat/stickers';
import { DEFAULT_UPLOAD_LIMITS } from '../../core/upload/limits';
import { UPLOAD_WARNINGS } from '../../core/upload/warnings';
import { cleanPastedText, isSendableText } from '../../core/validation/chatText';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { LiveFollower } from './calls';
import { sendSticker, sendText } from './chatActions';
import { EmojiPicker } from './EmojiPicker';
import { LiveIcon } from './icons';
import { ReplyTemplatePicker } from './ReplyTemplatePicker';
import { StickerPicker } from './StickerPicker';
import { draft, notice } from './state';
import { UploadList } from './UploadList';
import { sendFiles } from './uploads';
import { useVoiceRecorder, VoiceBar, VoiceButton } from './VoiceRecorder';

export const COMPOSER_MAX_HEIGHT = 160;

// The media library's picker is large; it loads when first opened.
const MediaPicker = lazy(() => import('../media/MediaPicker').then((m) => ({ default: m.MediaPicker })));

type Picker = 'emoji' | 'sticker' | 'template' | 'media' | null;

/** A library file becomes a File again so it goes out through the same upload as a picked one. */
async function libraryFile(file: {
  name: string;
  url: string;
  urlOriginal?: string;
  type: string;
}): Promise<File> {
  const response = await fetch(file.urlOriginal || file.url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  return new File([blob], file.name, { type: blob.type || file.type });
}

export function Composer({ follower }: { follower: LiveFollower }) {
  useSignals();
  const [picker, setPicker] = useState<Picker>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const text = draft.value;

  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  useLayoutEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    void text;
    el.style.height = 'auto';
    el.style.height = `${Math.min(COMPOSER_MAX_HEIGHT, el.scrollHeight)}px`;
    el.style.overflowY = el.scrollHeight > COMPOSER_MAX_HEIGHT ? 'auto' : 'hidden';
  }, [text]);

  const submit = () => {
    if (!isSendableText(draft.value)) return;
    sendText(draft.value);
    draft.value = '';
    areaRef.current?.focus();
  };

  const insert = (value: string) => {
    const el = areaRef.current;
    const current = draft.value;
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    draft.value = current.slice(0, start) + value + current.slice(end);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + value.length, start + value.length);
    });
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(e.clipboardData.files ?? []);
    if (files.length > 0) {
      e.preventDefault();
      void attach(files);
      return;
    }
    const pasted = e.clipboardData.getData('text/plain');
    if (!pasted) return;
    e.preventDefault();
    insert(cleanPastedText(pasted));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const attach = async (files: File[]) => {
    if (files.length === 0) return;
    const refused = await sendFiles(follower, files);
    if (refused.length === 0) return;
    // Spec 8: the limits go with 'Please check your files again' (and a file too large).
    const withLimits = refused.some(
      (r) => r.warning === UPLOAD_WARNINGS.checkAgain || r.warning === UPLOAD_WARNINGS.tooLarge,
    );
    const limits = withLimits
      ? ` ${t('live.upload.limits', { ...DEFAULT_UPLOAD_LIMITS, max: DEFAULT_UPLOAD_LIMITS.maxFiles })}`
      : '';
    notice.value = {
      kind: 'error',
      text: `${t('live.upload.warningTitle')}: ${refused.map((r) => `${r.name} — ${localMessage(r.warning)}`).join('; ')}${limits}`,
    };
  };

  // A voice note goes out exactly as an attached file does.
  const voice = useVoiceRecorder(follower._id, (file) => void attach([file]));

  const toggle = (next: Picker) => setPicker((p) => (p === next ? null : next));

  return (
    <div className="composer" data-testid="composer">
      <UploadList followerId={follower._id} />
      {picker === 'emoji' ? <EmojiPicker onPick={insert} onClose={() => setPicker(null)} /> : null}
      {picker === 'sticker' ? (
        <StickerPicker
          onPick={(p, s) => {
            sendSticker(p, s);
            setPicker(null);
          }}
          onClose={() => setPicker(null)}
        />
      ) : null}
      {picker === 'template' ? <ReplyTemplatePicker onClose={() => setPicker(null)} /> : null}
      {picker === 'media' ? (
        <Suspense fallback={null}>
          <MediaPicker
            limit={5}
            title={t('live.composer.library')}
            onClose={() => setPicker(null)}
            onPick={(files) => {
              setPicker(null);
              Promise.all(files.map(libraryFile))
                .then((picked) => attach(picked))
                .catch(() => {
                  notice.value = { kind: 'error', text: 'live.loadFailed' };
                });
            }}
          />
        </Suspense>
      ) : null}
      <VoiceBar voice={voice} onDone={() => requestAnimationFrame(() => areaRef.current?.focus())} />
      <div className="composer-row" hidden={voice.phase === 'recording' || voice.phase === 'stopped'}>
        <div className="composer-tools">
          <button
            type="button"
            className="tool-button"
            aria-label={t('live.composer.emoji')}
            title={t('live.composer.emoji')}
            aria-pressed={picker === 'emoji'}
            onClick={() => toggle('emoji')}
          >
            <LiveIcon name="emoji" />
          </button>
          <button
            type="button"
            className="tool-button"
            aria-label={t('live.composer.attach')}
            title={t('live.composer.attach')}
            onClick={() => fileRef.current?.click()}
          >
            <LiveIcon name="attach" />
          </button>
          <button
            type="button"
            className="tool-button"
            aria-label={t('live.composer.library')}
            title={t('live.composer.library')}
            onClick={() => toggle('media')}
          >
            <LiveIcon name="library" />
          </button>
          {channelShowsStickers(channelTypeOf(follower)) ? (
            <button
              type="button"
              className="tool-button"
              aria-label={t('live.composer.sticker')}
              title={t('live.composer.sticker')}
              aria-pressed={picker === 'sticker'}
              onClick={() => toggle('sticker')}
            >
              <LiveIcon name="sticker" />
            </button>
          ) : null}
          <VoiceButton voice={voice} onStart={() => setPicker(null)} />
          <button
            type="button"
            className="tool-button"
            aria-label={t('live.composer.templates')}
            title={t('live.composer.templates')}
            aria-pressed={picker === 'template'}
            onClick={() => toggle('template')}
          >
            <LiveIcon name="templates" />
          </button>
          <input
            ref={fileRef}
            type="file"
            multiple
            hidden
            data-testid="attach-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              void attach(files);
            }}
          />
        </div>
        <textarea
          ref={areaRef}
          className="composer-input"
          rows={1}
          value={text}
          placeholder={t('live.composer.placeholder')}
          aria-label={t('live.composer.label')}
          onChange={(e) => {
            draft.value = e.target.value;
          }}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="send-button" disabled={!isSendableText(text)} onClick={submit}>
          {t('live.composer.send')}
        </button>
      </div>
    </div>
  );
}
