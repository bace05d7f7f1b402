// A business location (spec 3 "Location"); its form rules are in core/validation/location.ts.
import { defaulted, enums, type Infer, nullable, optional, string, type } from 'superstruct';

export const LOCATION_STATUSES = ['Active', 'Disactive'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];

export const Location = type({
  _id: optional(string()),
  name: string(),
  open_time: defaulted(string(), ''),
  close_time: defaulted(string(), ''),
  telephone: defaulted(string(), ''),
  mobile: defaulted(string(), ''),
  address: defaulted(string(), ''),
  province: defaulted(string(), ''),
  district: defaulted(string(), ''),
  sub_district: defaulted(string(), ''),
  postcode: defaulted(string(), ''),
  nearby_place: defaulted(string(), ''),
  latitude: string(),
  longitude: string(),
  image: optional(nullable(string())),
  isActive: defaulted(enums(LOCATION_STATUSES), 'Active'),
});
export type Location = Infer<typeof Location>;
