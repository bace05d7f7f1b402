// LINE's own message items the bot and agents send to LINE chats (core/automation/replyConvert.ts,
// the location action, image-map templates): a location as a card with a map link, an image map
// as its picture with its alt text and what each area does. Everything is untrusted text.
import { useState } from 'react';
import { safeMediaUrl } from '../../core/chat/mediaUrl';
import { t } from '../app/i18n';

export interface LocationItemView {
  type: 'location';
  title?: unknown;
  address?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}

export interface ImagemapItemView {
  type: 'imagemap';
  baseUrl?: unknown;
  altText?: unknown;
  baseSize?: { width?: unknown; height?: unknown } | null;
  actions?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A point on OpenStreetMap, or null when the coordinates are not a place on Earth. */
export function mapLink(latitude: unknown, longitude: unknown): string | null {
  const lat = typeof latitude === 'string' ? Number(latitude) : latitude;
  const lng = typeof longitude === 'string' ? Number(longitude) : longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

export function LocationCard({ item }: { item: LocationItemView }) {
  const href = mapLink(item.latitude, item.longitude);
  const title = text(item.title);
  const address = text(item.address);
  return (
    <div className="item-location" data-testid="location-card">
      <span className="location-pin" aria-hidden="true">
        📍
      </span>
      <span className="location-info">
        <strong className="location-title">{title || t('live.item.location')}</strong>
        {address ? <span className="location-address">{address}</span> : null}
        {href ? (
          <span className="muted location-point">
            {Number(item.latitude)}, {Number(item.longitude)}
          </span>
        ) : null}
      </span>
      {href ? (
        <a className="action-button" href={href} target="_blank" rel="noopener noreferrer">
          {t('live.item.openMap')}
        </a>
      ) : null}
    </div>
  );
}

interface AreaAction {
  type?: unknown;
  linkUri?: unknown;
  text?: unknown;
  label?: unknown;
}

/** What tapping an area does, in words; a link is listed as text (opening it here would count a customer's click). */
function areaWhat(action: AreaAction): { kind: 'link' | 'message' | 'other'; value: string } {
  if (action.type === 'uri') return { kind: 'link', value: text(action.linkUri) };
  if (action.type === 'message') return { kind: 'message', value: text(action.text) };
  return { kind: 'other', value: text(action.label) || text(action.type) };
}

export function ImagemapView({ item }: { item: ImagemapItemView }) {
  const [broken, setBroken] = useState(false);
  const base = safeMediaUrl(item.baseUrl);
  const src = base && /^https?:\/\//i.test(base) ? `${base.replace(/\/+$/, '')}/1040` : null;
  const width = Number(item.baseSize?.width) || 1040;
  const height = Number(item.baseSize?.height) || 1040;
  const altText = text(item.altText);
  const actions = (Array.isArray(item.actions) ? item.actions : []) as AreaAction[];
  return (
    <figure className="item-imagemap" data-testid="imagemap-item">
      {src && !broken ? (
        <img
          src={src}
          alt={altText || t('live.item.imagemap')}
          loading="lazy"
          referrerPolicy="no-referrer"
          style={{ aspectRatio: `${width} / ${height}` }}
          onError={() => setBroken(true)}
        />
      ) : (
        <div
          className="imagemap-placeholder"
          role="img"
          aria-label={altText || t('live.item.imagemap')}
          style={{ aspectRatio: `${width} / ${height}` }}
          data-testid="imagemap-placeholder"
        >
          {t('live.item.imagemap')}
        </div>
      )}
      <figcaption>
        <span className="imagemap-alt">{altText || t('live.item.imagemap')}</span>
        {actions.length > 0 ? (
          <ol className="imagemap-areas" aria-label={t('live.item.imagemapAreas')}>
            {actions.map((action, i) => {
              const what = areaWhat(action);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: areas are numbered by position
                <li key={i}>
                  <span className="muted">{t('live.item.areaN', { n: i + 1 })}</span>{' '}
                  {what.kind === 'link' ? (
                    <span className="imagemap-link">{what.value}</span>
                  ) : what.kind === 'message' ? (
                    <span>“{what.value}”</span>
                  ) : (
                    <span>{what.value}</span>
                  )}
                </li>
              );
            })}
          </ol>
        ) : null}
      </figcaption>
    </figure>
  );
}
