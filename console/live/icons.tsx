// The inbox's line icons (frame: ../ui/LineIcon).
import type { ReactElement } from 'react';
import { LineIcon } from '../ui/LineIcon';

const paths: Record<string, ReactElement> = {
  emoji: (
    <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8.5 14.5c.9 1.2 2.1 1.8 3.5 1.8s2.6-.6 3.5-1.8M9 9.5h.01M15 9.5h.01" />
  ),
  attach: (
    <path d="m20 11.5-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
  ),
  sticker: <path d="M4 4h16v9l-7 7H4zm9 16v-5a2 2 0 0 1 2-2h5M8.5 9h.01M13.5 9h.01" />,
  templates: <path d="M6 3h12v18l-6-4-6 4zM9 8h6M9 11.5h4" />,
  info: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-10v6m0-9h.01" />,
  close: <path d="m6 6 12 12M18 6 6 18" />,
  back: <path d="m15 5-7 7 7 7" />,
  library: <path d="M4 5h6l2 2h8v12H4zm4 10 3-3 2 2 2-2 3 3" />,
  send: <path d="M4 12 20 4l-6 16-3-7z" />,
  mic: (
    <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M9 21h6" />
  ),
};

export function LiveIcon({ name, size = 20 }: { name: keyof typeof paths | string; size?: number }) {
  return <LineIcon size={size}>{paths[name] ?? paths.info}</LineIcon>;
}
