// The location form (spec 3 "Location", spec 5, spec 9 phone max 10).

import { clockTime, latitude, longitude, maxLength, required, tel, url, validateForm } from './form';
import type { FieldError } from './rules';

/** Spec 9: text fields hold at most 300 characters. */
const TEXT_MAX = 300;

export const LOCATION_CHECKS = {
  name: [required, maxLength(TEXT_MAX)],
  open_time: [clockTime],
  close_time: [clockTime],
  telephone: [tel()],
  mobile: [tel()],
  address: [maxLength(TEXT_MAX)],
  nearby_place: [maxLength(TEXT_MAX)],
  latitude: [required, latitude],
  longitude: [required, longitude],
  /** The picture picked from the media library: its http(s) address. */
  image: [url()],
} as const;

export function validateLocation(form: unknown): FieldError[] {
  return validateForm(form, LOCATION_CHECKS);
}
