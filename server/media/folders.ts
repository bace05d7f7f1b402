// Media folders: one default folder per account (made on first use), folders inside folders up
// to MAX_FOLDER_DEPTH, unique names among siblings. A folder holding files is only deleted when
// the caller confirms (force), and its files go with it through deleteFileRows, keeping use exact.
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { newId } from '../accounts/ids';
import type { Db } from '../db/client';
import { Conflict, HttpError, Invalid, NotFound } from '../http/errors';
import { deleteFileRows, type FileRow, type RemovedFile } from './fileRows';
import { mediaFiles, mediaFolders } from './schema';
import type { Tx } from './usage';

export const DEFAULT_FOLDER_NAME = 'Default';
export const MAX_FOLDER_DEPTH = 5;

export type FolderRow = typeof mediaFolders.$inferSelect;

export interface FolderNode {
  folderId: string;
  /** Spelled as spec 7 writes it. */
  folderame: string;
  is_default: boolean;
  parent_id: string | null;
  /** Files directly in this folder (live ones, not expiring chat uploads). */
  file_count: number;
  subfolders: FolderNode[];
}

export class FolderNotEmpty extends HttpError {
  constructor(files: number) {
    super(
      409,
      `This folder has ${files} file${files === 1 ? '' : 's'}. Delete the folder and its files?`,
      'folder_not_empty',
      'force',
    );
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** The folder `where` finds, made from `values` when there is none yet. */
async function findOrMake(
  db: Db | Tx,
  where: SQL | undefined,
  values: typeof mediaFolders.$inferInsert,
): Promise<FolderRow> {
  const find = () => db.select().from(mediaFolders).where(where).limit(1);
  const [found] = await find();
  if (found) return found;
  try {
    const [made] = await db.insert(mediaFolders).values(values).returning();
    return made;
  } catch (err) {
    // Another request made it at the same moment.
    if (!isUniqueViolation(err)) throw err;
    const [again] = await find();
    return again;
  }
}

/** The account's default folder, made the first time anyone asks. */
export function ensureDefaultFolder(db: Db | Tx, accountId: string): Promise<FolderRow> {
  return findOrMake(db, and(eq(mediaFolders.accountId, accountId), eq(mediaFolders.isDefault, true)), {
    id: newId(),
    accountId,
    name: DEFAULT_FOLDER_NAME,
    isDefault: true,
  });
}

/**
 * The account's top-level folder of this name (any case), made the first time a feature stores a
 * file in it (chat files, widget uploads). A folder of that name the account made itself is used.
 */
export function ensureNamedFolder(db: Db, accountId: string, name: string): Promise<FolderRow> {
  return findOrMake(
    db,
    and(
      eq(mediaFolders.accountId, accountId),
      isNull(mediaFolders.parentId),
      sql`lower(${mediaFolders.name}) = lower(${name})`,
    ),
    { id: newId(), accountId, name },
  );
}

export async function findFolder(db: Db | Tx, accountId: string, folderId: string): Promise<FolderRow> {
  const [row] = await db
    .select()
    .from(mediaFolders)
    .where(and(eq(mediaFolders.accountId, accountId), eq(mediaFolders.id, folderId)))
    .limit(1);
  if (!row) throw new NotFound(SERVER_MESSAGES.folderMissing);
  return row;
}

/** The folder named, or the default folder when none is named. */
export async function folderOrDefault(
  db: Db,
  accountId: string,
  folderId: string | null,
): Promise<FolderRow> {
  return folderId ? findFolder(db, accountId, folderId) : ensureDefaultFolder(db, accountId);
}

async function allFolders(db: Db | Tx, accountId: string): Promise<FolderRow[]> {
  return db
    .select()
    .from(mediaFolders)
    .where(eq(mediaFolders.accountId, accountId))
    .orderBy(asc(mediaFolders.createdAt), asc(mediaFolders.id));
}

/** The folder and every folder inside it, at any depth. */
export function descendantIds(folders: readonly FolderRow[], rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const f of folders) if (f.parentId === ids[i]) ids.push(f.id);
  }
  return ids;
}

function depthOf(folders: readonly FolderRow[], folderId: string | null): number {
  let depth = 0;
  for (let id = folderId; id; id = folders.find((f) => f.id === id)?.parentId ?? null) depth++;
  return depth;
}

/**
 * GET /api/folder/list: the tree, default folder first, then by name. With `categories`, each
 * folder's file_count counts only files of those kinds (what a picker of that kind lists).
 */
export async function folderTree(
  db: Db,
  accountId: string,
  categories: string[] = [],
): Promise<FolderNode[]> {
  await ensureDefaultFolder(db, accountId);
  const [folders, counts] = await Promise.all([
    allFolders(db, accountId),
    db
      .select({ folderId: mediaFiles.folderId, n: count() })
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.accountId, accountId),
          isNull(mediaFiles.expiresAt),
          categories.length ? inArray(mediaFiles.category, categories as FileRow['category'][]) : undefined,
        ),
      )
      .groupBy(mediaFiles.folderId),
  ]);
  const countOf = new Map(counts.map((c) => [c.folderId, Number(c.n)]));
  const collator = new Intl.Collator(['th', 'en'], { numeric: true, sensitivity: 'base' });
  const build = (parentId: string | null): FolderNode[] =>
    folders
      .filter((f) => f.parentId === parentId)
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || collator.compare(a.name, b.name))
      .map((f) => ({
        folderId: f.id,
        folderame: f.name,
        is_default: f.isDefault,
        parent_id: f.parentId,
        file_count: countOf.get(f.id) ?? 0,
        subfolders: build(f.id),
      }));
  return build(null);
}

const nameTaken = () => new Conflict(SERVER_MESSAGES.folderTaken, 'name');

export async function createFolder(
  db: Db,
  accountId: string,
  input: { name: string; parentId: string | null; userId: string },
): Promise<FolderRow> {
  await ensureDefaultFolder(db, accountId);
  if (input.parentId) {
    const folders = await allFolders(db, accountId);
    if (!folders.some((f) => f.id === input.parentId)) throw new NotFound(SERVER_MESSAGES.folderMissing);
    if (depthOf(folders, input.parentId) >= MAX_FOLDER_DEPTH)
      throw new Invalid('parentId', SERVER_MESSAGES.folderDepth(MAX_FOLDER_DEPTH));
  }
  try {
    const [row] = await db
      .insert(mediaFolders)
      .values({ id: newId(), accountId, parentId: input.parentId, name: input.name, createdBy: input.userId })
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function renameFolder(db: Db, accountId: string, folderId: string, name: string) {
  const folder = await findFolder(db, accountId, folderId);
  if (folder.isDefault) throw new Conflict(SERVER_MESSAGES.defaultFolderName, 'folderId');
  try {
    const [row] = await db
      .update(mediaFolders)
      .set({ name })
      .where(and(eq(mediaFolders.accountId, accountId), eq(mediaFolders.id, folderId)))
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * Deletes a folder with its subfolders. When any of them hold files the caller must confirm with
 * `force`; then the files are deleted too. Returns the removed files so their bytes can go.
 */
export async function deleteFolder(
  db: Db,
  accountId: string,
  folderId: string,
  force: boolean,
): Promise<{ removed: RemovedFile[]; folders: number }> {
  return db.transaction(async (tx) => {
    const folders = await allFolders(tx, accountId);
    const folder = folders.find((f) => f.id === folderId);
    if (!folder) throw new NotFound(SERVER_MESSAGES.folderMissing);
    if (folder.isDefault) throw new Conflict(SERVER_MESSAGES.defaultFolderKept, 'folderId');
    const ids = descendantIds(folders, folderId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.accountId, accountId), inArray(mediaFiles.folderId, ids)));
    if (Number(n) > 0 && !force) throw new FolderNotEmpty(Number(n));
    const removed = await deleteFileRows(tx, accountId, inArray(mediaFiles.folderId, ids));
    // Children first is not needed: parent_id cascades.
    await tx
      .delete(mediaFolders)
      .where(and(eq(mediaFolders.accountId, accountId), eq(mediaFolders.id, folderId)));
    return { removed, folders: ids.length };
  });
}
