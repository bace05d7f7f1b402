// Sending a file from the widget, loaded the first time a visitor attaches one: checked with
// core/upload's rules, uploaded with progress (capped at 95 until done), then sent as a message;
// several picked at once upload in groups of 4 and are sent in the order picked (spec 9).
import { newTempId } from '../../core/chat/outgoing';
import type { MessageItem } from '../../core/models/message';
import { checkFile } from '../../core/upload/checkFiles';
import { DEFAULT_UPLOAD_LIMITS } from '../../core/upload/limits';
import { uploadAnswered, uploadCancelled, uploadProgressed, uploadStarted } from '../../core/upload/progress';
import { WIDGET_SESSION_HEADER } from '../../core/widget/message';
import type { Controller, Upload } from './controller';
import { addPending, pendingMessage } from './conversation';
import { readResolution, UploadError, type UploadedFile, uploadFile } from './upload';

/** Spec 9: uploads and file sends go in groups of 4. */
export const UPLOAD_GROUP = 4;

/**
 * One visitor's files on their way: at most UPLOAD_GROUP uploading at once, the rest queued; and
 * `turn`, settled once every file picked so far is shown and sent, so each file's message comes
 * in the order picked, whichever upload finishes first.
 */
interface Lane {
  running: number;
  waiting: (() => void)[];
  turn: Promise<void>;
}
const lanes = new WeakMap<Controller, Lane>();

function laneOf(c: Controller): Lane {
  let lane = lanes.get(c);
  if (!lane) {
    lane = { running: 0, waiting: [], turn: Promise.resolve() };
    lanes.set(c, lane);
  }
  return lane;
}

function acquire(lane: Lane): Promise<void> {
  if (lane.running < UPLOAD_GROUP) {
    lane.running++;
    return Promise.resolve();
  }
  return new Promise((resolve) => lane.waiting.push(resolve));
}

/** A finished upload hands its place to the next one queued. */
function release(lane: Lane) {
  const next = lane.waiting.shift();
  if (next) next();
  else lane.running--;
}

/** A failed or cancelled row stays this long, marked, before it fades. */
const FADE_MS = 2500;

/**
 * The files a visitor picked, in that order: over spec 5's maximum the extra ones are left out and
 * the visitor told; refused ones are named in the notice; the rest get a row each at once.
 */
export async function sendAttachments(c: Controller, picked: readonly File[]) {
  const max = DEFAULT_UPLOAD_LIMITS.maxFiles;
  const files = picked.slice(0, max);
  const checked = await Promise.all(
    files.map(async (file) => {
      const resolution = await readResolution(file);
      return checkFile({ name: file.name, type: file.type, size: file.size, resolution }, { inChat: true });
    }),
  );
  const accepted: File[] = [];
  checked.forEach((warning, i) => {
    if (warning) c.store.set({ notice: { title: 'warningTitle', text: warning } });
    else accepted.push(files[i]);
  });
  if (picked.length > max)
    c.store.set({ notice: { title: 'warningTitle', text: 'warnings.tooManyFiles', params: { max } } });
  const lane = laneOf(c);
  const rows = accepted.map((file) => ({ file, tempId: newTempId() }));
  c.store.set({
    uploads: [
      ...c.state.uploads,
      ...rows.map(({ file, tempId }) => ({
        tempId,
        name: file.name,
        state: 'prepare' as const,
        progress: 0,
      })),
    ],
  });
  await Promise.all(
    rows.map(({ file, tempId }) => {
      const earlier = lane.turn;
      let settle!: () => void;
      const mine = new Promise<void>((resolve) => {
        settle = resolve;
      });
      lane.turn = Promise.all([earlier, mine]).then(() => {});
      return sendOne(c, lane, file, tempId, earlier).finally(settle);
    }),
  );
}

export function sendAttachment(c: Controller, file: File) {
  return sendAttachments(c, [file]);
}

async function sendOne(c: Controller, lane: Lane, file: File, tempId: string, earlier: Promise<void>) {
  const setUpload = (fn: (u: Upload) => Upload) =>
    c.store.set({ uploads: c.state.uploads.map((u) => (u.tempId === tempId ? fn(u) : u)) });
  // Cancel works while the file waits for its place too, at once.
  let cancelled = false;
  let cancelWaiting!: () => void;
  const cancelledWaiting = new Promise<void>((resolve) => {
    cancelWaiting = resolve;
  });
  c.handles.set(tempId, {
    cancel: () => {
      cancelled = true;
      cancelWaiting();
    },
  });
  try {
    let uploaded: UploadedFile;
    let holding = false;
    const slot = acquire(lane).then(() => {
      holding = true;
    });
    await Promise.race([slot, cancelledWaiting]);
    if (!holding) {
      // Its place, when it comes, goes straight to the next file.
      void slot.then(() => release(lane));
      throw new UploadError(-1, 'aborted');
    }
    try {
      if (cancelled) throw new UploadError(-1, 'aborted');
      setUpload((u) => ({ ...u, ...uploadStarted(u) }));
      const token = await c.ensureSession();
      if (cancelled) throw new UploadError(-1, 'aborted');
      const handle = uploadFile(
        `${c.host.server}/service/widget/upload`,
        { [WIDGET_SESSION_HEADER]: token, channel_id: c.host.widgetId },
        file,
        (percent) => setUpload((u) => ({ ...u, ...uploadProgressed(u, percent, 100) })),
      );
      c.handles.set(tempId, handle);
      uploaded = await handle.done;
    } finally {
      release(lane);
    }
    c.handles.delete(tempId);
    // Done, full bar: its message waits for the files picked before it.
    setUpload((u) => ({ ...u, ...uploadAnswered(u, 200) }));
    await earlier;
    const type = uploaded.category;
    const items: MessageItem[] =
      type === 'image'
        ? [{ type: 'image', originalContentUrl: uploaded.url, previewImageUrl: uploaded.url }]
        : type === 'video'
          ? [{ type: 'video', originalContentUrl: uploaded.url }]
          : [
              {
                type: 'file',
                fileName: uploaded.name,
                fileSize: uploaded.size,
                originalContentUrl: uploaded.url,
              },
            ];
    // The file's message takes the upload's place at once: both shown would read as the file twice.
    c.store.set({
      uploads: c.state.uploads.filter((u) => u.tempId !== tempId),
      messages: addPending(
        c.state.messages,
        pendingMessage(tempId, { type, message: uploaded.url, items }, new Date()),
      ),
    });
    // Sent one after another, so the conversation keeps the order picked; a failed one keeps its
    // place, marked, with Resend.
    await c.deliver(tempId, { message: { type, text: uploaded.url } });
  } catch (err) {
    c.handles.delete(tempId);
    const wasCancelled = err instanceof UploadError && err.status === -1;
    setUpload((u) => ({
      ...u,
      ...(wasCancelled ? uploadCancelled(u) : uploadAnswered(u, err instanceof UploadError ? err.status : 0)),
    }));
    if (!wasCancelled && err instanceof UploadError && err.message)
      c.store.set({ notice: { title: 'warningTitle', text: err.message } });
    // The marked row keeps its place until it fades: the messages of files picked after it (drawn
    // above the upload rows) wait for that.
    await new Promise((resolve) => setTimeout(resolve, FADE_MS));
    c.store.set({ uploads: c.state.uploads.filter((u) => u.tempId !== tempId) });
  }
}
