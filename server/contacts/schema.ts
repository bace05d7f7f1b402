import { customType, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Permissions } from '../../core/models/account';
import type { ContactDetailType } from '../../core/models/contact';
import type { FieldValue } from '../../core/validation/contactField';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * jsonb holding a field value as is. Drizzle's jsonb parses a string it reads once more, so the
 * text "50000" would come back as the number 50000; both drivers already hand over parsed JSON.
 */
const fieldValue = customType<{ data: Exclude<FieldValue, null>; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value as Exclude<FieldValue, null>,
});

/** A custom field of an account's contacts (spec 3 contact_detail) and who may see it (spec 6). */
export const contactFields = pgTable('contact_fields', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  key: text('key').notNull(),
  label: text('label').notNull(),
  type: text('type').$type<ContactDetailType>().notNull(),
  permission: jsonb('permission').$type<Permissions>().notNull().default({ verify: [], default: [] }),
  position: integer('position').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const contactFieldValues = pgTable(
  'contact_field_values',
  {
    followerId: text('follower_id').notNull(),
    fieldId: text('field_id').notNull(),
    value: fieldValue('value').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.fieldId] })],
);

/** A verified customer (spec 3 verify): present means is_verify. */
export const contactVerifications = pgTable('contact_verifications', {
  followerId: text('follower_id').primaryKey(),
  accountId: text('account_id').notNull(),
  verifyType: text('verify_type').notNull().default('manual'),
  systemTags: jsonb('system_tags').$type<{ value: string }[]>().notNull().default([]),
  customerId: text('customer_id'),
  customerType: text('customer_type'),
  verifiedAt: ts('verified_at').notNull().defaultNow(),
  verifiedBy: text('verified_by'),
});
