// The menu's line icons (frame: ../ui/LineIcon).
import type { ReactElement } from 'react';
import { LineIcon } from '../ui/LineIcon';

const paths: Record<string, ReactElement> = {
  dashboard: <path d="M4 13h6V4H4zm0 7h6v-5H4zm10 0h6v-9h-6zm0-16v5h6V4z" />,
  live: <path d="M4 5h16v11H9l-5 4z" />,
  'contact-list': (
    <path d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c2 .8 3 3 3 6" />
  ),
  broadcast: <path d="M4 10v4h3l6 4V6L7 10zm13-2a5 5 0 0 1 0 8m2-11a9 9 0 0 1 0 14" />,
  'message-template': <path d="M4 4h16v7H4zm0 10h7v6H4zm10 0h6v6h-6z" />,
  'keyword-mapping': <path d="M4 7h7M4 12h5M4 17h7M14 7l3 5-3 5m6-10v10" />,
  'reply-message': <path d="M10 8 5 12l5 4M5 12h9a5 5 0 0 1 5 5v1" />,
  'rich-menu': <path d="M4 5h16v14H4zm0 7h16M10 12v7m6-7v7" />,
  location: <path d="M12 21s-6-5.5-6-11a6 6 0 0 1 12 0c0 5.5-6 11-6 11zm0-9a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" />,
  report: <path d="M5 20V10m5 10V4m5 16v-7m5 7V8" />,
  monitoring: <path d="M3 12h4l3-7 4 14 3-7h4" />,
  settings: (
    <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2.2-1.3L14.3 3h-4l-.4 2.4a7.5 7.5 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2.2 1.3l.4 2.4h4l.4-2.4a7.5 7.5 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3z" />
  ),
  agents: <path d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m2-9 2 2 4-4" />,
  globe: (
    <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" />
  ),
  chevron: <path d="m7 10 5 5 5-5" />,
  logout: <path d="M15 4h4v16h-4M10 8l-4 4 4 4m-4-4h11" />,
  user: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9c0-3.9 3.1-7 7-7s7 3.1 7 7" />,
};

export function Icon({ name, size = 22 }: { name: string; size?: number }) {
  return <LineIcon size={size}>{paths[name] ?? paths.dashboard}</LineIcon>;
}
