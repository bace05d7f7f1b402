import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocationStatus } from '../../core/models/location';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A business location (spec 3); coordinates kept as typed, validated as decimals. */
export const locations = pgTable('locations', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  openTime: text('open_time').notNull().default(''),
  closeTime: text('close_time').notNull().default(''),
  telephone: text('telephone').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  address: text('address').notNull().default(''),
  province: text('province').notNull().default(''),
  district: text('district').notNull().default(''),
  subDistrict: text('sub_district').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  nearbyPlace: text('nearby_place').notNull().default(''),
  latitude: text('latitude').notNull(),
  longitude: text('longitude').notNull(),
  image: text('image'),
  isActive: text('is_active').$type<LocationStatus>().notNull().default('Active'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
