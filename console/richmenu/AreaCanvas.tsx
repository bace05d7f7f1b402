// The rich menu picture with its tapping areas (spec 2 "areas with actions drawn on the image"):
// drag on the picture to draw an area, click one to select it. Coordinates are LINE's pixels on
// the 2500-wide image, kept as integers.
import { type PointerEvent, useRef, useState } from 'react';
import type { RichMenuArea } from '../../core/automation/richMenu';
import { t } from '../app/i18n';

const MIN_AREA = 40;

export function AreaCanvas({
  size,
  imageUrl,
  areas,
  selected,
  onSelect,
  onDraw,
}: {
  size: { width: number; height: number };
  imageUrl: string | null;
  areas: RichMenuArea[];
  selected: number | null;
  onSelect: (index: number | null) => void;
  onDraw: (area: RichMenuArea) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const toImage = (e: PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    const x = Math.round(((e.clientX - rect.left) / rect.width) * size.width);
    const y = Math.round(((e.clientY - rect.top) / rect.height) * size.height);
    return { x: Math.max(0, Math.min(size.width, x)), y: Math.max(0, Math.min(size.height, y)) };
  };
  const pct = (n: number, of: number) => `${(n / of) * 100}%`;
  const rectOf = (d: NonNullable<typeof drag>) => ({
    x: Math.min(d.x0, d.x1),
    y: Math.min(d.y0, d.y1),
    width: Math.abs(d.x1 - d.x0),
    height: Math.abs(d.y1 - d.y0),
  });
  return (
    <div
      className="rm-canvas"
      ref={box}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      data-testid="area-canvas"
      role="application"
      aria-label={t('richMenu.canvasLabel')}
      onPointerDown={(e) => {
        if ((e.target as HTMLElement).closest('.rm-area')) return;
        const p = toImage(e);
        box.current?.setPointerCapture(e.pointerId);
        setDrag({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
      }}
      onPointerMove={(e) => {
        if (!drag) return;
        const p = toImage(e);
        setDrag({ ...drag, x1: p.x, y1: p.y });
      }}
      onPointerUp={() => {
        if (!drag) return;
        const r = rectOf(drag);
        setDrag(null);
        if (r.width >= MIN_AREA && r.height >= MIN_AREA) onDraw({ ...r, action: null });
        else onSelect(null);
      }}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" draggable={false} />
      ) : (
        <span className="rm-canvas-empty">{t('richMenu.noImage')}</span>
      )}
      {areas.map((a, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: areas are numbered by position
          key={i}
          type="button"
          className={`rm-area ${selected === i ? 'on' : ''} ${a.action ? '' : 'empty'}`}
          style={{
            left: pct(a.x, size.width),
            top: pct(a.y, size.height),
            width: pct(a.width, size.width),
            height: pct(a.height, size.height),
          }}
          onClick={() => onSelect(i)}
          aria-label={t('richMenu.areaN', { n: i + 1 })}
          data-testid="rm-area"
        >
          <span>{String.fromCharCode(65 + i)}</span>
        </button>
      ))}
      {drag ? (
        <span
          className="rm-area drawing"
          style={(() => {
            const r = rectOf(drag);
            return {
              left: pct(r.x, size.width),
              top: pct(r.y, size.height),
              width: pct(r.width, size.width),
              height: pct(r.height, size.height),
            };
          })()}
        />
      ) : null}
    </div>
  );
}
