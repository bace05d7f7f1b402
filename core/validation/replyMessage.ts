// Reply-message settings (spec 5): media items need a file, and the outside-business-hours auto
// reply needs business hours to be set.
import { BROADCAST_ALERTS } from './broadcast';
import { type FieldError, isBlank } from './rules';

const FILE_ITEM_TYPES = new Set(['file', 'image', 'video']);

export interface ReplyItemDraft {
  type?: unknown;
  image?: unknown;
  file_path?: unknown;
  originalContentUrl?: unknown;
}

/** Errors are named `items.{index}` so the form can point at the item. */
export function validateReplyItems(items: unknown): FieldError[] {
  if (!Array.isArray(items)) return [];
  const errors: FieldError[] = [];
  items.forEach((item: ReplyItemDraft | null, index) => {
    if (!item || typeof item !== 'object' || !FILE_ITEM_TYPES.has(item.type as string)) return;
    if (isBlank(item.image) && isBlank(item.file_path) && isBlank(item.originalContentUrl))
      errors.push({ field: `items.${index}`, message: BROADCAST_ALERTS.file });
  });
  return errors;
}

/** The outside-hours reply is only meaningful once business hours exist. */
export function validateOutsideHoursReply(enabled: unknown, businessHours: unknown): FieldError[] {
  if (enabled !== true) return [];
  return Array.isArray(businessHours) && businessHours.length > 0
    ? []
    : [{ field: 'business_hours', message: BROADCAST_ALERTS.businessHours }];
}
