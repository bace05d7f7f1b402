// Quick replies (reply-message settings, widget): a label and an action each, converted for LINE
// (at most 13, labels 20 graphemes) and Meta (at most 13, titles 20, payload 1000). Meta quick
// replies only send a payload, so links and calls cannot be quick replies there.
import { isBlank, MESSAGES, textLength } from '../validation/rules';
import { type Action, hasAction, normalizeAction, postbackData, validateAction } from './action';
import type { LineAction } from './flexTypes';
import { LINE_LIMITS as L, LIMIT_MESSAGES as M, META_LIMITS as ML } from './limits';
import { toLineAction } from './lineActions';
import { type ConvertResult, failure, guarded, Problems } from './result';

export interface QuickReplyItem {
  label: string;
  action: Action;
}

export interface LineQuickReply {
  items: { type: 'action'; action: LineAction }[];
}
export interface MetaQuickReply {
  content_type: 'text';
  title: string;
  payload: string;
}

function common(items: readonly QuickReplyItem[], max: number, labelMax: number, problems: Problems): void {
  if (items.length > max) problems.add('items', M.tooMany(max));
  items.forEach((item, i) => {
    if (isBlank(item?.label)) problems.add(`items[${i}].label`, MESSAGES.required);
    else if (textLength(item.label) > labelMax) problems.add(`items[${i}].label`, M.tooLong(labelMax));
    if (!hasAction(item?.action)) problems.add(`items[${i}].action.type`, MESSAGES.required);
    for (const e of validateAction(item?.action, `items[${i}].action`)) problems.add(e.field, e.message);
  });
}

export function toLineQuickReply(items: readonly QuickReplyItem[]): ConvertResult<LineQuickReply> {
  return guarded(() => {
    const problems = new Problems();
    common(items, L.quickReplyItems, L.quickReplyLabel, problems);
    if (!problems.empty) return failure(problems.errors);
    const out: LineQuickReply = { items: [] };
    items.forEach((item, i) => {
      const action = toLineAction(
        { ...item.action, label: item.label },
        { field: `items[${i}].action`, problems },
      );
      if (action) out.items.push({ type: 'action', action: { ...action, label: item.label.trim() } });
    });
    return problems.empty ? { ok: true, message: out } : failure(problems.errors);
  });
}

export const META_QUICK_REPLY_MESSAGE =
  'Messenger quick replies can only send a reply, not open a link or call.';

export function toMetaQuickReplies(items: readonly QuickReplyItem[]): ConvertResult<MetaQuickReply[]> {
  return guarded(() => {
    const problems = new Problems();
    common(items, ML.quickReplies, ML.quickReplyTitle, problems);
    if (!problems.empty) return failure(problems.errors);
    const out: MetaQuickReply[] = [];
    items.forEach((item, i) => {
      const action = normalizeAction(item.action);
      if (!action.useActionFromApi && (action.type === 'uri' || action.type === 'tel')) {
        problems.add(`items[${i}].action.type`, META_QUICK_REPLY_MESSAGE);
        return;
      }
      const payload = postbackData(action);
      if (payload.length > ML.quickReplyPayload)
        problems.add(`items[${i}].action`, M.tooLong(ML.quickReplyPayload));
      out.push({ content_type: 'text', title: item.label.trim(), payload });
    });
    return problems.empty ? { ok: true, message: out } : failure(problems.errors);
  });
}
