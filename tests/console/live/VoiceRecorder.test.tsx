// The composer's voice tool (spec 2) with a stubbed microphone and MediaRecorder: the recording
// bar's states (recording, stopped at the maximum), the m:ss clock, Stop & send handing a
// voice-….m4a to the attachment's sendFiles, Cancel and a change of chat throwing it away, and
// the messages for a refused or missing microphone, an insecure page and no allowed format.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveFollower } from '../../../console/live/calls';
import {
  formatElapsed,
  pickRecordingFormat,
  VOICE_MAX_MS,
  voiceFileName,
} from '../../../console/live/voiceNote';
import { follower } from './fixtures';

const sendFiles = vi.fn(
  async (_f: LiveFollower, _files: File[]) => [] as { name: string; warning: string }[],
);
vi.mock('../../../console/live/uploads', () => ({
  sendFiles: (f: LiveFollower, files: File[]) => sendFiles(f, files),
  cancelUpload: vi.fn(),
}));

// The emoji picker's data set is a build alias; the voice tool does not need it.
vi.mock('../../../console/live/EmojiPicker', () => ({ EmojiPicker: () => null }));

const { Composer } = await import('../../../console/live/Composer');
const { notice } = await import('../../../console/live/state');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// --- A microphone and a recorder that do what the browser's do, by hand. ---

class FakeTrack extends EventTarget {
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

class FakeStream {
  track = new FakeTrack();
  getTracks() {
    return [this.track];
  }
  getAudioTracks() {
    return [this.track];
  }
}

let supported: string[] = ['audio/mp4', 'audio/webm'];
const recorders: FakeRecorder[] = [];

class FakeRecorder extends EventTarget {
  static isTypeSupported(type: string) {
    return supported.includes(type);
  }
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onerror: (() => void) | null = null;
  timeslice: number | undefined;
  constructor(
    public stream: FakeStream,
    public options: { mimeType: string },
  ) {
    super();
    recorders.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  /** A piece of the recording, as the browser hands one over every timeslice. */
  emit(bytes: number) {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)], { type: this.options.mimeType }) });
  }
  stop() {
    if (this.state === 'inactive') throw new Error('InvalidStateError');
    this.state = 'inactive';
    // The last data, then 'stop', a moment later as in a browser.
    queueMicrotask(() => {
      this.emit(100);
      this.dispatchEvent(new Event('stop'));
    });
  }
}

let streams: FakeStream[] = [];
let getUserMedia: ReturnType<typeof vi.fn>;

function domError(name: string) {
  const err = new Error(name);
  err.name = name;
  return err;
}

let container: HTMLElement;
let root: Root;
const chat = follower();

async function render(f: LiveFollower = chat) {
  await act(async () => root.render(<Composer follower={f} />));
}

const q = (selector: string) => container.querySelector(selector);
const micButton = () => q('[data-testid="voice-button"]') as HTMLButtonElement;
const bar = () => q('[data-testid="voice-bar"]');
const button = (text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement;
const flush = () => act(async () => {});

async function click(el: HTMLElement) {
  await act(async () => el.click());
  await flush();
}

beforeEach(() => {
  supported = ['audio/mp4', 'audio/webm'];
  recorders.length = 0;
  streams = [];
  sendFiles.mockClear();
  notice.value = null;
  getUserMedia = vi.fn(async () => {
    const s = new FakeStream();
    streams.push(s);
    return s;
  });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('voice note helpers', () => {
  it('names the file voice-YYYYMMDD-HHmmss.m4a in local time', () => {
    expect(voiceFileName(new Date(2026, 0, 5, 9, 7, 3))).toBe('voice-20260105-090703.m4a');
  });

  it('shows the length as m:ss', () => {
    expect([0, 999, 1000, 65_400, VOICE_MAX_MS].map(formatElapsed)).toEqual([
      '0:00',
      '0:00',
      '0:01',
      '1:05',
      '5:00',
    ]);
  });

  it('records m4a (AAC when there is one), and never WebM, which spec 5 does not allow', () => {
    expect(pickRecordingFormat((t) => t === 'audio/mp4')?.mimeType).toBe('audio/mp4');
    expect(pickRecordingFormat(() => true)?.mimeType).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(pickRecordingFormat(() => true)?.fileType).toBe('audio/mp4');
    expect(pickRecordingFormat((t) => t.startsWith('audio/webm'))).toBeNull();
    expect(
      pickRecordingFormat(() => {
        throw new Error('no');
      }),
    ).toBeNull();
  });
});

describe('the composer voice tool', () => {
  it('is a labelled tool in the row, like the others', async () => {
    await render();
    expect(micButton().className).toBe('tool-button');
    expect(micButton().getAttribute('aria-label')).toBe('Record a voice message');
    expect(micButton().title).toBe('Record a voice message');
    expect(micButton().disabled).toBe(false);
    expect(bar()).toBeNull();
  });

  it('records, counts m:ss, and Stop & send hands a voice-….m4a to the attachment upload', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2026, 10, 24, 22, 1, 35));
    await render();
    await click(micButton());
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(recorders).toHaveLength(1);
    expect(recorders[0].options.mimeType).toBe('audio/mp4');
    expect(recorders[0].state).toBe('recording');
    expect(recorders[0].timeslice).toBe(1000);
    expect(bar()?.getAttribute('data-phase')).toBe('recording');
    expect(bar()?.classList.contains('recording')).toBe(true);
    expect(q('.voice-dot')).not.toBeNull();
    expect(q('.voice-status')?.textContent).toBe('Recording');
    expect((q('.composer-row') as HTMLElement).hidden).toBe(true);
    expect(document.activeElement).toBe(button('Stop & send'));
    expect(q('[role="timer"]')?.textContent).toBe('0:00');

    recorders[0].emit(4000);
    await act(async () => vi.advanceTimersByTime(65_000));
    expect(q('[role="timer"]')?.textContent).toBe('1:05');
    expect(q('[role="timer"]')?.getAttribute('aria-label')).toBe('Recorded 1:05');

    await click(button('Stop & send'));
    expect(bar()).toBeNull();
    expect((q('.composer-row') as HTMLElement).hidden).toBe(false);
    expect(streams[0].track.stopped).toBe(true);
    expect(sendFiles).toHaveBeenCalledTimes(1);
    const [to, files] = sendFiles.mock.calls[0];
    expect(to._id).toBe(chat._id);
    expect(files).toHaveLength(1);
    expect(files[0].name).toBe('voice-20261124-220135.m4a');
    expect(files[0].type).toBe('audio/mp4');
    expect(files[0].size).toBe(4100);
  });

  it('Cancel throws the recording away and lets go of the microphone', async () => {
    await render();
    await click(micButton());
    recorders[0].emit(500);
    await click(button('Cancel'));
    expect(bar()).toBeNull();
    expect(streams[0].track.stopped).toBe(true);
    expect(recorders[0].state).toBe('inactive');
    await flush();
    expect(sendFiles).not.toHaveBeenCalled();
    expect(micButton().disabled).toBe(false);
  });

  it('Escape in the bar cancels too', async () => {
    await render();
    await click(micButton());
    await act(async () =>
      bar()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    );
    expect(bar()).toBeNull();
    expect(sendFiles).not.toHaveBeenCalled();
  });

  it('stops by itself at 5:00 and waits for Send or Cancel', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    await render();
    await click(micButton());
    recorders[0].emit(1000);
    await act(async () => vi.advanceTimersByTime(VOICE_MAX_MS));
    await flush();
    expect(recorders[0].state).toBe('inactive');
    expect(streams[0].track.stopped).toBe(true);
    expect(bar()?.getAttribute('data-phase')).toBe('stopped');
    expect(bar()?.classList.contains('recording')).toBe(false);
    expect(q('.voice-status')?.textContent).toBe('Maximum length reached');
    expect(q('[role="timer"]')?.textContent).toBe('5:00');
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(q('[role="timer"]')?.textContent).toBe('5:00');
    expect(sendFiles).not.toHaveBeenCalled();
    await click(button('Send'));
    expect(bar()).toBeNull();
    expect(sendFiles).toHaveBeenCalledTimes(1);
    expect(sendFiles.mock.calls[0][1][0].size).toBe(1100);
  });

  it('a microphone that goes away stops the recording, which can still be sent', async () => {
    await render();
    await click(micButton());
    recorders[0].emit(700);
    await act(async () => streams[0].track.dispatchEvent(new Event('ended')));
    await flush();
    expect(bar()?.getAttribute('data-phase')).toBe('stopped');
    expect(q('.voice-status')?.textContent).toBe('The microphone stopped');
    await click(button('Send'));
    expect(sendFiles).toHaveBeenCalledTimes(1);
  });

  it('opening another chat throws the recording away', async () => {
    await render();
    await click(micButton());
    recorders[0].emit(700);
    await render(follower());
    await flush();
    expect(bar()).toBeNull();
    expect(streams[0].track.stopped).toBe(true);
    expect(sendFiles).not.toHaveBeenCalled();
  });

  it('a microphone granted after the agent moved on is let go at once', async () => {
    let grant: (s: FakeStream) => void = () => {};
    getUserMedia.mockImplementationOnce(() => new Promise((resolve) => (grant = resolve)));
    await render();
    await click(micButton());
    expect(micButton().disabled).toBe(true);
    expect(micButton().getAttribute('aria-busy')).toBe('true');
    await render(follower());
    const late = new FakeStream();
    await act(async () => grant(late));
    await flush();
    expect(late.track.stopped).toBe(true);
    expect(recorders).toHaveLength(0);
    expect(bar()).toBeNull();
    expect(micButton().disabled).toBe(false);
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'noMicrophone'],
    ['NotReadableError', 'busy'],
    ['TypeError', 'failed'],
  ])('getUserMedia failing with %s says %s, and nothing breaks', async (name, problem) => {
    getUserMedia.mockRejectedValueOnce(domError(name));
    await render();
    await click(micButton());
    expect(notice.value).toEqual({ kind: 'error', text: `live.voice.problems.${problem}` });
    expect(bar()).toBeNull();
    expect(micButton().disabled).toBe(false);
    expect((q('.composer-row') as HTMLElement).hidden).toBe(false);
  });

  it('an insecure page, no getUserMedia, or no m4a recording say so without asking for the microphone', async () => {
    await render();
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    await click(micButton());
    expect(notice.value?.text).toBe('live.voice.problems.insecure');

    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    await click(micButton());
    expect(notice.value?.text).toBe('live.voice.problems.unsupported');

    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    supported = ['audio/webm', 'audio/webm;codecs=opus'];
    await click(micButton());
    expect(notice.value?.text).toBe('live.voice.problems.noFormat');
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(bar()).toBeNull();
  });

  it('the messages and the bar read in Thai under /th', async () => {
    const { locale } = await import('../../../console/app/i18n');
    locale.value = 'th';
    try {
      await render();
      expect(micButton().getAttribute('aria-label')).toBe('บันทึกข้อความเสียง');
      await click(micButton());
      expect(q('.voice-status')?.textContent).toBe('กำลังบันทึก');
      expect(button('หยุดและส่ง')).toBeTruthy();
      expect(button('ยกเลิก')).toBeTruthy();
      await click(button('ยกเลิก'));
    } finally {
      locale.value = 'en';
    }
  });
});
