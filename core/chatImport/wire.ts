// Chat import and the unknown-chat list (issue 17; docs/api.md "Chat import"): the shapes the
// server sends and the console shows, the template's columns and the row error codes.

export const IMPORT_FORMATS = ['oam', 'export', 'template'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The documented CSV/Excel template, in column order (docs/api.md). */
export const TEMPLATE_COLUMNS = [
  'conversation',
  'customer_name',
  'social_id',
  'channel',
  'sender',
  'sender_name',
  'date',
  'time',
  'message',
] as const;

export const SENDER_TYPES = ['customer', 'agent', 'bot', 'system'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

/** Longest message text a row may carry (LINE's text limit). */
export const IMPORT_TEXT_MAX = 5000;
export const IMPORT_NAME_MAX = 200;
/** Largest file accepted; it is streamed, never held whole. */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** Row errors listed in an answer (all are counted). */
export const IMPORT_ERRORS_LISTED = 200;

/**
 * Why a row was refused; the console words each code (chatImport.errors.<code>):
 * columns — the file has none of the known header rows; csv — the CSV itself is broken there;
 * required — an empty cell that must be filled; sender — not a known sender type; date, time —
 * not a real date or time; too_long — over the limit; encoding — not UTF-8 text; format — a zip
 * that is no Excel workbook (an .xlsx that is not one).
 */
export const IMPORT_ERROR_CODES = [
  'columns',
  'csv',
  'required',
  'sender',
  'date',
  'time',
  'too_long',
  'encoding',
  'format',
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

export interface ImportRowError {
  /** 1-based line of the CSV (row of the sheet for Excel). */
  line: number;
  /** The column, as the file names it. */
  field: string;
  code: ImportErrorCode;
  message: string;
}

export interface WireImport {
  _id: string;
  file_name: string;
  format: ImportFormat;
  status: 'importing' | 'done' | 'failed';
  total_rows: number;
  processed_rows: number;
  conversations: number;
  messages_added: number;
  messages_merged: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface WireImportCheck {
  format: ImportFormat;
  rows: number;
  conversations: number;
  messages: number;
}

export interface WireUnknownChat {
  _id: string;
  name: string;
  format: ImportFormat;
  channel_type: string | null;
  social_id: string | null;
  message_count: number;
  first_timestamp: number | null;
  last_timestamp: number | null;
  last_message_text: string;
  import_id: string | null;
  merged_follower: {
    _id: string;
    line_name: string;
    line_nickname: string | null;
    channel_type: string;
  } | null;
  merged_at: number | null;
}

export interface WireUnknownMessage {
  _id: string;
  timestamp: number;
  line: number;
  from_type: SenderType;
  sender_name: string;
  text: string;
  messages_sent: unknown[];
}

/** Socket event (namespace /agent) to the member who started an import, as it goes. */
export const CHAT_IMPORT_PROGRESS = 'CHAT_IMPORT_PROGRESS';
