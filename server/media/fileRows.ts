// The media_files rows: adding and removing them together with the account's use, listing,
// moving and renaming. Bytes in the store are handled by the callers (store.ts, routes.ts).
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { users } from '../accounts/schema';
import type { Db } from '../db/client';
import { NotFound } from '../http/errors';
import { mediaFiles, mediaFolders } from './schema';
import { type DiskInfo, release, reserve, type Tx } from './usage';

export type FileRow = typeof mediaFiles.$inferSelect;
export type NewFileRow = typeof mediaFiles.$inferInsert;
export type FileWithAuthor = FileRow & { createdByName: string | null };

export interface RemovedFile {
  storageKey: string;
  thumbnailKey: string | null;
  size: number;
}

/**
 * Inserts files and counts their bytes in one transaction; refuses (StorageFull) when they do not
 * fit. The folder must belong to the account (checked here, inside the transaction).
 */
export async function insertFileRows(
  db: Db,
  accountId: string,
  folderId: string,
  rows: NewFileRow[],
): Promise<{ rows: FileRow[]; disk: DiskInfo }> {
  return db.transaction(async (tx) => {
    const [folder] = await tx
      .select({ id: mediaFolders.id })
      .from(mediaFolders)
      .where(and(eq(mediaFolders.accountId, accountId), eq(mediaFolders.id, folderId)))
      .limit(1);
    if (!folder) throw new NotFound(SERVER_MESSAGES.folderMissing);
    const total = rows.reduce((sum, r) => sum + r.size, 0);
    const disk = await reserve(tx, accountId, total);
    const inFolder = rows.map((r) => ({ ...r, accountId, folderId }));
    const inserted = inFolder.length ? await tx.insert(mediaFiles).values(inFolder).returning() : [];
    return { rows: inserted, disk };
  });
}

/** Deletes the matching files of one account and gives their bytes back, in the caller's transaction. */
export async function deleteFileRows(
  tx: Tx,
  accountId: string,
  where: SQL | undefined,
): Promise<RemovedFile[]> {
  const removed = await tx
    .delete(mediaFiles)
    .where(and(eq(mediaFiles.accountId, accountId), where))
    .returning({
      storageKey: mediaFiles.storageKey,
      thumbnailKey: mediaFiles.thumbnailKey,
      size: mediaFiles.size,
    });
  await release(
    tx,
    accountId,
    removed.reduce((sum, r) => sum + Number(r.size), 0),
  );
  return removed.map((r) => ({ ...r, size: Number(r.size) }));
}

export const SORT_FIELDS = {
  createdDate: mediaFiles.createdAt,
  name: mediaFiles.name,
  size: mediaFiles.size,
} as const;
export type SortField = keyof typeof SORT_FIELDS;

export interface FileQuery {
  /** null: every folder of the account. */
  folderId: string | null;
  skip: number;
  limit: number;
  sortField: SortField;
  sortAsc: boolean;
  search: string;
  categories: string[];
  minSize: number | null;
  maxSize: number | null;
  resolutions: { width: number; height: number }[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listFiles(
  db: Db,
  accountId: string,
  q: FileQuery,
): Promise<{ files: FileWithAuthor[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(mediaFiles.accountId, accountId), isNull(mediaFiles.expiresAt)];
  if (q.folderId) conditions.push(eq(mediaFiles.folderId, q.folderId));
  if (q.search) conditions.push(sql`${mediaFiles.name} ilike ${`%${escapeLike(q.search)}%`} escape '\\'`);
  if (q.categories.length)
    conditions.push(inArray(mediaFiles.category, q.categories as FileRow['category'][]));
  if (q.minSize !== null) conditions.push(gt(mediaFiles.size, q.minSize - 1));
  if (q.maxSize !== null) conditions.push(lte(mediaFiles.size, q.maxSize));
  if (q.resolutions.length)
    conditions.push(
      or(...q.resolutions.map((r) => and(eq(mediaFiles.width, r.width), eq(mediaFiles.height, r.height)))),
    );
  const where = and(...conditions);
  const column = SORT_FIELDS[q.sortField];
  const order = q.sortAsc ? [asc(column), asc(mediaFiles.id)] : [desc(column), desc(mediaFiles.id)];
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ file: mediaFiles, createdByName: users.displayName })
      .from(mediaFiles)
      .leftJoin(users, eq(users.id, mediaFiles.createdBy))
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: count() }).from(mediaFiles).where(where),
  ]);
  return { files: rows.map((r) => ({ ...r.file, createdByName: r.createdByName })), total: Number(n) };
}

export async function findFileRow(db: Db, accountId: string, fileId: string): Promise<FileWithAuthor> {
  const [row] = await db
    .select({ file: mediaFiles, createdByName: users.displayName })
    .from(mediaFiles)
    .leftJoin(users, eq(users.id, mediaFiles.createdBy))
    .where(and(eq(mediaFiles.accountId, accountId), eq(mediaFiles.id, fileId)))
    .limit(1);
  if (!row) throw new NotFound(SERVER_MESSAGES.fileMissing);
  return { ...row.file, createdByName: row.createdByName };
}

/** Files whose time to live has not run out (expired ones are gone even before the sweep). */
const isLive = () => or(isNull(mediaFiles.expiresAt), gt(mediaFiles.expiresAt, new Date()));

/** Any account's file by id, for serving /media/{id}/{name}. */
export async function fileById(db: Db, fileId: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, fileId), isLive()))
    .limit(1);
  return row ?? null;
}

/** The account's files among these ids, for features that keep files' addresses (chats, widgets). */
export async function accountFilesByIds(db: Db, accountId: string, fileIds: readonly string[]) {
  if (fileIds.length === 0) return [];
  return db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.accountId, accountId), inArray(mediaFiles.id, [...fileIds]), isLive()));
}

/** Moves the account's files; all or none: a file that is not the account's is a 404 and nothing moves. */
export async function moveFileRows(db: Db, accountId: string, fileIds: string[], folderId: string) {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(mediaFiles)
      .set({ folderId })
      .where(and(eq(mediaFiles.accountId, accountId), inArray(mediaFiles.id, fileIds)))
      .returning({ id: mediaFiles.id });
    if (moved.length < new Set(fileIds).size) throw new NotFound(SERVER_MESSAGES.fileMissing);
    return moved.length;
  });
}

export async function renameFileRow(db: Db, accountId: string, fileId: string, name: string) {
  const [row] = await db
    .update(mediaFiles)
    .set({ name })
    .where(and(eq(mediaFiles.accountId, accountId), eq(mediaFiles.id, fileId)))
    .returning({ id: mediaFiles.id });
  if (!row) throw new NotFound(SERVER_MESSAGES.fileMissing);
}

/** Files whose time to live has run out, a batch at a time. */
export async function expiredFiles(db: Db, limit = 200) {
  return db
    .select({ id: mediaFiles.id, accountId: mediaFiles.accountId })
    .from(mediaFiles)
    .where(lte(mediaFiles.expiresAt, new Date()))
    .limit(limit);
}
