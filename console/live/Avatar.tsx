// A customer's or agent's picture, or their initial on a colour picked from the name.
import { memo, useState } from 'react';
import { safeMediaUrl } from '../../core/chat/mediaUrl';

const COLORS = ['#124a97', '#1b7f4b', '#a15c00', '#7b3fa0', '#c62828', '#00758f'];

function colorOf(name: string): string {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return COLORS[h % COLORS.length];
}

export const Avatar = memo(function Avatar({
  name,
  image,
  size = 40,
}: {
  name: string;
  image?: string | null;
  size?: number;
}) {
  const [broken, setBroken] = useState(false);
  const src = safeMediaUrl(image);
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  if (src && !broken)
    return (
      <img
        className="avatar"
        src={src}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
        loading="lazy"
        onError={() => setBroken(true)}
      />
    );
  return (
    <span
      className="avatar avatar-initial"
      style={{ width: size, height: size, background: colorOf(name), fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
});
