// A location as customers receive it (spec 3 "Location"): LINE's own location message, and for
// the other channels a card with the address, hours and phone, a map button and a call button.
import type { Location } from '../models/location';
import type { FlexBubble, FlexComponent } from '../template/flexTypes';
import { isUrl } from '../validation/rules';

/** LINE's location message holds a title and an address of at most 100 characters each. */
export const LINE_LOCATION_TEXT_MAX = 100;

export type LocationFields = Pick<
  Location,
  | 'name'
  | 'address'
  | 'sub_district'
  | 'district'
  | 'province'
  | 'postcode'
  | 'latitude'
  | 'longitude'
  | 'open_time'
  | 'close_time'
  | 'telephone'
  | 'mobile'
  | 'nearby_place'
> & { image?: string | null };

export interface LineLocationItem {
  type: 'location';
  title: string;
  address: string;
  latitude: number;
  longitude: number;
}

const cut = (text: string, max: number) => ([...text].length > max ? [...text].slice(0, max).join('') : text);

/** The one-line address: street, sub district, district, province, postcode. */
export function fullAddress(l: Partial<LocationFields>): string {
  return [l.address, l.sub_district, l.district, l.province, l.postcode]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** A map address that opens in any browser or the phone's map app. */
export function mapUrl(l: Pick<LocationFields, 'latitude' | 'longitude'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${Number(l.latitude)},${Number(l.longitude)}`)}`;
}

export function toLineLocation(l: LocationFields): LineLocationItem {
  return {
    type: 'location',
    title: cut(l.name.trim(), LINE_LOCATION_TEXT_MAX),
    address: cut(fullAddress(l) || l.name.trim(), LINE_LOCATION_TEXT_MAX),
    latitude: Number(l.latitude),
    longitude: Number(l.longitude),
  };
}

export interface LocationCardLabels {
  map: string;
  call: string;
  hours: string;
}

export const DEFAULT_CARD_LABELS: LocationCardLabels = { map: 'Open map', call: 'Call', hours: 'Open' };

/**
 * A card for channels without a location message (Messenger, Instagram, the widget). Where the
 * channel has no call button (Instagram: `callButton: false`) the phone number is a line of text.
 */
export function locationBubble(
  l: LocationFields,
  labels: LocationCardLabels = DEFAULT_CARD_LABELS,
  { callButton = true }: { callButton?: boolean } = {},
): FlexBubble {
  const lines: FlexComponent[] = [
    { type: 'text', text: l.name.trim(), weight: 'bold', size: 'lg', wrap: true },
  ];
  const address = fullAddress(l);
  if (address) lines.push({ type: 'text', text: address, size: 'sm', wrap: true, color: '#555555' });
  if (l.open_time && l.close_time)
    lines.push({
      type: 'text',
      text: `${labels.hours} ${l.open_time}–${l.close_time}`,
      size: 'sm',
      color: '#555555',
    });
  if (l.nearby_place?.trim())
    lines.push({ type: 'text', text: l.nearby_place.trim(), size: 'xs', wrap: true, color: '#7F7F7F' });
  const phone = (l.telephone || l.mobile || '').trim();
  if (phone && !callButton) lines.push({ type: 'text', text: `☎ ${phone}`, size: 'sm', color: '#555555' });
  const buttons: FlexComponent[] = [
    {
      type: 'button',
      style: 'primary',
      height: 'sm',
      action: { type: 'uri', label: labels.map, uri: mapUrl(l) },
    },
  ];
  if (phone && callButton)
    buttons.push({
      type: 'button',
      style: 'secondary',
      height: 'sm',
      action: { type: 'uri', label: labels.call, uri: `tel:${phone}` },
    });
  const bubble: FlexBubble = {
    type: 'bubble',
    size: 'kilo',
    body: { type: 'box', layout: 'vertical', spacing: 'sm', contents: lines },
    footer: { type: 'box', layout: 'vertical', spacing: 'sm', contents: buttons },
  };
  // LINE and Meta fetch card images themselves, over https only.
  if (l.image && isUrl(l.image) && l.image.startsWith('https://'))
    bubble.hero = { type: 'image', url: l.image, size: 'full', aspectRatio: '1.51:1', aspectMode: 'cover' };
  return bubble;
}

/** Plain text for channels that show only text (WeChat). */
export function locationText(l: LocationFields): string {
  const phone = (l.telephone || l.mobile || '').trim();
  return [
    `📍 ${l.name.trim()}`,
    fullAddress(l),
    l.open_time && l.close_time ? `${l.open_time}–${l.close_time}` : '',
    phone ? `☎ ${phone}` : '',
    mapUrl(l),
  ]
    .filter(Boolean)
    .join('\n');
}
