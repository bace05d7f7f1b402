// Line icons for the media library (frame: ../ui/LineIcon).
import type { ReactElement } from 'react';
import { LineIcon } from '../ui/LineIcon';

const paths: Record<string, ReactElement> = {
  folder: (
    <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z" />
  ),
  folderPlus: (
    <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5zM12 10v6m-3-3h6" />
  ),
  upload: <path d="M12 16V4m-5 5 5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />,
  grid: <path d="M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z" />,
  list: <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />,
  search: <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm9 2-4.3-4.3" />,
  more: <path d="M5 12h.01M12 12h.01M19 12h.01" />,
  close: <path d="m6 6 12 12M18 6 6 18" />,
  file: <path d="M6 3h8l4 4v14H6zm8 0v4h4" />,
  video: <path d="M4 6h11v12H4zm11 4 5-3v10l-5-3" />,
  image: <path d="M4 5h16v14H4zm0 11 5-5 4 4 3-3 4 4M15.5 9.5h.01" />,
  check: <path d="m5 12 5 5 9-10" />,
  trash: <path d="M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13" />,
  move: (
    <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5zM10 13h6m-2-2 2 2-2 2" />
  ),
  edit: <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />,
  link: (
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  ),
  download: <path d="M12 4v12m-5-5 5 5 5-5M4 20h16" />,
  play: <path d="M8 5v14l11-7z" />,
};

export function MediaIcon({ name, size = 18 }: { name: keyof typeof paths | string; size?: number }) {
  return <LineIcon size={size}>{paths[name] ?? paths.file}</LineIcon>;
}
