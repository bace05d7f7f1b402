// Saved templates in the database, always scoped to one account.
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { CONVERT_MESSAGES } from '../../core/automation/replyConvert';
import type { TemplateKind } from '../../core/template/channelPreview';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { newId } from '../accounts/ids';
import { users } from '../accounts/schema';
import { escapeLike } from '../chat/followerQuery';
import type { Db } from '../db/client';
import { Conflict, NotFound } from '../http/errors';
import type { TemplateInput } from './convert';
import { messageTemplates } from './schema';

export type TemplateRow = typeof messageTemplates.$inferSelect & {
  createdByName: string | null;
  updatedByName: string | null;
};

export const TEMPLATE_NOT_FOUND = CONVERT_MESSAGES.missingTemplate;
export const TEMPLATE_CHANGED = SERVER_MESSAGES.templateChanged;

const t = messageTemplates;

async function withNames(db: Db, rows: (typeof t.$inferSelect)[]): Promise<TemplateRow[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.createdBy, r.updatedBy]).filter((v): v is string => !!v))];
  const found =
    ids.length === 0
      ? []
      : await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, ids));
  const names = new Map(found.map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    ...r,
    createdByName: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    updatedByName: r.updatedBy ? (names.get(r.updatedBy) ?? null) : null,
  }));
}

export interface TemplateQuery {
  search?: string | null;
  kind?: TemplateKind | null;
  skip: number;
  limit: number;
}

export async function listTemplates(db: Db, accountId: string, q: TemplateQuery) {
  const parts: SQL[] = [eq(t.accountId, accountId)];
  if (q.search?.trim()) parts.push(ilike(t.name, `%${escapeLike(q.search.trim())}%`));
  if (q.kind) parts.push(eq(t.kind, q.kind));
  const where = and(...parts);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(t).where(where).orderBy(desc(t.updatedAt), desc(t.id)).offset(q.skip).limit(q.limit),
    db.select({ total: count() }).from(t).where(where),
  ]);
  return { rows: await withNames(db, rows), total: Number(total) };
}

export async function findTemplate(db: Db, accountId: string, id: string): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.accountId, accountId)))
    .limit(1);
  if (!row) throw new NotFound(TEMPLATE_NOT_FOUND);
  return (await withNames(db, [row]))[0];
}

export async function insertTemplate(
  db: Db,
  accountId: string,
  userId: string,
  input: TemplateInput,
): Promise<TemplateRow> {
  const now = new Date();
  const [row] = await db
    .insert(t)
    .values({
      id: newId(),
      accountId,
      name: input.name,
      kind: input.kind,
      form: input.form,
      lineMessage: input.lineMessage,
      createdBy: userId,
      updatedBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return (await withNames(db, [row]))[0];
}

/**
 * Replaces a template. With `expectedUpdatedAt` (what the editor loaded), a save over someone
 * else's newer save is refused instead of silently overwriting it.
 */
export async function updateTemplate(
  db: Db,
  accountId: string,
  id: string,
  userId: string,
  input: TemplateInput,
  expectedUpdatedAt: Date | null,
): Promise<TemplateRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ updatedAt: t.updatedAt })
      .from(t)
      .where(and(eq(t.id, id), eq(t.accountId, accountId)))
      .for('update')
      .limit(1);
    if (!current) throw new NotFound(TEMPLATE_NOT_FOUND);
    if (expectedUpdatedAt && current.updatedAt.getTime() !== expectedUpdatedAt.getTime())
      throw new Conflict(TEMPLATE_CHANGED, 'updated_at');
    // Strictly later than the last save, so the next expected-time check always sees a change.
    const now = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
    const [row] = await tx
      .update(t)
      .set({
        name: input.name,
        kind: input.kind,
        form: input.form,
        lineMessage: input.lineMessage,
        updatedBy: userId,
        updatedAt: now,
      })
      .where(eq(t.id, id))
      .returning();
    return (await withNames(tx as unknown as Db, [row]))[0];
  });
}

export async function deleteTemplates(db: Db, accountId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(t)
    .where(and(inArray(t.id, ids), eq(t.accountId, accountId)))
    .returning({ id: t.id });
  return rows.length;
}
