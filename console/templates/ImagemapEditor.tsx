// The image-map editor (spec 2 "Image-map layout picker"): square and vertical families with
// layouts 0–4 and 10–14 and a custom layout, a live grid over the image where areas are chosen
// (and, in the custom layout, moved and resized), and each area's action.
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, type PointerEvent as ReactPointerEvent, Suspense, useId, useRef, useState } from 'react';
import {
  type AreaBox,
  IMAGEMAP_FAMILIES,
  IMAGEMAP_LAYOUT_IDS,
  type ImagemapFamily,
  type ImagemapLayoutId,
  imagemapBaseHeight,
  imagemapBaseSize,
  imagemapImageAddress,
  imagemapImageProblem,
  imagemapImageUrl,
  layoutAreas,
} from '../../core/template/imagemap';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { LibraryFile } from '../media/MediaPicker';
import { ActionForm } from './ActionForm';
import { NumberField, TextField, useField } from './fields';
import {
  addArea,
  areaIndex,
  imagemap,
  problemByField,
  removeArea,
  setLayout,
  shownProblem,
  touch,
  updateImagemap,
} from './state';

const MediaPicker = lazy(() => import('../media/MediaPicker'));

/** LINE takes JPEG or PNG pictures for image maps; the picker uploads only those here. */
const PICTURE_TYPES = ['jpg', 'jpeg', 'png', 'image/jpeg', 'image/png'] as const;

/**
 * A library picture becomes `{its server's origin}/imagemap/{id}`, which serves it at every width
 * LINE asks for, with the base height of the picture at 1040 wide. Returns a refusal instead when
 * LINE cannot take the picture.
 */
export function applyPicture(file: LibraryFile): string | null {
  const problem = imagemapImageProblem({ type: file.type, size: file.size, resolution: file.resolution });
  if (problem || !file.resolution) return problem;
  const resolution = file.resolution;
  updateImagemap((draft) => {
    draft.baseUrl = imagemapImageUrl(new URL(file.url, window.location.href).origin, file.id);
    draft.baseHeight = imagemapBaseHeight(resolution);
  });
  touch('baseUrl');
  return null;
}

/** The picture's address; typing one by hand drops the height a library picture had given. */
function BaseUrlField() {
  const id = useId();
  const { value, problem } = useField('baseUrl');
  const text = typeof value === 'string' ? value : '';
  const picked = imagemapImageAddress(text) !== null;
  const height = imagemap.value.baseHeight;
  return (
    <div className="tpl-field" data-field="baseUrl">
      <label htmlFor={id}>{t('templates.fields.baseUrl')}</label>
      <input
        id={id}
        type="text"
        value={text}
        placeholder="https://"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => {
          const next = e.target.value;
          updateImagemap((draft) => {
            draft.baseUrl = next;
            draft.baseHeight = null;
          });
          touch('baseUrl');
        }}
      />
      <span className="tpl-hint" data-testid="imagemap-picture-hint">
        {picked && height
          ? t('templates.imagemap.pictureFromLibrary', { width: 1040, height })
          : t('templates.imagemap.baseUrlHint')}
      </span>
      {problem ? (
        <span className="tpl-field-error" id={`${id}-error`} data-testid="field-error">
          {localMessage(problem)}
        </span>
      ) : null}
    </div>
  );
}

export const IMAGEMAP_AREA_ACTIONS = ['none', 'message', 'uri', 'tel'] as const;

function LayoutThumb({ family, layout }: { family: ImagemapFamily; layout: ImagemapLayoutId | 'custom' }) {
  const boxes: AreaBox[] =
    layout === 'custom' ? [{ top: 0, left: 0, width: 30, height: 30 }] : layoutAreas(layout);
  return (
    <span className={`tpl-thumb ${family}`} aria-hidden="true">
      {boxes.map((b, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a layout's areas have a fixed order
          key={i}
          style={{ top: `${b.top}%`, left: `${b.left}%`, width: `${b.width}%`, height: `${b.height}%` }}
        />
      ))}
    </span>
  );
}

export function LayoutPicker() {
  useSignals();
  const form = imagemap.value;
  return (
    <div className="tpl-layouts">
      {IMAGEMAP_FAMILIES.map((family) => (
        <div key={family} className="tpl-layout-family">
          <span className="tpl-layout-name">{t(`templates.imagemap.families.${family}`)}</span>
          <div className="tpl-layout-row">
            {[...IMAGEMAP_LAYOUT_IDS, 'custom' as const].map((layout) => {
              const on = form.family === family && form.layout === layout;
              return (
                <button
                  key={layout}
                  type="button"
                  aria-pressed={on}
                  className={`tpl-layout ${on ? 'on' : ''}`}
                  data-testid={`layout-${family}-${layout}`}
                  title={t(`templates.imagemap.layouts.${layout}`)}
                  onClick={() => setLayout(family, layout)}
                >
                  <LayoutThumb family={family} layout={layout} />
                  <span className="tpl-layout-id">
                    {layout === 'custom' ? t('templates.imagemap.custom') : layout}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The image as LINE would fetch it (`{baseUrl}/1040`), else the address itself, else a placeholder. */
function BaseImage({ baseUrl }: { baseUrl: string }) {
  const [attempt, setAttempt] = useState(0);
  const [seen, setSeen] = useState(baseUrl);
  if (seen !== baseUrl) {
    setSeen(baseUrl);
    setAttempt(0);
  }
  const candidates = /^https?:\/\/\S+$/i.test(baseUrl) ? [`${baseUrl.replace(/\/$/, '')}/1040`, baseUrl] : [];
  const src = candidates[attempt];
  return src ? (
    <img src={src} alt="" referrerPolicy="no-referrer" onError={() => setAttempt((a) => a + 1)} />
  ) : null;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const round = (n: number) => Math.round(n * 10) / 10;

/** The image with its areas; in the custom layout an area is dragged to move it or by its corner to resize. */
export function ImagemapCanvas({ editable = true }: { editable?: boolean }) {
  useSignals();
  const form = imagemap.value;
  const size = imagemapBaseSize(form);
  const ref = useRef<HTMLDivElement>(null);
  const custom = editable && form.layout === 'custom';
  const drag = useRef<{
    index: number;
    mode: 'move' | 'resize';
    x: number;
    y: number;
    start: AreaBox;
  } | null>(null);

  const onDown = (e: ReactPointerEvent, index: number, mode: 'move' | 'resize') => {
    areaIndex.value = index;
    if (!custom) return;
    e.preventDefault();
    e.stopPropagation();
    (e.target as Element).setPointerCapture?.(e.pointerId);
    const a = form.areas[index];
    drag.current = {
      index,
      mode,
      x: e.clientX,
      y: e.clientY,
      start: { top: a.top, left: a.left, width: a.width, height: a.height },
    };
  };
  const onMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    const box = ref.current?.getBoundingClientRect();
    if (!d || !box) return;
    const dx = ((e.clientX - d.x) / box.width) * 100;
    const dy = ((e.clientY - d.y) / box.height) * 100;
    updateImagemap((draft) => {
      const area = draft.areas[d.index];
      if (d.mode === 'move') {
        area.left = round(clamp(d.start.left + dx, 0, 100 - d.start.width));
        area.top = round(clamp(d.start.top + dy, 0, 100 - d.start.height));
      } else {
        area.width = round(clamp(d.start.width + dx, 1, 100 - d.start.left));
        area.height = round(clamp(d.start.height + dy, 1, 100 - d.start.top));
      }
    });
  };
  const onUp = () => {
    drag.current = null;
  };

  return (
    <div
      className={`tpl-canvas ${form.family}`}
      ref={ref}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      data-testid="imagemap-canvas"
    >
      <span className="tpl-canvas-placeholder">
        {t('templates.imagemap.imageSize', { width: size.width, height: size.height })}
      </span>
      <BaseImage baseUrl={form.baseUrl} />
      {form.areas.map((area, i) => {
        const bad = [...problemByField.value.keys()].some((k) => k.startsWith(`areas[${i}]`));
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: areas are numbered by position
            key={i}
            type="button"
            className={`tpl-area ${areaIndex.value === i ? 'on' : ''} ${bad ? 'bad' : ''} ${custom ? 'movable' : ''}`}
            style={{
              top: `${area.top}%`,
              left: `${area.left}%`,
              width: `${area.width}%`,
              height: `${area.height}%`,
            }}
            aria-label={t('templates.imagemap.areaN', { n: i + 1 })}
            aria-pressed={areaIndex.value === i}
            onPointerDown={(e) => onDown(e, i, 'move')}
            onClick={() => {
              areaIndex.value = i;
            }}
          >
            <span className="tpl-area-n">{i + 1}</span>
            {custom ? (
              <span
                className="tpl-area-resize"
                aria-hidden="true"
                onPointerDown={(e) => onDown(e, i, 'resize')}
              />
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

export function ImagemapEditor() {
  useSignals();
  const form = imagemap.value;
  const [picking, setPicking] = useState(false);
  const [pickProblem, setPickProblem] = useState<string | null>(null);
  const index = Math.min(areaIndex.value, Math.max(0, form.areas.length - 1));
  const area = form.areas[index];
  const at = `areas[${index}]`;
  return (
    <div className="tpl-imagemap" data-testid="imagemap-editor">
      <section className="tpl-panel">
        <h2>{t('templates.imagemap.image')}</h2>
        <div className="tpl-image-pick">
          <BaseUrlField />
          <button
            type="button"
            className="tpl-button"
            onClick={() => setPicking(true)}
            data-testid="imagemap-pick-picture"
          >
            {t('templates.image.library')}
          </button>
        </div>
        {pickProblem ? (
          <p className="tpl-field-error" role="alert">
            {localMessage(pickProblem)}
          </p>
        ) : null}
        <TextField path="altText" label={t('templates.fields.altText')} hint={t('templates.altTextHint')} />
      </section>
      <section className="tpl-panel">
        <h2>{t('templates.imagemap.layout')}</h2>
        <LayoutPicker />
      </section>
      <section className="tpl-panel tpl-areas">
        <h2>{t('templates.imagemap.areas')}</h2>
        {shownProblem('areas') ? <p className="tpl-field-error">{shownProblem('areas')}</p> : null}
        <div className="tpl-areas-body">
          <ImagemapCanvas />
          <div className="tpl-area-settings">
            <div className="tpl-tabs small" role="tablist" aria-label={t('templates.imagemap.areas')}>
              {form.areas.map((_, i) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: areas are numbered by position
                  key={i}
                  type="button"
                  role="tab"
                  aria-selected={i === index}
                  className={i === index ? 'on' : ''}
                  onClick={() => {
                    areaIndex.value = i;
                  }}
                >
                  {t('templates.imagemap.areaN', { n: i + 1 })}
                </button>
              ))}
              {form.layout === 'custom' ? (
                <button type="button" className="tpl-link" onClick={addArea}>
                  + {t('templates.imagemap.addArea')}
                </button>
              ) : null}
            </div>
            {area ? (
              <div key={index} data-testid="area-settings">
                {form.layout === 'custom' ? (
                  <>
                    <div className="tpl-row four">
                      {(['left', 'top', 'width', 'height'] as const).map((k) => (
                        <NumberField
                          key={k}
                          path={`${at}.${k}`}
                          label={t(`templates.fields.${k}`)}
                          suffix="%"
                          step={0.1}
                          max={100}
                        />
                      ))}
                    </div>
                    {form.areas.length > 1 ? (
                      <button type="button" className="tpl-link danger" onClick={() => removeArea(index)}>
                        {t('templates.imagemap.removeArea')}
                      </button>
                    ) : null}
                  </>
                ) : (
                  <p className="tpl-hint">
                    {t('templates.imagemap.areaBox', {
                      left: round(area.left),
                      top: round(area.top),
                      width: round(area.width),
                      height: round(area.height),
                    })}
                  </p>
                )}
                <ActionForm
                  path={`${at}.action`}
                  label={t('templates.fields.action')}
                  types={IMAGEMAP_AREA_ACTIONS}
                />
              </div>
            ) : null}
          </div>
        </div>
      </section>
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            accept="image"
            limit={1}
            rules={{ allowed: PICTURE_TYPES }}
            title={t('templates.imagemap.pickPicture')}
            onClose={() => setPicking(false)}
            onPick={(files) => {
              if (files[0]) setPickProblem(applyPicture(files[0]));
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
