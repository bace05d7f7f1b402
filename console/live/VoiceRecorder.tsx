// The composer's voice tool (spec 2): the microphone button, and the bar shown while recording
// (red dot, elapsed m:ss, Cancel, Stop & send). The recording becomes a voice-….m4a file that the
// composer sends like an attached one. It stops by itself at VOICE_MAX_MS and then waits for
// Send or Cancel; leaving the chat discards it. The microphone is released as soon as it stops.
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../app/i18n';
import { LiveIcon } from './icons';
import { useInboxShown } from './preload';
import { notice } from './state';
import {
  formatElapsed,
  pickRecordingFormat,
  problemOf,
  type RecordingFormat,
  VOICE_MAX_MS,
  type VoiceProblem,
  voiceFileName,
  voiceUnavailable,
} from './voiceNote';

export type VoicePhase = 'idle' | 'asking' | 'recording' | 'stopped';

interface VoiceView {
  phase: VoicePhase;
  /** Date.now() when recording started. */
  startedAt: number;
  /** The length kept once it stopped by itself. */
  elapsedMs: number;
  /** Why it stopped by itself: the maximum length, or the microphone went away. */
  stoppedBy: 'max' | 'ended' | null;
}

export interface VoiceRecorder extends VoiceView {
  start: () => void;
  /** Stops (if still recording) and hands the file on. */
  send: () => void;
  /** Stops and throws the recording away. */
  cancel: () => void;
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  format: RecordingFormat;
  chunks: Blob[];
  startedAt: number;
  /** Settles once the recorder has stopped and handed over its last data. */
  stopped: Promise<void>;
  maxTimer: ReturnType<typeof setTimeout>;
  finishing: boolean;
}

const IDLE: VoiceView = { phase: 'idle', startedAt: 0, elapsedMs: 0, stoppedBy: null };

function report(problem: VoiceProblem) {
  notice.value = { kind: 'error', text: `live.voice.problems.${problem}` };
}

function release(s: Session) {
  clearTimeout(s.maxTimer);
  for (const track of s.stream.getTracks()) track.stop();
}

async function stopRecorder(s: Session) {
  if (s.recorder.state !== 'inactive') s.recorder.stop();
  await s.stopped;
  release(s);
}

/** Recording for the chat `chatId`; a change of chat (or leaving the inbox) discards it. */
export function useVoiceRecorder(chatId: string, onFile: (file: File) => void): VoiceRecorder {
  const [view, setView] = useState<VoiceView>(IDLE);
  const session = useRef<Session | null>(null);
  // Bumped by every cancel, so a microphone granted after the agent moved on is let go at once.
  const generation = useRef(0);
  const onFileRef = useRef(onFile);
  onFileRef.current = onFile;

  const cancel = useCallback(() => {
    generation.current += 1;
    const s = session.current;
    session.current = null;
    if (s) {
      s.recorder.ondataavailable = null;
      s.chunks = [];
      if (s.recorder.state !== 'inactive') s.recorder.stop();
      release(s);
    }
    setView(IDLE);
  }, []);

  // A recording belongs to the chat it was started in, on screen: another chat, or another screen
  // over the kept inbox (app/App.tsx), discards it and lets the microphone go.
  const shown = useInboxShown();
  // biome-ignore lint/correctness/useExhaustiveDependencies: chatId and shown are triggers, not values used
  useEffect(() => cancel, [chatId, cancel, shown]);

  /** Stopped by the maximum length or a lost microphone: kept until Send or Cancel. */
  const halt = useCallback(async (s: Session, reason: 'max' | 'ended') => {
    if (session.current !== s || s.finishing) return;
    await stopRecorder(s);
    if (session.current !== s || s.finishing) return;
    const elapsedMs = Math.min(VOICE_MAX_MS, Date.now() - s.startedAt);
    setView({ phase: 'stopped', startedAt: s.startedAt, elapsedMs, stoppedBy: reason });
  }, []);

  const start = useCallback(async () => {
    if (session.current || view.phase !== 'idle') return;
    const unavailable = voiceUnavailable();
    if (unavailable) return report(unavailable);
    const format = pickRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
    if (!format) return report('noFormat');
    const id = ++generation.current;
    setView({ ...IDLE, phase: 'asking' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      if (generation.current === id) {
        setView(IDLE);
        report(problemOf(err));
      }
      return;
    }
    if (generation.current !== id) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType: format.mimeType });
    } catch {
      for (const track of stream.getTracks()) track.stop();
      setView(IDLE);
      return report('noFormat');
    }
    const s: Session = {
      stream,
      recorder,
      format,
      chunks: [],
      startedAt: Date.now(),
      stopped: new Promise((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true })),
      maxTimer: setTimeout(() => void halt(s, 'max'), VOICE_MAX_MS),
      finishing: false,
    };
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) s.chunks.push(e.data);
    };
    recorder.onerror = () => {
      if (session.current !== s) return;
      cancel();
      report('failed');
    };
    for (const track of stream.getAudioTracks())
      track.addEventListener('ended', () => void halt(s, 'ended'), { once: true });
    session.current = s;
    try {
      // Data every second, so a long note is not held in one piece until the end.
      recorder.start(1000);
    } catch (err) {
      cancel();
      return report(problemOf(err));
    }
    setView({ phase: 'recording', startedAt: s.startedAt, elapsedMs: 0, stoppedBy: null });
  }, [view.phase, cancel, halt]);

  const send = useCallback(async () => {
    const s = session.current;
    if (!s || s.finishing) return;
    s.finishing = true;
    await stopRecorder(s);
    if (session.current !== s) return;
    session.current = null;
    setView(IDLE);
    const file = new File(s.chunks, voiceFileName(new Date(s.startedAt), s.format.extension), {
      type: s.format.fileType,
    });
    if (file.size === 0) return report('failed');
    onFileRef.current(file);
  }, []);

  return {
    ...view,
    start: () => void start(),
    send: () => void send(),
    cancel,
  };
}

/** The microphone in the composer's tool row. */
export function VoiceButton({ voice, onStart }: { voice: VoiceRecorder; onStart?: () => void }) {
  return (
    <button
      type="button"
      className="tool-button"
      aria-label={t('live.composer.voice')}
      title={t('live.composer.voice')}
      aria-busy={voice.phase === 'asking' || undefined}
      disabled={voice.phase !== 'idle'}
      data-testid="voice-button"
      onClick={() => {
        onStart?.();
        voice.start();
      }}
    >
      <LiveIcon name="mic" />
    </button>
  );
}

/** Shown in place of the composer's row while there is a recording; `onDone` once it is gone. */
export function VoiceBar({ voice, onDone }: { voice: VoiceRecorder; onDone?: () => void }) {
  if (voice.phase !== 'recording' && voice.phase !== 'stopped') return null;
  return <RecordingBar voice={voice} onDone={onDone} />;
}

function RecordingBar({ voice, onDone }: { voice: VoiceRecorder; onDone?: () => void }) {
  const recording = voice.phase === 'recording';
  const [now, setNow] = useState(() => Date.now());
  const sendRef = useRef<HTMLButtonElement>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  // The tool row is hidden now: the keyboard carries on from the bar's main button, and goes back
  // to the composer once the bar is gone (sent, cancelled, or left with the chat).
  useEffect(() => {
    sendRef.current?.focus();
    return () => onDoneRef.current?.();
  }, []);
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [recording]);
  const elapsed = recording ? Math.min(VOICE_MAX_MS, Math.max(0, now - voice.startedAt)) : voice.elapsedMs;
  const time = formatElapsed(elapsed);
  const onKeyDown = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    voice.cancel();
  };
  return (
    <fieldset
      className={`voice-bar${recording ? ' recording' : ''}`}
      aria-label={t('live.voice.bar')}
      data-testid="voice-bar"
      data-phase={voice.phase}
      onKeyDown={onKeyDown}
    >
      <span className="voice-dot" aria-hidden="true" />
      <span className="voice-status">
        {recording ? t('live.voice.recording') : t(`live.voice.stoppedBy.${voice.stoppedBy ?? 'max'}`)}
      </span>
      <span className="voice-time" role="timer" aria-label={t('live.voice.elapsed', { time })}>
        {time}
      </span>
      <span className="voice-limit muted">/ {formatElapsed(VOICE_MAX_MS)}</span>
      <span className="voice-actions">
        <button type="button" className="link-button voice-cancel" onClick={voice.cancel}>
          {t('live.voice.cancel')}
        </button>
        <button ref={sendRef} type="button" className="send-button voice-send" onClick={voice.send}>
          {recording ? t('live.voice.stopSend') : t('live.voice.send')}
        </button>
      </span>
    </fieldset>
  );
}
