// A bare page that opens the media picker the way another screen would (the chat composer,
// the template editor): used by tests/browser/media.test.ts until those screens exist.
import '../../../console/styles/base.css';
import { createRoot } from 'react-dom/client';
import type { LibraryFile } from '../../../console/media/calls';
import { MediaPicker } from '../../../console/media/MediaPicker';
import { loadProfile } from '../../../console/session/state';

declare global {
  interface Window {
    picked?: LibraryFile[];
    pickerClosed?: boolean;
  }
}

const params = new URLSearchParams(window.location.search);
const accept = (params.get('accept') ?? 'any') as 'image' | 'video' | 'file' | 'any';
const limit = params.get('limit') ? Number(params.get('limit')) : undefined;

loadProfile().then(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  root.render(
    <MediaPicker
      accept={accept}
      limit={limit}
      onPick={(files) => {
        window.picked = files;
        root.unmount();
      }}
      onClose={() => {
        window.pickerClosed = true;
        root.unmount();
      }}
    />,
  );
});
