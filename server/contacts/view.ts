// A contact as one viewer may see it (spec 3 Contact, spec 4 tag visibility, spec 6): hidden tags
// left out, hidden field values replaced by '-', api tags split off. Every read of a contact
// (list, details, export, the inbox sidebar) goes through here, so the rule holds everywhere.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { HIDDEN_VALUE, splitApiTags } from '../../core/access/contactAccess';
import { canEdit, canView } from '../../core/access/entryAccess';
import type { Viewer as RoleViewer } from '../../core/access/permissions';
import type { Permissions } from '../../core/models/account';
import type { ContactDetailType } from '../../core/models/contact';
import { fieldValueText } from '../../core/validation/contactField';
import { channels } from '../accounts/schema';
import { followers, followerTags, tags } from '../chat/schema';
import type { Db } from '../db/client';
import { byName } from '../db/order';
import { contactFields, contactFieldValues, contactVerifications } from './schema';

type FollowerRow = typeof followers.$inferSelect;
export type FieldRow = typeof contactFields.$inferSelect;

/** Who reads: their role (for permission entries) and whether they may change contacts at all. */
export interface ContactViewer extends RoleViewer {
  accountId: string;
  userId: string;
  /** contacts write (core/access/areas.ts). */
  mayWrite: boolean;
}

/** Contacts made by hand or imported without a social id carry this external id prefix. */
export const MANUAL_PREFIX = 'manual:';

export interface WireContactTag {
  _id: string;
  name: string;
  permission: Permissions;
  show: boolean;
  verify_tag_api: boolean;
  is_verify: boolean;
  editable: boolean;
}

export interface WireContactField {
  key: string;
  label: string;
  type: ContactDetailType;
  value: unknown;
  permission: Permissions;
  hidden: boolean;
  editable: boolean;
}

export function accountFields(db: Db, accountId: string): Promise<FieldRow[]> {
  return db
    .select()
    .from(contactFields)
    .where(eq(contactFields.accountId, accountId))
    .orderBy(asc(contactFields.position), asc(contactFields.createdAt));
}

export async function contactsToWire(
  db: Db,
  viewer: ContactViewer,
  rows: FollowerRow[],
  preloaded?: { fields?: FieldRow[] },
) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [fields, values, tagRows, verifications, channelRows] = await Promise.all([
    preloaded?.fields ?? accountFields(db, viewer.accountId),
    db.select().from(contactFieldValues).where(inArray(contactFieldValues.followerId, ids)),
    db
      .select({
        followerId: followerTags.followerId,
        id: tags.id,
        name: tags.name,
        isVerify: tags.isVerify,
        verifyTagApi: tags.verifyTagApi,
        permission: tags.permission,
      })
      .from(followerTags)
      .innerJoin(tags, eq(tags.id, followerTags.tagId))
      .where(and(inArray(followerTags.followerId, ids), eq(tags.accountId, viewer.accountId)))
      .orderBy(...byName(tags.name)),
    db.select().from(contactVerifications).where(inArray(contactVerifications.followerId, ids)),
    db
      .select({ id: channels.id, name: channels.name, type: channels.type })
      .from(channels)
      .where(eq(channels.accountId, viewer.accountId)),
  ]);
  const channelById = new Map(channelRows.map((c) => [c.id, c]));
  const verifyById = new Map(verifications.map((v) => [v.followerId, v]));
  const valuesById = new Map<string, Map<string, unknown>>();
  for (const v of values) {
    const map = valuesById.get(v.followerId) ?? new Map<string, unknown>();
    map.set(v.fieldId, v.value);
    valuesById.set(v.followerId, map);
  }
  return rows.map((row) => {
    const verification = verifyById.get(row.id) ?? null;
    const isVerified = verification !== null;
    const own = valuesById.get(row.id);
    const contactDetail: WireContactField[] = fields.map((field) => {
      const hidden = !canView(field.permission, viewer, isVerified);
      return {
        key: field.key,
        label: field.label,
        type: field.type,
        value: hidden ? HIDDEN_VALUE : (own?.get(field.id) ?? null),
        permission: field.permission,
        hidden,
        editable: viewer.mayWrite && canEdit(field.permission, viewer, isVerified),
      };
    });
    const visible: WireContactTag[] = tagRows
      .filter((t) => t.followerId === row.id && canView(t.permission, viewer, isVerified))
      .map((t) => ({
        _id: t.id,
        name: t.name,
        permission: t.permission,
        show: true,
        verify_tag_api: t.verifyTagApi,
        is_verify: t.isVerify,
        editable: viewer.mayWrite && canEdit(t.permission, viewer, isVerified),
      }));
    const split = splitApiTags(visible);
    const channel = channelById.get(row.channelId);
    return {
      _id: row.id,
      display_name: row.lineNickname?.trim() || row.lineName,
      line_name: row.lineName,
      line_nickname: row.lineNickname,
      line_image: row.lineImage,
      channel_type: row.channelType,
      channel: channel ? { _id: channel.id, name: channel.name, type: channel.type } : null,
      follower_type: row.followerType,
      social_id: row.externalId.startsWith(MANUAL_PREFIX) ? '-' : row.externalId,
      is_block: row.isBlock,
      verify: {
        is_verify: isVerified,
        verify_type: verification?.verifyType ?? null,
        system_tags: verification?.systemTags ?? [],
        verified_at: verification?.verifiedAt.toISOString() ?? null,
      },
      tags: split.tags,
      api_tags: split.api_tags,
      contact_detail: contactDetail,
      contact_desc: contactDetail
        .filter((d) => d.value !== null && d.value !== '')
        .map((d) => ({ key: d.key, value: d.hidden ? HIDDEN_VALUE : fieldValueText(d.value) })),
      customer_id: verification?.customerId ?? null,
      customer_type: verification?.customerType ?? null,
      created_at: row.createdAt.toISOString(),
      last_message_at: row.lastMessageAt?.toISOString() ?? null,
    };
  });
}
export type WireContact = Awaited<ReturnType<typeof contactsToWire>>[number];

export async function contactToWire(db: Db, viewer: ContactViewer, row: FollowerRow): Promise<WireContact> {
  const [wire] = await contactsToWire(db, viewer, [row]);
  return wire;
}

export async function findContactRow(db: Db, accountId: string, id: string): Promise<FollowerRow | null> {
  const [row] = await db
    .select()
    .from(followers)
    .where(and(eq(followers.id, id), eq(followers.accountId, accountId)))
    .limit(1);
  return row ?? null;
}
