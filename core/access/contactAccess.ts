// What a viewer sees of a contact (spec 3, 4, 6): api_tags split off, and custom
// fields with hidden values shown as '-'.
import type { ContactDetail, ContactTag } from '../models/contact';
import { canView, type Viewer } from './permissions';

/** What a field the viewer may not see shows instead of its value (spec 6). */
export const HIDDEN_VALUE = '-';

/** Tags flagged verify_tag_api go to api_tags; the rest stay tags (spec 4). */
export function splitApiTags<T extends Pick<ContactTag, 'verify_tag_api'>>(
  tags: readonly T[] | null | undefined,
): { tags: T[]; api_tags: T[] } {
  const list = tags ?? [];
  return {
    tags: list.filter((t) => !t?.verify_tag_api),
    api_tags: list.filter((t) => t?.verify_tag_api === true),
  };
}

export interface ShownField {
  key: string;
  type: ContactDetail['type'];
  value: unknown;
  hidden: boolean;
}

/** Every field stays listed so the layout is stable; a hidden one carries '-' instead of its value. */
export function shownContactFields(
  details: readonly ContactDetail[] | null | undefined,
  viewer: Viewer,
  isVerified: boolean,
): ShownField[] {
  return (details ?? [])
    .filter((d) => d && typeof d.key === 'string')
    .map((d) => {
      const hidden = !canView(d.permission, viewer, isVerified);
      return { key: d.key, type: d.type, value: hidden ? HIDDEN_VALUE : d.value, hidden };
    });
}
