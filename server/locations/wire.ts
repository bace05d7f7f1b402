// Location rows ↔ the spec 3 Location on the wire (snake_case names as core/models/location.ts).
import type { Location } from '../../core/models/location';
import type { locations } from './schema';

export type LocationRow = typeof locations.$inferSelect;

export function locationRowToModel(row: LocationRow): Location & { _id: string } {
  return {
    _id: row.id,
    name: row.name,
    open_time: row.openTime,
    close_time: row.closeTime,
    telephone: row.telephone,
    mobile: row.mobile,
    address: row.address,
    province: row.province,
    district: row.district,
    sub_district: row.subDistrict,
    postcode: row.postcode,
    nearby_place: row.nearbyPlace,
    latitude: row.latitude,
    longitude: row.longitude,
    image: row.image,
    isActive: row.isActive,
  };
}

export function locationToWire(row: LocationRow) {
  return {
    ...locationRowToModel(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
