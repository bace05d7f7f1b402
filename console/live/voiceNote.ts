// Voice notes from the composer (spec 2): what to record in, what to call the file, how long at
// most, and which message explains a microphone that cannot be used. A voice note is sent as a
// file message (spec 3 has no audio item) through the attachment's upload (./uploads).
import { isAllowedType, isRefusedInChat } from '../../core/upload/fileTypes';

/** A voice note stops by itself after 5 minutes. */
export const VOICE_MAX_MS = 5 * 60 * 1000;

export interface RecordingFormat {
  /** What MediaRecorder is asked for. */
  mimeType: string;
  /** The file's content type, without codec parameters. */
  fileType: string;
  extension: string;
}

/** m4a is on spec 5's allowed list; AAC when the browser has it (Chrome), else its own codec (Chromium: Opus). */
const M4A_FORMATS: readonly RecordingFormat[] = [
  { mimeType: 'audio/mp4;codecs=mp4a.40.2', fileType: 'audio/mp4', extension: 'm4a' },
  { mimeType: 'audio/mp4', fileType: 'audio/mp4', extension: 'm4a' },
];
const WEBM_FORMAT: RecordingFormat = { mimeType: 'audio/webm', fileType: 'audio/webm', extension: 'webm' };

/** Spec 5's chat rules, as the server applies them to a file of this format. */
function allowedInChat(format: RecordingFormat): boolean {
  const file = { name: `voice.${format.extension}`, type: format.fileType };
  return isAllowedType(file) && !isRefusedInChat(file);
}

/**
 * The first format the browser can record that the chat accepts: m4a, or WebM only if the upload
 * rules allow it (spec 5's list does not, so a browser without MP4 recording cannot send voice).
 */
export function pickRecordingFormat(isTypeSupported: (type: string) => boolean): RecordingFormat | null {
  for (const format of [...M4A_FORMATS, WEBM_FORMAT]) {
    let supported = false;
    try {
      supported = isTypeSupported(format.mimeType);
    } catch {
      supported = false;
    }
    if (supported && allowedInChat(format)) return format;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** voice-YYYYMMDD-HHmmss.m4a, in the agent's local time. */
export function voiceFileName(at: Date, extension = 'm4a'): string {
  const day = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `voice-${day}-${time}.${extension}`;
}

/** m:ss of a recording's length. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

export type VoiceProblem =
  | 'insecure'
  | 'unsupported'
  | 'noFormat'
  | 'denied'
  | 'noMicrophone'
  | 'busy'
  | 'failed';

/** Why recording cannot start before the microphone is even asked for, or null when it may. */
export function voiceUnavailable(): VoiceProblem | null {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return 'insecure';
  if (typeof navigator === 'undefined' || typeof navigator.mediaDevices?.getUserMedia !== 'function')
    return 'unsupported';
  if (typeof MediaRecorder === 'undefined') return 'unsupported';
  return null;
}

/** The problem a failed getUserMedia or MediaRecorder names (DOMException names). */
export function problemOf(err: unknown): VoiceProblem {
  const name = (err as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'noMicrophone';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}
