// The two passes of a chat import over a file on disk (docs/api.md "Chat import"). The check
// reads every row and lists the errors (line and column) before anything is written; the write
// reads the file again and stores each conversation as an unknown chat with its messages, in
// batches, so the server keeps serving while a year of history goes in. Every conversation and
// message has a key made from its content, so importing the same rows again adds nothing.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  IMPORT_ERRORS_LISTED,
  IMPORT_TEXT_MAX,
  type ImportFormat,
  type ImportRowError,
  type SenderType,
} from '../../core/chatImport/wire';
import { isTimeZone } from '../../core/reports/period';
import { truncateGraphemes } from '../../core/template/lineActions';
import { newId } from '../accounts/ids';
import { channels } from '../accounts/schema';
import { followers } from '../chat/schema';
import { itemsText } from '../chat/serialize';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { type ExportDetails, exportNameFromFile, exportSender, type RowMessage, readDetail } from './formats';
import { localTimeConverter } from './localTime';
import { copyMessages, mergeUnknownChat } from './merge';
import { scanFile } from './scan';
import { chatImports, unknownChatMessages, unknownChats } from './schema';

export interface Conversation {
  key: string;
  name: string;
  socialId: string;
  channel: string;
  messages: number;
}

export interface CheckResult {
  format: ImportFormat | null;
  /** Data rows below the header (valid or not). */
  rows: number;
  messages: number;
  conversations: Map<string, Conversation>;
  errors: ImportRowError[];
  errorCount: number;
  details: ExportDetails;
  /** A name the manager's lines above the header give (the chat's), when there is one. */
  preambleName: string;
}

/** Pass 1: reads every row, keeps the conversations' names and counts and the errors; writes nothing. */
export async function checkFile(file: string): Promise<CheckResult> {
  const result: CheckResult = {
    format: null,
    rows: 0,
    messages: 0,
    conversations: new Map(),
    errors: [],
    errorCount: 0,
    details: {},
    preambleName: '',
  };
  const addError = (error: ImportRowError) => {
    result.errorCount += 1;
    if (result.errors.length < IMPORT_ERRORS_LISTED) result.errors.push(error);
  };
  for await (const event of scanFile(file)) {
    if (event.kind === 'error') addError(event.error);
    else if (event.kind === 'header') result.format = event.layout.format;
    else if (event.kind === 'detail') readDetail(result.details, event.cells);
    else if (event.kind === 'preamble') {
      const [key, value] = event.cells;
      // name|名|ชื่อ and not account|アカウント|บัญชี, escaped (an ASCII server bundle: one source
      // character outside ASCII makes V8 hold all 1.5 MB of it as two-byte text).
      if (
        !result.preambleName &&
        value?.trim() &&
        /name|\u540D|\u0E0A\u0E37\u0E48\u0E2D/i.test(key ?? '') &&
        !/account|\u30A2\u30AB\u30A6\u30F3\u30C8|\u0E1A\u0E31\u0E0D\u0E0A\u0E35/i.test(key ?? '')
      )
        result.preambleName = value.trim();
    } else if (event.kind === 'row') {
      result.rows += 1;
      if ('errors' in event.result) {
        for (const error of event.result.errors) addError(error);
        continue;
      }
      result.messages += 1;
      noteConversation(result.conversations, event.result.message);
    }
  }
  return result;
}

function noteConversation(conversations: Map<string, Conversation>, m: RowMessage) {
  let c = conversations.get(m.conversation);
  if (!c) {
    c = { key: m.conversation, name: '', socialId: '', channel: '', messages: 0 };
    conversations.set(m.conversation, c);
  }
  c.messages += 1;
  if (!c.name && m.customerName) c.name = m.customerName;
  if (!c.name && m.senderType === 'customer' && m.senderName) c.name = m.senderName;
  if (!c.socialId && m.socialId) c.socialId = m.socialId;
  if (!c.channel && m.channel) c.channel = m.channel;
}

/** At most IMPORT_TEXT_MAX characters (a short text needs no segmenting). */
const cutText = (text: string) =>
  text.length > IMPORT_TEXT_MAX ? truncateGraphemes(text, IMPORT_TEXT_MAX) : text;

const keyOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);

export interface WriteOptions {
  accountId: string;
  userId: string;
  importId: string;
  fileName: string;
  fileHash: string;
  /** The account's zone; an export's own zone wins. */
  timezone: string;
  onProgress(processedRows: number): void;
}

interface ChatTarget {
  id: string;
  conversation: Conversation;
  followerId: string | null;
  /** The follower an agent merged this chat into before (rows added to it go there too). */
  mergedFollowerId: string | null;
}

const BATCH = 2000;

/** A message row on its way in (short keys: the batch travels as one JSON document). */
interface BatchRow {
  c: string;
  k: string;
  at: string;
  l: number;
  s: SenderType;
  n: string;
  i: unknown;
  t: string;
}

/** Pass 2 (after a clean check): unknown chats and their messages, then the ties the file names. */
export async function writeFile(ctx: AppContext, file: string, check: CheckResult, options: WriteOptions) {
  const format = check.format as ImportFormat;
  const zone =
    format === 'export' && isTimeZone(check.details.timezone ?? '')
      ? check.details.timezone!
      : options.timezone;
  const toInstant = localTimeConverter(zone);
  const exportName = check.details.name ?? exportNameFromFile(options.fileName);
  const targets = await createChats(ctx, check, options, exportName);

  let processed = 0;
  let added = 0;
  let batch: BatchRow[] = [];
  const runs = new Map<string, { at: number; counts: Map<string, number> }>();
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    // One JSON parameter per batch: thousands of bound values cost far more than the rows.
    const inserted = await ctx.db.execute(sql`
      insert into unknown_chat_messages
        (account_id, unknown_chat_id, msg_key, at, line, sender_type, sender_name, items, text)
      select ${options.accountId}, x.c, x.k, x.at, x.l, x.s, x.n, x.i, x.t
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(c text, k text, at timestamptz, l int, s text, n text, i jsonb, t text)
      on conflict (unknown_chat_id, msg_key) do nothing
      returning 1 as x`);
    added += rowsOf(inserted).length;
    options.onProgress(processed);
    // Let requests and sockets in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  };

  for await (const event of scanFile(file)) {
    if (event.kind !== 'row') continue;
    processed += 1;
    if ('errors' in event.result) continue;
    const m = event.result.message;
    const target = targets.get(m.conversation);
    if (!target) continue;
    const at = toInstant({ ...m.date, ...m.time });
    let senderType: SenderType = m.senderType ?? 'agent';
    if (format === 'export') {
      const from = m.senderName;
      const customer =
        exportName !== undefined && (from === exportName || from.replace(/\s+/g, '_') === exportName)
          ? from
          : exportName;
      senderType = exportSender(from, customer);
    }
    // Identical rows in the same second are told apart by their order.
    const base = `${at.getTime()}|${senderType}|${m.senderName}|${m.text}`;
    let run = runs.get(target.id);
    if (!run || run.at !== at.getTime()) {
      run = { at: at.getTime(), counts: new Map() };
      runs.set(target.id, run);
    }
    const n = run.counts.get(base) ?? 0;
    run.counts.set(base, n + 1);
    batch.push({
      c: target.id,
      k: keyOf(`${base}|${n}`),
      at: at.toISOString(),
      l: m.line,
      s: senderType,
      n: m.senderName,
      i: m.items,
      t: cutText(itemsText(m.items)),
    });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  const chatIds = [...targets.values()].map((t) => t.id);
  await refreshCounts(ctx, chatIds);

  // Conversations the file ties to a follower of this account go straight into its history.
  let merged = 0;
  for (const target of targets.values()) {
    // A chat an agent merged before: the rows it gained join that follower's history too.
    if (target.mergedFollowerId) {
      const [now] = await ctx.db
        .select({ followerId: unknownChats.mergedFollowerId })
        .from(unknownChats)
        .where(eq(unknownChats.id, target.id))
        .limit(1);
      if (now?.followerId) merged += await copyMessages(ctx, target.id, now.followerId);
      continue;
    }
    if (!target.followerId) continue;
    const result = await mergeUnknownChat(ctx, {
      accountId: options.accountId,
      unknownChatId: target.id,
      followerId: target.followerId,
      userId: options.userId,
      onlyIfUnmerged: true,
    });
    merged += result.added;
  }
  return { processed, added, merged, conversations: targets.size };
}

/** The unknown chat of each conversation (found again when imported before), and its tie, if any. */
async function createChats(
  ctx: AppContext,
  check: CheckResult,
  options: WriteOptions,
  exportName: string | undefined,
): Promise<Map<string, ChatTarget>> {
  const format = check.format as ImportFormat;
  const entries = [...check.conversations.values()];
  const sourceKeyOf = (c: Conversation) => {
    if (format === 'template') return `template:${c.key}`;
    if (format === 'export') return `export:${check.details.followerId ?? options.fileHash}`;
    return `oam:${options.fileHash}:${c.key}`;
  };
  const nameOf = (c: Conversation) => {
    if (format === 'export') return (exportName ?? c.name ?? '').replace(/_/g, ' ') || options.fileName;
    return c.name || check.preambleName || options.fileName.replace(/\.[^.]+$/, '');
  };
  const channelTypeOf = (c: Conversation) => {
    if (format === 'oam') return 'line';
    if (format === 'export') return check.details.channelType ?? null;
    return c.channel || null;
  };
  const socialOf = (c: Conversation) => (format === 'export' ? (check.details.socialId ?? '') : c.socialId);
  const targets = new Map<string, ChatTarget>();
  for (let i = 0; i < entries.length; i += 500) {
    const slice = entries.slice(i, i + 500);
    const values = slice.map((c) => ({
      id: newId(),
      accountId: options.accountId,
      sourceKey: sourceKeyOf(c),
      importId: options.importId,
      format,
      name: nameOf(c),
      channelType: channelTypeOf(c),
      socialId: socialOf(c) || null,
    }));
    await ctx.db.insert(unknownChats).values(values).onConflictDoNothing();
    const rows = await ctx.db
      .select({
        id: unknownChats.id,
        sourceKey: unknownChats.sourceKey,
        mergedFollowerId: unknownChats.mergedFollowerId,
      })
      .from(unknownChats)
      .where(
        and(
          eq(unknownChats.accountId, options.accountId),
          inArray(
            unknownChats.sourceKey,
            values.map((v) => v.sourceKey),
          ),
        ),
      );
    const bySource = new Map(rows.map((r) => [r.sourceKey, r]));
    for (const c of slice) {
      const row = bySource.get(sourceKeyOf(c));
      if (row)
        targets.set(c.key, {
          id: row.id,
          conversation: c,
          mergedFollowerId: row.mergedFollowerId,
          followerId: row.mergedFollowerId
            ? null
            : await tiedFollower(ctx, options.accountId, format, c, check),
        });
    }
  }
  return targets;
}

/** The follower a conversation names: an export's own follower, or a template's social id (and channel). */
async function tiedFollower(
  ctx: AppContext,
  accountId: string,
  format: ImportFormat,
  c: Conversation,
  check: CheckResult,
): Promise<string | null> {
  if (format === 'oam') return null;
  if (format === 'export' && check.details.followerId) {
    const [row] = await ctx.db
      .select({ id: followers.id })
      .from(followers)
      .where(and(eq(followers.id, check.details.followerId), eq(followers.accountId, accountId)))
      .limit(1);
    if (row) return row.id;
  }
  const socialId = format === 'export' ? check.details.socialId : c.socialId;
  if (!socialId) return null;
  const channel =
    format === 'export' ? (check.details.channelId ?? check.details.channelType ?? '') : c.channel;
  const rows = await ctx.db
    .select({ id: followers.id })
    .from(followers)
    .innerJoin(channels, eq(channels.id, followers.channelId))
    .where(
      and(
        eq(followers.accountId, accountId),
        eq(followers.externalId, socialId),
        channel
          ? sql`(${channels.id} = ${channel} or ${channels.type} = ${channel.toLowerCase()})`
          : undefined,
      ),
    )
    .limit(2);
  // Two followers with that id on different channels: the agent decides.
  return rows.length === 1 ? rows[0].id : null;
}

/** Message counts, first and last times and the last text of unknown chats, from their messages. */
export async function refreshCounts(ctx: AppContext, chatIds: string[]) {
  for (let i = 0; i < chatIds.length; i += 500) {
    const ids = chatIds.slice(i, i + 500);
    await ctx.db.execute(sql`
      update unknown_chats u set
        message_count = s.n, first_at = s.first_at, last_at = s.last_at,
        last_text = coalesce((
          select left(m.text, 300) from unknown_chat_messages m
          where m.unknown_chat_id = u.id order by m.at desc, m.seq desc limit 1), '')
      from (
        select unknown_chat_id, count(*)::int as n, min(at) as first_at, max(at) as last_at
        from unknown_chat_messages where ${inArray(unknownChatMessages.unknownChatId, ids)} group by unknown_chat_id
      ) s
      where s.unknown_chat_id = u.id`);
  }
}

export async function finishImport(
  ctx: AppContext,
  importId: string,
  values: Partial<typeof chatImports.$inferInsert>,
) {
  const [row] = await ctx.db
    .update(chatImports)
    .set({ ...values, finishedAt: new Date() })
    .where(eq(chatImports.id, importId))
    .returning();
  return row;
}
