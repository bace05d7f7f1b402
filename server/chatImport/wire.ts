// Rows of the chat import tables → the wire shapes of core/chatImport/wire.ts.
import { inArray } from 'drizzle-orm';
import type {
  ImportFormat,
  WireImport,
  WireUnknownChat,
  WireUnknownMessage,
} from '../../core/chatImport/wire';
import { followers } from '../chat/schema';
import { seconds } from '../chat/serialize';
import type { Db } from '../db/client';
import type { chatImports, unknownChatMessages, unknownChats } from './schema';

type ImportRow = typeof chatImports.$inferSelect;
type ChatRow = typeof unknownChats.$inferSelect;
type MessageRow = typeof unknownChatMessages.$inferSelect;

export function importToWire(row: ImportRow, processedRows?: number): WireImport {
  return {
    _id: row.id,
    file_name: row.fileName,
    format: row.format,
    status: row.status,
    total_rows: row.totalRows,
    processed_rows: Math.max(row.processedRows, processedRows ?? 0),
    conversations: row.conversations,
    messages_added: row.messagesAdded,
    messages_merged: row.messagesMerged,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function unknownChatsToWire(db: Db, rows: ChatRow[]): Promise<WireUnknownChat[]> {
  const ids = [...new Set(rows.map((r) => r.mergedFollowerId).filter((v): v is string => Boolean(v)))];
  const merged = ids.length
    ? await db
        .select({
          id: followers.id,
          lineName: followers.lineName,
          lineNickname: followers.lineNickname,
          channelType: followers.channelType,
        })
        .from(followers)
        .where(inArray(followers.id, ids))
    : [];
  const byId = new Map(merged.map((f) => [f.id, f]));
  return rows.map((r) => {
    const f = r.mergedFollowerId ? byId.get(r.mergedFollowerId) : undefined;
    return {
      _id: r.id,
      name: r.name,
      format: r.format as ImportFormat,
      channel_type: r.channelType,
      social_id: r.socialId,
      message_count: r.messageCount,
      first_timestamp: seconds(r.firstAt),
      last_timestamp: seconds(r.lastAt),
      last_message_text: r.lastText,
      import_id: r.importId,
      merged_follower: f
        ? { _id: f.id, line_name: f.lineName, line_nickname: f.lineNickname, channel_type: f.channelType }
        : null,
      merged_at: seconds(r.mergedAt),
    };
  });
}

export function unknownMessageToWire(row: MessageRow): WireUnknownMessage {
  return {
    _id: String(row.seq),
    timestamp: seconds(row.at) ?? 0,
    line: row.line,
    from_type: row.senderType,
    sender_name: row.senderName,
    text: row.text,
    messages_sent: row.items,
  };
}
