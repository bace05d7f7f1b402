// Sending a file from the widget, loaded the first time a visitor attaches one: checked with
// core/upload's rules, uploaded with progress (capped at 95 until done), then sent as a message.
import { newTempId } from '../../core/chat/outgoing';
import type { MessageItem } from '../../core/models/message';
import { checkFile } from '../../core/upload/checkFiles';
import { uploadAnswered, uploadCancelled, uploadProgressed } from '../../core/upload/progress';
import { WIDGET_SESSION_HEADER } from '../../core/widget/message';
import type { Controller, Upload } from './controller';
import { addPending, pendingMessage } from './conversation';
import { readResolution, UploadError, uploadFile } from './upload';

export async function sendAttachment(c: Controller, file: File) {
  const resolution = await readResolution(file);
  const warning = checkFile(
    { name: file.name, type: file.type, size: file.size, resolution },
    { inChat: true },
  );
  if (warning) {
    c.store.set({ notice: { title: 'warningTitle', text: warning } });
    return;
  }
  const tempId = newTempId();
  const setUpload = (fn: (u: Upload) => Upload) =>
    c.store.set({ uploads: c.state.uploads.map((u) => (u.tempId === tempId ? fn(u) : u)) });
  c.store.set({
    uploads: [...c.state.uploads, { tempId, name: file.name, state: 'sending', progress: 0 }],
  });
  try {
    const token = await c.ensureSession();
    const handle = uploadFile(
      `${c.host.server}/service/widget/upload`,
      { [WIDGET_SESSION_HEADER]: token, channel_id: c.host.widgetId },
      file,
      (percent) => setUpload((u) => ({ ...u, ...uploadProgressed(u, percent, 100) })),
    );
    c.handles.set(tempId, handle);
    const uploaded = await handle.done;
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
    await c.deliver(tempId, { message: { type, text: uploaded.url } });
  } catch (err) {
    const cancelled = err instanceof UploadError && err.status === -1;
    setUpload((u) => ({
      ...u,
      ...(cancelled ? uploadCancelled(u) : uploadAnswered(u, err instanceof UploadError ? err.status : 0)),
    }));
    if (!cancelled && err instanceof UploadError && err.message)
      c.store.set({ notice: { title: 'warningTitle', text: err.message } });
  } finally {
    c.handles.delete(tempId);
    setTimeout(
      () =>
        c.store.set({
          uploads: c.state.uploads.filter((u) => u.tempId !== tempId || u.state === 'sending'),
        }),
      2500,
    );
  }
}
