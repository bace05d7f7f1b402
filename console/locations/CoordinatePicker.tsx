// Marking a location's point without map tiles (nothing external may load here): a coordinate
// grid over Thailand that zooms in around the point; a click sets latitude and longitude. The
// point can be checked on OpenStreetMap in a new tab, or taken from the browser's location.
import { useState } from 'react';
import { isLatitude, isLongitude } from '../../core/validation/rules';
import { t } from '../app/i18n';

/** Thailand and its neighbours: where most points of our accounts lie. */
const HOME = { lat: 13, lng: 101.5, span: 16 };
const MIN_SPAN = 0.002;

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export function osmUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

export function CoordinatePicker({
  latitude,
  longitude,
  onChange,
}: {
  latitude: string;
  longitude: string;
  onChange: (lat: string, lng: string) => void;
}) {
  const has = isLatitude(latitude) && isLongitude(longitude);
  const lat = has ? Number(latitude) : null;
  const lng = has ? Number(longitude) : null;
  const [view, setView] = useState(() =>
    has ? { lat: lat as number, lng: lng as number, span: 0.5 } : HOME,
  );
  const [locating, setLocating] = useState(false);
  // Longitude degrees are shorter away from the equator; the view keeps the ground square.
  const cos = Math.cos((view.lat * Math.PI) / 180);
  const spanLng = view.span / Math.max(cos, 0.2);
  const west = view.lng - spanLng / 2;
  const north = view.lat + view.span / 2;
  const zoom = (factor: number) =>
    setView((v) => ({ ...v, span: Math.min(120, Math.max(MIN_SPAN, v.span * factor)) }));
  const pick = (e: React.MouseEvent<HTMLButtonElement>) => {
    // A key press "clicks" without a pointer position: the fields beside it set the point then.
    if (e.detail === 0) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const newLng = round(west + ((e.clientX - rect.left) / rect.width) * spanLng);
    const newLat = round(north - ((e.clientY - rect.top) / rect.height) * view.span);
    onChange(String(Math.max(-90, Math.min(90, newLat))), String(Math.max(-180, Math.min(180, newLng))));
  };
  const lines = [1, 2, 3].map((i) => i * 25);
  const marker =
    lat !== null && lng !== null
      ? { left: ((lng - west) / spanLng) * 100, top: ((north - lat) / view.span) * 100 }
      : null;
  const visible = marker && marker.left >= 0 && marker.left <= 100 && marker.top >= 0 && marker.top <= 100;
  return (
    <div className="loc-picker" data-testid="coordinate-picker">
      <div className="loc-picker-bar">
        <button
          type="button"
          className="tpl-button"
          onClick={() => zoom(0.25)}
          aria-label={t('location.map.zoomIn')}
        >
          +
        </button>
        <button
          type="button"
          className="tpl-button"
          onClick={() => zoom(4)}
          aria-label={t('location.map.zoomOut')}
        >
          −
        </button>
        <button
          type="button"
          className="tpl-button"
          disabled={!has}
          onClick={() => lat !== null && lng !== null && setView((v) => ({ ...v, lat, lng }))}
        >
          {t('location.map.center')}
        </button>
        <button type="button" className="tpl-button" onClick={() => setView(HOME)}>
          {t('location.map.reset')}
        </button>
        {typeof navigator !== 'undefined' && 'geolocation' in navigator ? (
          <button
            type="button"
            className="tpl-button"
            disabled={locating}
            onClick={() => {
              setLocating(true);
              navigator.geolocation.getCurrentPosition(
                (p) => {
                  setLocating(false);
                  const here = { lat: round(p.coords.latitude), lng: round(p.coords.longitude) };
                  onChange(String(here.lat), String(here.lng));
                  setView({ ...here, span: 0.05 });
                },
                () => setLocating(false),
                { timeout: 10_000 },
              );
            }}
          >
            {t('location.map.here')}
          </button>
        ) : null}
        {has ? (
          <a
            className="tpl-link"
            href={osmUrl(lat as number, lng as number)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('location.map.openOsm')}
          </a>
        ) : null}
      </div>
      <button type="button" className="loc-grid" onClick={pick} aria-label={t('location.map.gridLabel')}>
        {lines.map((p) => (
          <span key={`v${p}`} className="loc-line v" style={{ left: `${p}%` }}>
            <em>{(west + (spanLng * p) / 100).toFixed(view.span < 1 ? 4 : 1)}°</em>
          </span>
        ))}
        {lines.map((p) => (
          <span key={`h${p}`} className="loc-line h" style={{ top: `${p}%` }}>
            <em>{(north - (view.span * p) / 100).toFixed(view.span < 1 ? 4 : 1)}°</em>
          </span>
        ))}
        {visible && marker ? (
          <span
            className="loc-marker"
            style={{ left: `${marker.left}%`, top: `${marker.top}%` }}
            aria-hidden="true"
          />
        ) : null}
      </button>
      <p className="auto-hint">{t('location.map.hint')}</p>
    </div>
  );
}
