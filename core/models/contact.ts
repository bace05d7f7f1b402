// A contact with its tags and custom fields (spec 3 "Contact"). Each tag and field carries
// permissions kept separately for verified and default contacts (spec 6); core/access decides.
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  nullable,
  optional,
  string,
  type,
  unknown,
} from 'superstruct';
import { Permissions } from './account';

export const CONTACT_DETAIL_TYPES = ['date', 'date_time', 'array', 'other'] as const;
export type ContactDetailType = (typeof CONTACT_DETAIL_TYPES)[number];

const noPermissions = () => ({ verify: [], default: [] });

export const ContactDetail = type({
  key: string(),
  type: defaulted(enums(CONTACT_DETAIL_TYPES), 'other'),
  value: defaulted(unknown(), null),
  permission: defaulted(Permissions, noPermissions),
});
export type ContactDetail = Infer<typeof ContactDetail>;

export const ContactTag = type({
  _id: string(),
  name: optional(string()),
  permission: defaulted(Permissions, noPermissions),
  show: defaulted(boolean(), true),
  verify_tag_api: defaulted(boolean(), false),
});
export type ContactTag = Infer<typeof ContactTag>;

export const ContactVerify = type({
  is_verify: defaulted(boolean(), false),
  verify_type: optional(nullable(string())),
  system_tags: defaulted(array(type({ value: string() })), () => []),
});
export type ContactVerify = Infer<typeof ContactVerify>;

/** What the server stores and returns; `contact_desc` and `api_tags` are derived (see core/access). */
export const Contact = type({
  _id: optional(string()),
  social_id: defaulted(string(), '-'),
  verify: defaulted(ContactVerify, () => ({ is_verify: false, system_tags: [] })),
  tags: defaulted(array(ContactTag), () => []),
  contact_detail: defaulted(array(ContactDetail), () => []),
  contact_desc: optional(array(type({ key: string(), value: string() }))),
  api_tags: optional(array(ContactTag)),
  customer_id: optional(nullable(string())),
  customer_type: optional(nullable(string())),
});
export type Contact = Infer<typeof Contact>;
