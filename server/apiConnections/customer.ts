// What a call made for one customer may put in its {placeholders}: who they are on which channel,
// their verification, and their contact fields by key (`{contact.phone}`, or `{phone}` when no
// built-in name is taken). Values of verification forms and action parameters come on top.
import { eq } from 'drizzle-orm';
import { followers } from '../chat/schema';
import { contactFields, contactFieldValues, contactVerifications } from '../contacts/schema';
import type { AppContext } from '../context';

export type CustomerValues = Record<string, unknown>;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export async function customerValues(ctx: AppContext, followerId: string): Promise<CustomerValues> {
  const [row] = await ctx.db
    .select({ follower: followers, verify: contactVerifications })
    .from(followers)
    .leftJoin(contactVerifications, eq(contactVerifications.followerId, followers.id))
    .where(eq(followers.id, followerId))
    .limit(1);
  if (!row) return {};
  const f = row.follower;
  const fields = await ctx.db
    .select({ key: contactFields.key, value: contactFieldValues.value })
    .from(contactFieldValues)
    .innerJoin(contactFields, eq(contactFields.id, contactFieldValues.fieldId))
    .where(eq(contactFieldValues.followerId, followerId));
  const contact: Record<string, string> = {};
  for (const field of fields) contact[field.key] = text(field.value);
  const builtIn: CustomerValues = {
    user_id: f.externalId,
    follower_id: f.id,
    display_name: f.lineNickname || f.lineName,
    channel_type: f.channelType,
    channel_id: f.channelId,
    is_verify: row.verify ? 'true' : 'false',
    verify_type: row.verify?.verifyType ?? '',
    customer_id: row.verify?.customerId ?? '',
    customer_type: row.verify?.customerType ?? '',
  };
  return { ...contact, ...builtIn, contact };
}
