// The three files a chat import takes, row by row (docs/api.md "Chat import"): LINE Official
// Account Manager's chat history CSV, this product's own chat export (.xlsx), and the documented
// template (CSV or .xlsx). Pure functions: a header row says which format the rows below follow;
// each data row becomes one message or one error naming its line and column.
import {
  IMPORT_NAME_MAX,
  IMPORT_TEXT_MAX,
  type ImportErrorCode,
  type ImportFormat,
  type ImportRowError,
  SENDER_TYPES,
  type SenderType,
} from '../../core/chatImport/wire';
import type { MessageItem } from '../../core/models/message';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { hasMaxLength } from '../../core/validation/rules';
import type { WallTime } from './localTime';

const norm = (cell: string) =>
  cell
    .normalize('NFKC')
    .toLowerCase()
    // ： is \uFF1A (escaped: one non-ASCII character makes V8 hold the whole server bundle's source as two-byte text (3 MB, not 1.5)).
    .replace(/[\s_\-:\uFF1A]/g, '');

/** Header names per column, in the languages LINE's manager speaks (English, Japanese, Thai). */
const OAM_COLUMNS = {
  senderType: ['sendertype', '送信者タイプ', '送信者種別', 'ประเภทผู้ส่ง'],
  senderName: ['sendername', '送信者名', 'ชื่อผู้ส่ง'],
  date: ['date', '送信日', '日付', 'วันที่', 'วันที่ส่ง'],
  time: ['time', '送信時刻', '送信時間', '時刻', '時間', 'เวลา', 'เวลาที่ส่ง'],
  content: ['content', 'contents', '内容', '送信内容', 'メッセージ', 'เนื้อหา', 'ข้อความ'],
} as const;
const EXPORT_COLUMNS = ['date', 'from', 'type', 'message', 'attachment'];

/** Where each column of a format sits in the header row. */
export interface Layout {
  format: ImportFormat;
  columns: Record<string, number>;
  /** The header as written, for naming columns in errors. */
  names: Record<string, string>;
}

function find(header: string[], names: readonly string[]): number {
  const normalized = header.map(norm);
  return normalized.findIndex((h) => names.includes(h));
}

/** The format a header row announces, or null when the row is not a header. */
export function layoutOf(header: string[]): Layout | null {
  const normalized = header.map(norm);
  const pick = (format: ImportFormat, wanted: Record<string, readonly string[]>): Layout | null => {
    const columns: Record<string, number> = {};
    const names: Record<string, string> = {};
    for (const [key, aliases] of Object.entries(wanted)) {
      const at = find(header, aliases);
      if (at < 0) return null;
      columns[key] = at;
      names[key] = header[at].trim();
    }
    return { format, columns, names };
  };
  if (normalized.includes('conversation') && normalized.includes('sender')) {
    const required = pick('template', {
      conversation: ['conversation'],
      sender: ['sender'],
      date: ['date'],
      time: ['time'],
      message: ['message'],
    });
    if (!required) return null;
    for (const optional of ['customer_name', 'social_id', 'channel', 'sender_name']) {
      const at = find(header, [norm(optional)]);
      if (at >= 0) {
        required.columns[optional] = at;
        required.names[optional] = header[at].trim();
      }
    }
    return required;
  }
  if (EXPORT_COLUMNS.slice(0, 4).every((c) => normalized.includes(c)) && !normalized.includes('sendertype')) {
    const layout = pick('export', {
      date: ['date'],
      from: ['from'],
      type: ['type'],
      message: ['message'],
    });
    if (layout) {
      const at = find(header, ['attachment']);
      if (at >= 0) {
        layout.columns.attachment = at;
        layout.names.attachment = header[at].trim();
      }
    }
    return layout;
  }
  return pick('oam', OAM_COLUMNS);
}

/** Excel cells arrive as text, numbers (dates are day serials), rich text or formula results. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date)
    return value
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, '');
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return String(value);
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A date cell: YYYY-MM-DD, YYYY/MM/DD, DD/MM/YYYY (spec 9), a Thai Buddhist year, or a day serial. */
export function parseDate(text: string): Pick<WallTime, 'year' | 'month' | 'day'> | null {
  const value = text.trim();
  let y: number;
  let m: number;
  let d: number;
  const ymd = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/.exec(value);
  const dmy = ymd ? null : /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[ T].*)?$/.exec(value);
  if (ymd) [y, m, d] = [+ymd[1], +ymd[2], +ymd[3]];
  else if (dmy) [d, m, y] = [+dmy[1], +dmy[2], +dmy[3]];
  else if (/^\d+(\.\d+)?$/.test(value) && +value >= 1 && +value < 2_958_466) {
    const at = new Date(EXCEL_EPOCH + Math.floor(+value) * 86_400_000);
    return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
  } else return null;
  // Thai exports may write the Buddhist era (2567 = 2024).
  if (y > 2400) y -= 543;
  const check = new Date(Date.UTC(y, m - 1, d));
  if (y < 1970 || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return { year: y, month: m, day: d };
}

/** A time cell: HH:mm or HH:mm:ss (an optional AM/PM), or a fraction of a day. */
export function parseTime(text: string): Pick<WallTime, 'hour' | 'minute' | 'second'> | null {
  const value = text.trim();
  const match = /(?:^|\s)(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(value);
  if (match) {
    let hour = +match[1];
    const ampm = match[4]?.toLowerCase();
    if (ampm) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (ampm === 'pm' ? 12 : 0);
    }
    const minute = +match[2];
    const second = match[3] ? +match[3] : 0;
    if (hour > 23 || minute > 59 || second > 59) return null;
    return { hour, minute, second };
  }
  if (/^\d*\.\d+$|^0$/.test(value)) {
    const secs = Math.round((+value % 1) * 86_400) % 86_400;
    return { hour: Math.floor(secs / 3600), minute: Math.floor((secs % 3600) / 60), second: secs % 60 };
  }
  return null;
}

/** Sender types of the manager's file (the account's own replies are the agents'). */
const OAM_SENDERS: Record<string, SenderType> = {
  user: 'customer',
  customer: 'customer',
  ユーザー: 'customer',
  友だち: 'customer',
  ผู้ใช้: 'customer',
  ลูกค้า: 'customer',
  account: 'agent',
  officialaccount: 'agent',
  manager: 'agent',
  admin: 'agent',
  アカウント: 'agent',
  公式アカウント: 'agent',
  管理者: 'agent',
  บัญชี: 'agent',
  แอดมิน: 'agent',
  autoresponse: 'bot',
  autoreply: 'bot',
  bot: 'bot',
  自動応答: 'bot',
  ตอบกลับอัตโนมัติ: 'bot',
  system: 'system',
  システム: 'system',
  ระบบ: 'system',
};

export function oamSender(value: string): SenderType | null {
  return OAM_SENDERS[norm(value)] ?? null;
}

export function templateSender(value: string): SenderType | null {
  const v = norm(value);
  return (SENDER_TYPES as readonly string[]).includes(v) ? (v as SenderType) : (OAM_SENDERS[v] ?? null);
}

/** One message a row gives, before it is tied to a time zone and a conversation. */
export interface RowMessage {
  line: number;
  /** Which conversation of the file (see conversationOf). */
  conversation: string;
  date: Pick<WallTime, 'year' | 'month' | 'day'>;
  time: Pick<WallTime, 'hour' | 'minute' | 'second'>;
  /** Null for an export row, whose sender is known once the file's details sheet is read. */
  senderType: SenderType | null;
  senderName: string;
  text: string;
  items: MessageItem[];
  /** Template rows: the conversation's details as given on this row. */
  customerName?: string;
  socialId?: string;
  channel?: string;
}

export type RowResult = { message: RowMessage } | { errors: ImportRowError[] };

const MESSAGES_BY_CODE: Record<ImportErrorCode, string> = {
  columns: "The file's columns are not those of a LINE chat history, a chat export or the import template.",
  csv: SERVER_MESSAGES.badCsvLine,
  required: 'This field is required.',
  sender: SERVER_MESSAGES.unknownSender,
  date: SERVER_MESSAGES.badDate,
  time: SERVER_MESSAGES.badTime,
  too_long: `Please enter no more than ${IMPORT_TEXT_MAX} characters.`,
  encoding: SERVER_MESSAGES.notUtf8,
  format: SERVER_MESSAGES.notSpreadsheet,
};

export function rowError(
  line: number,
  field: string,
  code: ImportErrorCode,
  message?: string,
): ImportRowError {
  return { line, field, code, message: message ?? MESSAGES_BY_CODE[code] };
}

/** A link an imported file may show: http(s), or a file of this product's media library. */
function safeAddress(value: string): string | null {
  const v = value.trim();
  return /^https?:\/\/[^\s]+$/i.test(v) || /^\/media\/[A-Za-z0-9_-]+\/[^\s]*$/.test(v) ? v : null;
}

function exportItems(type: string, message: string, attachment: string): MessageItem[] {
  const url = attachment
    .split('\n')
    .map(safeAddress)
    .find((a): a is string => Boolean(a));
  if (url && type === 'image') return [{ type: 'image', originalContentUrl: url, previewImageUrl: url }];
  if (url && type === 'video') return [{ type: 'video', originalContentUrl: url, previewImageUrl: url }];
  if (url && type === 'file')
    return [{ type: 'file', fileName: message || url.split('/').pop() || 'file', originalContentUrl: url }];
  return [{ type: 'text', text: message || attachment }];
}

/** A data row under a header: the message it holds, or every error it has. */
export function parseRow(layout: Layout, cells: string[], line: number, block: number): RowResult {
  const cell = (key: string) => {
    const at = layout.columns[key];
    return at === undefined ? '' : (cells[at] ?? '');
  };
  const errors: ImportRowError[] = [];
  const fail = (key: string, code: ImportErrorCode) => errors.push(rowError(line, layout.names[key], code));

  if (layout.format === 'export') {
    // One "Date" cell holds DD/MM/YYYY HH:mm.
    const when = cell('date').trim();
    const date = when ? parseDate(when) : null;
    const time = when ? parseTime(when.split(/\s+/).slice(1).join(' ') || '0') : null;
    if (!when) fail('date', 'required');
    else if (!date) fail('date', 'date');
    else if (!time) fail('date', 'time');
    const from = cell('from').trim();
    if (!from) fail('from', 'required');
    const message = cell('message');
    const attachment = cell('attachment').trim();
    if (!message.trim() && !attachment) fail('message', 'required');
    if (!hasMaxLength(message, IMPORT_TEXT_MAX)) fail('message', 'too_long');
    if (errors.length || !date || !time) return { errors };
    const items = exportItems(cell('type').trim().toLowerCase(), message, attachment);
    return {
      message: {
        line,
        conversation: 'export',
        date,
        time,
        senderType: null,
        senderName: from.slice(0, IMPORT_NAME_MAX),
        text: message || attachment,
        items,
      },
    };
  }

  const senderKey = layout.format === 'oam' ? 'senderType' : 'sender';
  const contentKey = layout.format === 'oam' ? 'content' : 'message';
  const senderText = cell(senderKey).trim();
  const senderType = layout.format === 'oam' ? oamSender(senderText) : templateSender(senderText);
  if (!senderText) fail(senderKey, 'required');
  else if (!senderType) fail(senderKey, 'sender');
  const dateText = cell('date').trim();
  const date = parseDate(dateText);
  if (!dateText) fail('date', 'required');
  else if (!date) fail('date', 'date');
  const timeText = cell('time').trim();
  const time = parseTime(timeText);
  if (!timeText) fail('time', 'required');
  else if (!time) fail('time', 'time');
  const content = cell(contentKey);
  if (!content.trim()) fail(contentKey, 'required');
  else if (!hasMaxLength(content, IMPORT_TEXT_MAX)) fail(contentKey, 'too_long');
  const senderName = cell(layout.format === 'oam' ? 'senderName' : 'sender_name').trim();
  let conversation = `b${block}`;
  if (layout.format === 'template') {
    conversation = cell('conversation').trim();
    if (!conversation) fail('conversation', 'required');
    else if (conversation.length > IMPORT_NAME_MAX) fail('conversation', 'too_long');
  }
  if (errors.length || !senderType || !date || !time) return { errors };
  return {
    message: {
      line,
      conversation,
      date,
      time,
      senderType,
      senderName: senderName.slice(0, IMPORT_NAME_MAX),
      text: content,
      items: [{ type: 'text', text: content }],
      ...(layout.format === 'template'
        ? {
            customerName: cell('customer_name').trim().slice(0, IMPORT_NAME_MAX),
            socialId: cell('social_id').trim().slice(0, 200),
            channel: cell('channel').trim().slice(0, 64),
          }
        : {}),
    },
  };
}

/** The export's "Conversation" sheet: which follower the chat was, and in which time zone. */
export interface ExportDetails {
  followerId?: string;
  name?: string;
  channelType?: string;
  channelId?: string;
  socialId?: string;
  timezone?: string;
}

const DETAIL_KEYS: Record<string, keyof ExportDetails> = {
  followerid: 'followerId',
  name: 'name',
  channeltype: 'channelType',
  channelid: 'channelId',
  socialid: 'socialId',
  timezone: 'timezone',
};

export function readDetail(details: ExportDetails, cells: string[]) {
  const key = DETAIL_KEYS[norm(cells[0] ?? '')];
  if (key && cells[1]?.trim()) details[key] = cells[1].trim().slice(0, 200);
}

/** The sender of an export row: the conversation's own name is the customer; Bot and System as written. */
export function exportSender(from: string, customerName: string | undefined): SenderType {
  if (from === 'Bot') return 'bot';
  if (from === 'System') return 'system';
  if (customerName !== undefined && from === customerName) return 'customer';
  return 'agent';
}

/** The customer's name an export's file name carries (chat_{name}_{start}_{end}.xlsx). */
export function exportNameFromFile(fileName: string): string | undefined {
  const match = /^chat_(.+)_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/i.exec(fileName);
  return match ? match[1] : undefined;
}
