// A location as customers receive it (spec 3 "Location"): LINE's own location message, and for
// the other channels a card with the address, hours and phone, a map button and a call button.
import type { Location } from '../models/location';
import type { FlexBubble, FlexComponent, FlexText } from '../template/flexTypes';
import { META_LIMITS } from '../template/limits';
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

/** The card's words in the customer's language (server: locales location.card.*). */
export interface LocationCardLabels {
  map: string;
  call: string;
  /** The hours line, with {{open}} and {{close}} where the times go. */
  hours: string;
}

export const DEFAULT_CARD_LABELS: LocationCardLabels = {
  map: 'Open map',
  call: 'Call',
  hours: 'Open {{open}}–{{close}}',
};

const hoursLine = (template: string, open: string, close: string) =>
  template.replace('{{open}}', open).replace('{{close}}', close);

const ELLIPSIS = '…';

/**
 * `text` cut at a grapheme boundary (a Thai vowel or tone mark stays with its consonant) so that
 * it and a closing '…' hold at most `max` characters; '' when not even one grapheme fits.
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - ELLIPSIS.length;
  if (room <= 0) return '';
  let end = 0;
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    // Only the first `max` characters matter, plus one grapheme's worth to see where it ends.
    for (const { index, segment } of segmenter.segment(text.slice(0, max + 16))) {
      if (index + segment.length > room) break;
      end = index + segment.length;
    }
  } else end = [...text.slice(0, room)].join('').length;
  const kept = text.slice(0, end).trimEnd();
  return kept ? `${kept}${ELLIPSIS}` : '';
}

/** A shortened line keeps at least this many characters, or is left out ("ถ…" tells nothing). */
const MIN_SHORTENED = 8;

/**
 * The lines that fit in `max` characters joined by newlines, the most useful first: whole lines
 * while they fit, then the first that does not, shortened with '…'; the rest are left out.
 */
export function fitLines(lines: readonly string[], max: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const line of lines) {
    const room = max - used - (out.length ? 1 : 0);
    if (line.length <= room) {
      out.push(line);
      used += (out.length > 1 ? 1 : 0) + line.length;
      continue;
    }
    const short = shorten(line, room);
    if (short.length > MIN_SHORTENED) out.push(short);
    break;
  }
  return out;
}

/** A full Thai address keeps at least this much when it gives up room to the hours and phone. */
const MIN_ADDRESS = 32;

/**
 * A location's detail lines within `max` characters: address, hours, phone, nearby place. An
 * address too long to leave room for the short hours and phone lines is shortened for them
 * (down to MIN_ADDRESS); otherwise lines are kept in that order as fitLines does.
 */
function fitDetails(details: readonly [string, string][], max: number): string[] {
  const texts = details.map(([, text]) => text);
  const [first, ...rest] = details;
  const short = rest.filter(([kind]) => kind === 'hours' || kind === 'phone').map(([, text]) => text);
  if (first?.[0] === 'address' && short.length > 0) {
    const room = max - short.reduce((n, text) => n + 1 + text.length, 0);
    if (first[1].length > room && room > MIN_ADDRESS) {
      const address = shorten(first[1], room);
      return [address, ...short];
    }
  }
  return fitLines(texts, max);
}

export interface LocationBubbleOptions {
  /** False where the channel has no call button (Instagram): the phone is a line of text. */
  callButton?: boolean;
  /**
   * Messenger and Instagram: the card is read into a Meta card (server/channels/meta/messages.ts),
   * whose title and subtitle hold at most 80 characters each with a picture (a generic element)
   * and 640 together without one (a button template). The name and the lines are fitted to that,
   * address first, then hours, phone and nearby place, so a generated card is never refused.
   */
  meta?: boolean;
}

/**
 * A card for channels without a location message (Messenger, Instagram, the widget). Where the
 * channel has no call button (Instagram: `callButton: false`) the phone number is a line of text.
 */
export function locationBubble(
  l: LocationFields,
  labels: LocationCardLabels = DEFAULT_CARD_LABELS,
  { callButton = true, meta = false }: LocationBubbleOptions = {},
): FlexBubble {
  const address = fullAddress(l);
  const hours = l.open_time && l.close_time ? hoursLine(labels.hours, l.open_time, l.close_time) : '';
  const nearby = l.nearby_place?.trim() ?? '';
  const phone = (l.telephone || l.mobile || '').trim();
  const phoneLine = phone && !callButton ? `☎ ${phone}` : '';
  // LINE and Meta fetch card images themselves, over https only.
  const image = l.image && isUrl(l.image) && l.image.startsWith('https://') ? l.image : null;
  const look = {
    address: { size: 'sm', wrap: true, color: '#555555' },
    hours: { size: 'sm', color: '#555555' },
    nearby: { size: 'xs', wrap: true, color: '#7F7F7F' },
    phone: { size: 'sm', color: '#555555' },
  } satisfies Record<string, Partial<FlexText>>;
  type Detail = [keyof typeof look, string];
  const order: Detail[] = meta
    ? [
        ['address', address],
        ['hours', hours],
        ['phone', phoneLine],
        ['nearby', nearby],
      ]
    : [
        ['address', address],
        ['hours', hours],
        ['nearby', nearby],
        ['phone', phoneLine],
      ];
  const details = order.filter(([, text]) => text);
  let name = l.name.trim();
  let texts = details.map(([, text]) => text);
  if (meta && image) {
    name = shorten(name, META_LIMITS.title);
    texts = fitDetails(details, META_LIMITS.subtitle);
  } else if (meta) [name, ...texts] = fitLines([name, ...texts], META_LIMITS.buttonTemplateText);
  // The fitted lines are a prefix of the details (the nearby place comes last), so texts[i] is
  // still details[i].
  const lines: FlexComponent[] = [
    { type: 'text', text: name, weight: 'bold', size: 'lg', wrap: true },
    ...texts.map((text, i): FlexText => ({ type: 'text', text, ...look[details[i][0]] })),
  ];
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
  if (image)
    bubble.hero = { type: 'image', url: image, size: 'full', aspectRatio: '1.51:1', aspectMode: 'cover' };
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
