// The automation API (docs/api.md, issue 11) as the console calls it.
import type { Keyword, KeywordAction } from '../../core/automation/keywords';
import type { ReplyItem } from '../../core/automation/replyMessage';
import type { FieldError } from '../../core/validation/rules';
import { api } from '../session/api';

export interface QuickReplyDraft {
  label: string;
  action: { type: string; text?: string; uri?: string; data?: string; label?: string | null };
}

export interface ReplyMessage {
  _id: string;
  name: string;
  group_id: string | null;
  is_active: boolean;
  position: number;
  items: ReplyItem[];
  quick_replies: QuickReplyDraft[];
  updated_at: string;
}

export interface ReplyGroup {
  _id: string;
  name: string;
  position: number;
  messages: { _id: string; name: string }[];
}

export interface ReplyBody {
  name: string;
  group_id: string | null;
  is_active: boolean;
  items: ReplyItem[];
  quick_replies: QuickReplyDraft[];
}

/** How a reply goes out on one channel: what the bot sends and what it leaves out there. */
export type ChannelResult =
  | { ok: true; message: unknown[]; left?: FieldError[] }
  | { ok: false; errors: FieldError[] };

export const listReplies = () => api<{ list: ReplyMessage[] }>('/api/reply/message/list');
export const listGroups = () =>
  api<{ list: ReplyGroup[]; ungrouped: { _id: string; name: string }[] }>('/api/reply/group/list');
export const createGroup = (name: string) =>
  api<{ group: ReplyGroup }>('/api/reply/group/create', { method: 'POST', body: { name } });
export const renameGroup = (id: string, name: string) =>
  api<{ group: ReplyGroup }>(`/api/reply/group/${id}`, { method: 'PUT', body: { name } });
export const deleteGroup = (id: string) => api(`/api/reply/group/${id}`, { method: 'DELETE' });
export const saveReply = (id: string | null, body: ReplyBody) =>
  api<{ reply_message: ReplyMessage }>(id ? `/api/reply/message/${id}` : '/api/reply/message/create', {
    method: id ? 'PUT' : 'POST',
    body,
  });
export const deleteReply = (id: string) => api(`/api/reply/message/${id}`, { method: 'DELETE' });
export const previewReply = (body: ReplyBody) =>
  api<{ channels: Record<string, ChannelResult> }>('/api/reply/message/preview', { method: 'POST', body });

export interface AutomationSettings {
  greeting: { enabled: boolean; reply_message_id: string | null };
  outside_hours: { enabled: boolean; reply_message_id: string | null };
  business_hours_set: boolean;
}
export const getSettings = () => api<AutomationSettings>('/api/automation/settings');
export const putSettings = (body: Partial<Pick<AutomationSettings, 'greeting' | 'outside_hours'>>) =>
  api<AutomationSettings>('/api/automation/settings', { method: 'PUT', body });

export interface KeywordRuleWire {
  _id: string;
  name: string;
  keywords: Keyword[];
  action: KeywordAction;
  reply_message_id: string | null;
  reply_message_name: string | null;
  queue_id: string | null;
  bot_text: string;
  priority: number;
  is_active: boolean;
}
export type KeywordBody = Omit<KeywordRuleWire, '_id' | 'reply_message_name'>;
export const listKeywords = () => api<{ list: KeywordRuleWire[] }>('/api/keyword/list');
export const saveKeyword = (id: string | null, body: KeywordBody) =>
  api<{ rule: KeywordRuleWire }>(id ? `/api/keyword/${id}` : '/api/keyword/create', {
    method: id ? 'PUT' : 'POST',
    body,
  });
export const deleteKeyword = (id: string) => api(`/api/keyword/${id}`, { method: 'DELETE' });
/** Where a rule's answer falls short of its reply (server/automation/delivery.ts). */
export interface DeliveryGap {
  message: string;
  field: string;
  channels: string[];
  nothing: boolean;
}
export interface TryResult {
  kind: 'keyword' | 'intent' | null;
  name?: string;
  matched?: string;
  score?: number;
  gaps?: DeliveryGap[];
}
export const testText = (text: string) =>
  api<TryResult>('/api/keyword/test', { method: 'POST', body: { text } });

export interface ReplyUsage {
  keywords: { _id: string; name: string }[];
  intents: { _id: string; name: string }[];
  settings: ('greeting' | 'outside_hours')[];
}
export const replyUsage = (id: string) => api<ReplyUsage>(`/api/reply/message/${id}/usage`);

export interface IntentWire {
  _id: string;
  name: string;
  is_active: boolean;
  training_phrases: string[];
  reply_message_id: string | null;
  reply_message_name: string | null;
}
export type IntentBody = Omit<IntentWire, '_id' | 'reply_message_name'>;
export const listIntents = () => api<{ list: IntentWire[] }>('/api/intent/list');
export const saveIntent = (id: string | null, body: IntentBody) =>
  api<{ intent: IntentWire }>(id ? `/api/intent/${id}` : '/api/intent/create', {
    method: id ? 'PUT' : 'POST',
    body,
  });
export const deleteIntent = (id: string) => api(`/api/intent/${id}`, { method: 'DELETE' });

export interface QueueOption {
  label: string;
  value: string;
}
/** Queues for the "put in a queue" action (the chat's master data). */
export const listQueues = () =>
  api<{ queues?: QueueOption[] }>('/api/masterdata/chat')
    .then((r) => r.queues ?? [])
    .catch(() => [] as QueueOption[]);
