// Tag settings (spec 2: tag name, number of usage, status): create, rename, enable or disable,
// delete, and who sees each tag (spec 4, 6). Usage counts are exact (count of follower_tags).
import { and, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { requireArea } from '../accounts/permissions';
import { fieldsOf, optionalBoolean, optionalString, requiredString } from '../chat/input';
import { tags } from '../chat/schema';
import { readPermissions } from '../contacts/permissionInput';
import { everyRolePermission, TAG_NAME_MAX } from '../contacts/tagStore';
import type { AppContext } from '../context';
import { byName } from '../db/order';
import { Conflict, Invalid, NotFound } from '../http/errors';

type TagRow = typeof tags.$inferSelect;

const usage = sql<number>`(select count(*) from follower_tags ft where ft.tag_id = ${tags.id})`;

function tagToWire(t: TagRow, numberOfUsage: number) {
  return {
    _id: t.id,
    name: t.name,
    number_of_usage: numberOfUsage,
    status: t.isActive ? ('active' as const) : ('inactive' as const),
    is_verify: t.isVerify,
    verify_tag_api: t.verifyTagApi,
    permission: t.permission,
    created_at: t.createdAt.toISOString(),
  };
}

function statusOf(body: Record<string, unknown>): boolean | null {
  if (body.status === undefined) return optionalBoolean(body, 'is_active');
  if (body.status === 'active') return true;
  if (body.status === 'inactive') return false;
  throw new Invalid('status', MESSAGES.required);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function withUsage(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select({ tag: tags, n: usage }).from(tags).where(eq(tags.id, id));
  return tagToWire(row.tag, Number(row.n));
}

export function registerTagSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/settings/tags', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'read');
    const search = optionalString(fieldsOf(request.query), 'search', { max: 100 })?.trim();
    const rows = await ctx.db
      .select({ tag: tags, n: usage })
      .from(tags)
      .where(
        and(
          eq(tags.accountId, access.accountId),
          search ? ilike(tags.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        ),
      )
      .orderBy(...byName(tags.name));
    return { list: rows.map((r) => tagToWire(r.tag, Number(r.n))) };
  });

  app.post('/api/settings/tags', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const body = fieldsOf(request.body);
    const name = requiredString(body, 'name', { max: TAG_NAME_MAX }).trim();
    const isActive = statusOf(body) ?? true;
    const permission =
      body.permission === undefined
        ? await everyRolePermission(ctx.db, access.accountId)
        : await readPermissions(ctx.db, access.workspaceId, body.permission);
    const [row] = await ctx.db
      .insert(tags)
      .values({
        id: newId(),
        accountId: access.accountId,
        name,
        isActive,
        permission,
        verifyTagApi: optionalBoolean(body, 'verify_tag_api') ?? false,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new Conflict(SERVER_MESSAGES.tagTaken, 'name');
    return { tag: tagToWire(row, 0) };
  });

  app.put('/api/settings/tags/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const body = fieldsOf(request.body);
    const id = (request.params as { id: string }).id;
    const name = optionalString(body, 'name', { max: TAG_NAME_MAX })?.trim();
    if (body.name !== undefined && !name) throw new Invalid('name', MESSAGES.required);
    const isActive = statusOf(body);
    const verifyTagApi = optionalBoolean(body, 'verify_tag_api');
    const permission =
      body.permission === undefined
        ? null
        : await readPermissions(ctx.db, access.workspaceId, body.permission);
    let updated: TagRow[];
    try {
      updated = await ctx.db
        .update(tags)
        .set({
          // Unchanged unless given (and never an empty SET).
          name: name ?? sql`${tags.name}`,
          ...(isActive !== null ? { isActive } : {}),
          ...(verifyTagApi !== null ? { verifyTagApi } : {}),
          ...(permission ? { permission } : {}),
        })
        .where(and(eq(tags.id, id), eq(tags.accountId, access.accountId)))
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(SERVER_MESSAGES.tagTaken, 'name');
      throw err;
    }
    if (updated.length === 0) throw new NotFound(SERVER_MESSAGES.tagMissing);
    return { tag: await withUsage(ctx, id) };
  });

  app.delete('/api/settings/tags/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const id = (request.params as { id: string }).id;
    // follower_tags rows go with it (on delete cascade): the tag leaves every contact.
    const deleted = await ctx.db
      .delete(tags)
      .where(and(eq(tags.id, id), eq(tags.accountId, access.accountId)))
      .returning({ id: tags.id });
    if (deleted.length === 0) throw new NotFound(SERVER_MESSAGES.tagMissing);
    return { deleted: 1 };
  });
}
