// The frame of the console's small line icons, drawn inline so the console needs no icon font;
// each feature keeps its own set of paths (layout/icons, live/icons, media/MediaIcon).
import type { ReactNode } from 'react';

export function LineIcon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
