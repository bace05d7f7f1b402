// location (spec 3): the bot sends the chosen place — LINE's location message, a card with a map
// button on Messenger, Instagram and the widget, text on WeChat. A saved location at those
// coordinates (server/locations) gives its name, address, hours and phone.
import { and, eq } from 'drizzle-orm';
import {
  type LocationCardLabels,
  type LocationFields,
  locationBubble,
  locationText,
  toLineLocation,
} from '../../../core/automation/location';
import type { OutgoingItem } from '../../../core/automation/replyConvert';
import { isLatitude, isLongitude } from '../../../core/validation/rules';
import { locations } from '../../locations/schema';
import { locationRowToModel } from '../../locations/wire';
import { customerWords, say, sayText } from '../reply';
import type { ActionRun } from '../run';
import { locationCardLabels } from '../texts';

/** Coordinates closer than this (about 50 m) name the same saved place. */
const SAME_PLACE = 0.0005;

async function savedPlace(run: ActionRun, lat: number, lng: number): Promise<LocationFields | null> {
  const rows = await run.ctx.db
    .select()
    .from(locations)
    .where(and(eq(locations.accountId, run.accountId), eq(locations.isActive, 'Active')));
  const near = rows
    .map((r) => ({ r, d: Math.abs(Number(r.latitude) - lat) + Math.abs(Number(r.longitude) - lng) }))
    .filter((x) => Number.isFinite(x.d) && x.d <= SAME_PLACE * 2)
    .sort((a, b) => a.d - b.d)[0];
  return near ? locationRowToModel(near.r) : null;
}

export function locationItems(
  channel: string,
  place: LocationFields,
  labels: LocationCardLabels,
): OutgoingItem[] {
  if (channel === 'line') return [toLineLocation(place)];
  if (channel === 'wechat') return [{ type: 'text', text: locationText(place) }];
  const bubble = locationBubble(place, labels, {
    callButton: channel !== 'instagram',
    meta: channel === 'messenger' || channel === 'instagram',
  });
  return [{ type: 'flex', altText: `📍 ${place.name}`, contents: bubble }];
}

export async function runLocation(run: ActionRun): Promise<void> {
  const lat = run.action.lat ?? run.params.lat;
  const lng = run.action.lng ?? run.params.lng;
  if (!isLatitude(lat) || !isLongitude(lng)) {
    run.ctx.log.warn({ lat, lng }, 'location action without valid coordinates');
    return sayText(run, customerWords(run, 'notAvailable'));
  }
  const latitude = Number(lat);
  const longitude = Number(lng);
  const place: LocationFields = (await savedPlace(run, latitude, longitude)) ?? {
    name: customerWords(run, 'location'),
    address: `${latitude}, ${longitude}`,
    sub_district: '',
    district: '',
    province: '',
    postcode: '',
    latitude: String(latitude),
    longitude: String(longitude),
    open_time: '',
    close_time: '',
    telephone: '',
    mobile: '',
    nearby_place: '',
  };
  await say(run, locationItems(run.channelType, place, locationCardLabels(run.lang)));
}
