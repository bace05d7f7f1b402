// The contact list API (docs/api.md "Contacts"): list, details, create, update, fields, import,
// export and merge. Reading needs contacts read; changing needs contacts write; field
// definitions need settings write. Everything is scoped to the account named by channel_id.
import multipart from '@fastify/multipart';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canView } from '../../core/access/entryAccess';
import { CONTACT_DETAIL_TYPES, type ContactDetailType } from '../../core/models/contact';
import { AGENT_EVENTS, AGENT_NAMESPACE } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import {
  FIELD_KEY_MAX_LENGTH,
  FIELD_LABEL_MAX_LENGTH,
  FIELD_MESSAGES,
  isFieldKey,
} from '../../core/validation/contactField';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { requireArea } from '../accounts/permissions';
import { channels, roles } from '../accounts/schema';
import {
  type Fields,
  fieldsOf,
  integer,
  optionalBoolean,
  optionalString,
  requiredString,
} from '../chat/input';
import { accountRoom } from '../chat/rooms';
import { followers, tags } from '../chat/schema';
import type { AppContext } from '../context';
import { byName } from '../db/order';
import { Conflict, Invalid, NotFound } from '../http/errors';
import { contactViewerOf } from './access';
import { announceContact } from './events';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  exportContacts,
  importContacts,
  MAX_IMPORT_BYTES,
  readRows,
} from './importExport';
import { mergeContacts } from './merge';
import { readPermissions } from './permissionInput';
import { CONTACT_SORTS, type ContactFilter, type ContactSort, countContacts, queryContacts } from './query';
import { contactFields } from './schema';
import { everyRolePermission } from './tagStore';
import { type ContactViewer, contactsToWire, contactToWire, findContactRow, MANUAL_PREFIX } from './view';
import {
  applyFieldValues,
  type FieldInput,
  isVerified,
  replaceTags,
  setVerification,
  type VerifyInput,
} from './write';

export const CONTACT_PAGE_MAX = 100;
export const CONTACT_NAME_MAX = 200;
export const NICKNAME_MAX = 100;
export const SOCIAL_ID_MAX = 200;

async function filterOf(ctx: AppContext, viewer: ContactViewer, q: Fields): Promise<ContactFilter> {
  const filter: ContactFilter = {
    search: optionalString(q, ['search', 'keyword'], { max: 100 }) ?? undefined,
    channelType: optionalString(q, 'channel_type', { max: 32 }) ?? undefined,
    verified: optionalBoolean(q, ['verified', 'is_verify']) ?? undefined,
  };
  const tagId = optionalString(q, ['tag_id', 'tag'], { max: 64 });
  if (tagId) {
    const [tag] = await ctx.db
      .select({ permission: tags.permission })
      .from(tags)
      .where(and(eq(tags.id, tagId), eq(tags.accountId, viewer.accountId)))
      .limit(1);
    const onVerified = Boolean(tag) && canView(tag.permission, viewer, true);
    const onDefault = Boolean(tag) && canView(tag.permission, viewer, false);
    // A tag hidden from the viewer filters nothing in (never reveals who carries it).
    filter.tagId = onVerified || onDefault ? tagId : '!hidden';
    if (onVerified !== onDefault) filter.tagVerified = onVerified;
  }
  return filter;
}

function contactDetailInput(body: Fields): FieldInput[] | null {
  const raw = body.contact_detail;
  if (raw === undefined || raw === null) return null;
  if (Array.isArray(raw))
    return raw.map((entry, i) => {
      const e = fieldsOf(entry);
      if (typeof e.key !== 'string') throw new Invalid(`contact_detail.${i}.key`, MESSAGES.required);
      return { key: e.key, value: e.value };
    });
  if (typeof raw === 'object') return Object.entries(raw as Fields).map(([key, value]) => ({ key, value }));
  throw new Invalid('contact_detail', MESSAGES.required);
}

function verifyInput(body: Fields): VerifyInput | null {
  if (body.verify === undefined && body.is_verify === undefined) return null;
  const v = body.verify === undefined ? body : fieldsOf(body.verify);
  const isVerify = optionalBoolean(v, 'is_verify');
  if (isVerify === null) throw new Invalid('verify.is_verify', MESSAGES.required);
  const systemTags = Array.isArray(v.system_tags)
    ? v.system_tags.map((t) => ({ value: String(fieldsOf(t).value ?? t) })).slice(0, 50)
    : undefined;
  return {
    is_verify: isVerify,
    verify_type: optionalString(v, 'verify_type', { max: 50 }),
    system_tags: systemTags,
    customer_id:
      optionalString(body, 'customer_id', { max: 100 }) ?? optionalString(v, 'customer_id', { max: 100 }),
    customer_type:
      optionalString(body, 'customer_type', { max: 100 }) ?? optionalString(v, 'customer_type', { max: 100 }),
  };
}

function tagIdsInput(body: Fields): string[] | null {
  if (body.tags === undefined || body.tags === null) return null;
  if (!Array.isArray(body.tags)) throw new Invalid('tags', MESSAGES.required);
  return body.tags.map((t) => (typeof t === 'string' ? t : String(fieldsOf(t)._id ?? ''))).filter(Boolean);
}

function fieldTypeOf(body: Fields): ContactDetailType {
  const type = body.type;
  if (typeof type !== 'string' || !(CONTACT_DETAIL_TYPES as readonly string[]).includes(type))
    throw new Invalid('type', MESSAGES.required);
  return type as ContactDetailType;
}

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    if (!scope.hasRequestDecorator('isMultipart'))
      await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } });
    registerRoutes(scope, ctx);
  });
}

function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/contact/list', async (request) => {
    const viewer = await contactViewerOf(ctx, request, 'read');
    const q = fieldsOf(request.query);
    const sortText = optionalString(q, 'sort', { max: 20 }) ?? 'last_active';
    if (!(CONTACT_SORTS as readonly string[]).includes(sortText))
      throw new Invalid('sort', MESSAGES.required);
    const sort = sortText as ContactSort;
    const orderText = optionalString(q, 'order', { max: 4 }) ?? (sort === 'name' ? 'asc' : 'desc');
    if (orderText !== 'asc' && orderText !== 'desc') throw new Invalid('order', MESSAGES.required);
    const filter = await filterOf(ctx, viewer, q);
    const cursor = optionalString(q, 'cursor', { max: 1000 }) ?? undefined;
    const limit = integer(q, 'limit', { min: 1, max: CONTACT_PAGE_MAX, fallback: 50 });
    const [page, total] = await Promise.all([
      queryContacts(ctx.db, viewer.accountId, { ...filter, sort, order: orderText, limit, cursor }),
      cursor ? Promise.resolve(null) : countContacts(ctx.db, viewer.accountId, filter),
    ]);
    return {
      list: await contactsToWire(ctx.db, viewer, page.rows),
      next_cursor: page.nextCursor,
      total_count: total,
    };
  });

  app.get('/api/contact/masterdata', async (request) => {
    const viewer = await contactViewerOf(ctx, request, 'read');
    const [channelRows, tagRows, fieldRows] = await Promise.all([
      ctx.db
        .select({ id: channels.id, name: channels.name, type: channels.type })
        .from(channels)
        .where(eq(channels.accountId, viewer.accountId))
        .orderBy(asc(channels.createdAt)),
      ctx.db
        .select()
        .from(tags)
        .where(eq(tags.accountId, viewer.accountId))
        .orderBy(...byName(tags.name)),
      ctx.db
        .select()
        .from(contactFields)
        .where(eq(contactFields.accountId, viewer.accountId))
        .orderBy(asc(contactFields.position), asc(contactFields.createdAt)),
    ]);
    return {
      channels: channelRows.map((c) => ({ _id: c.id, name: c.name, type: c.type })),
      tags: tagRows
        .filter((t) => canView(t.permission, viewer, true) || canView(t.permission, viewer, false))
        .map((t) => ({ _id: t.id, name: t.name, is_active: t.isActive })),
      fields: fieldRows.map((f) => ({ _id: f.id, key: f.key, label: f.label, type: f.type })),
      can_write: viewer.mayWrite,
    };
  });

  app.get('/api/contact/:id', async (request) => {
    const viewer = await contactViewerOf(ctx, request, 'read');
    const row = await findContactRow(ctx.db, viewer.accountId, (request.params as { id: string }).id);
    if (!row) throw new NotFound(SERVER_MESSAGES.contactMissing);
    return { contact: await contactToWire(ctx.db, viewer, row) };
  });

  app.post('/api/contact/create', async (request) => {
    const viewer = await contactViewerOf(ctx, request, 'write');
    const body = fieldsOf(request.body);
    const name = requiredString(body, ['line_name', 'name'], { max: CONTACT_NAME_MAX }).trim();
    const nickname = optionalString(body, ['line_nickname', 'nickname'], { max: NICKNAME_MAX });
    const socialId = optionalString(body, 'social_id', { max: SOCIAL_ID_MAX })?.trim() || null;
    const channelId = optionalString(body, ['channel', 'channel_id'], { max: 64 });
    const channelRows = await ctx.db
      .select()
      .from(channels)
      .where(eq(channels.accountId, viewer.accountId))
      .orderBy(asc(channels.createdAt));
    const channel = channelId ? channelRows.find((c) => c.id === channelId) : channelRows[0];
    if (!channel) throw new Invalid('channel', SERVER_MESSAGES.channelMissing);
    const details = contactDetailInput(body);
    const verify = verifyInput(body);
    const tagIds = tagIdsInput(body);
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(followers)
        .values({
          id: newId(),
          accountId: viewer.accountId,
          channelId: channel.id,
          channelType: channel.type,
          externalId: socialId ?? `${MANUAL_PREFIX}${newId()}`,
          lineName: name,
          lineNickname: nickname?.trim() || null,
          profile: { source: 'manual' },
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw new Conflict(SERVER_MESSAGES.socialIdTaken, 'social_id');
      const db = tx as unknown as typeof ctx.db;
      const verified = verify ? await setVerification(db, viewer, created, verify) : false;
      if (details) await applyFieldValues(db, viewer, created, verified, details);
      if (tagIds) await replaceTags(db, viewer, created, verified, tagIds);
      return created;
    });
    return { contact: await contactToWire(ctx.db, viewer, row) };
  });

  app.post('/api/contact/update', async (request) => {
    const viewer = await contactViewerOf(ctx, request, 'write');
    const body = fieldsOf(request.body);
    const id = requiredString(body, ['_id', 'follower_id', 'followerId', 'id'], { max: 64 });
    const name = optionalString(body, ['line_name', 'name'], { max: CONTACT_NAME_MAX });
    const nickname =
      body.line_nickname === null
        ? ''
        : optionalString(body, ['line_nickname', 'nickname'], { max: NICKNAME_MAX });
    const details = contactDetailInput(body);
    const verify = verifyInput(body);
    const tagIds = tagIdsInput(body);
    const row = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(followers)
        .where(and(eq(followers.id, id), eq(followers.accountId, viewer.accountId)))
        .for('update')
        .limit(1);
      if (!locked) throw new NotFound(SERVER_MESSAGES.contactMissing);
      const db = tx as unknown as typeof ctx.db;
      let current = locked;
      if (name?.trim() || nickname !== null) {
        [current] = await tx
          .update(followers)
          .set({
            ...(name?.trim() ? { lineName: name.trim() } : {}),
            ...(nickname !== null ? { lineNickname: nickname.trim() || null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(followers.id, id))
          .returning();
      }
      let verified = await isVerified(db, id);
      if (verify) verified = await setVerification(db, viewer, current, verify);
      if (details) await applyFieldValues(db, viewer, current, verified, details);
      if (tagIds) await replaceTags(db, viewer, current, verified, tagIds);
      const [fresh] = await tx.select().from(followers).where(eq(followers.id, id));
      return fresh;
    });
    await announceContact(ctx, row);
    return { contact: await contactToWire(ctx.db, viewer, row) };
  });

  app.post('/api/contact/merge', async (request) => {
    const viewer = await contactViewerOf(ctx, request, 'write');
    const body = fieldsOf(request.body);
    const primaryId = requiredString(body, ['primary_id', 'primaryId'], { max: 64 });
    const otherId = requiredString(body, ['secondary_id', 'secondaryId', 'merge_id'], { max: 64 });
    const { primary, removed } = await mergeContacts(ctx.db, viewer, primaryId, otherId);
    // The inbox lists lose the removed chat and show the merged one: simplest to reload them.
    ctx.io.of(AGENT_NAMESPACE).to(accountRoom(viewer.accountId)).emit(AGENT_EVENTS.FETCH_FOLLOWERS, {});
    return { contact: await contactToWire(ctx.db, viewer, primary), removed_id: removed.id };
  });

  app.get('/api/contact/duplicates', async (request) => {
    const viewer = await contactViewerOf(ctx, request, 'read');
    const rows = await ctx.db.execute<{ name: string; ids: string[] }>(sql`
      select lower(coalesce(nullif(line_nickname, ''), line_name)) as name, array_agg(id order by created_at) as ids
      from followers
      where account_id = ${viewer.accountId} and follower_type = 'other'
        and coalesce(nullif(line_nickname, ''), line_name) <> ''
      group by 1 having count(*) > 1
      order by count(*) desc, 1 limit 50`);
    const groups = (rows as unknown as { rows: { name: string; ids: string[] }[] }).rows ?? [];
    const ids = groups.flatMap((g) => g.ids).slice(0, 500);
    const found = ids.length ? await ctx.db.select().from(followers).where(inArray(followers.id, ids)) : [];
    const wire = new Map((await contactsToWire(ctx.db, viewer, found)).map((c) => [c._id, c]));
    return {
      groups: groups.map((g) => ({
        name: g.name,
        contacts: g.ids.map((id) => wire.get(id)).filter(Boolean),
      })),
    };
  });

  app.get('/api/contact/export', async (request, reply) => {
    const viewer = await contactViewerOf(ctx, request, 'read');
    const q = fieldsOf(request.query);
    const format = (optionalString(q, 'format', { max: 4 }) ?? 'xlsx') as ExportFormat;
    if (!EXPORT_FORMATS.includes(format)) throw new Invalid('format', MESSAGES.required);
    const stream = await exportContacts(ctx.db, viewer, await filterOf(ctx, viewer, q), format);
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header(
        'content-type',
        format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header('content-disposition', `attachment; filename="contacts_${day}.${format}"`);
    return reply.send(stream);
  });

  app.post('/api/contact/import', async (request) => {
    const viewer = await contactViewerOf(ctx, request, 'write');
    if (!request.isMultipart()) throw new Invalid('file', MESSAGES.required);
    const file = await request.file();
    if (!file) throw new Invalid('file', MESSAGES.required);
    const buffer = await file.toBuffer();
    if (file.file.truncated) throw new Invalid('file', 'Too large file size');
    const fieldValue = (name: string) => {
      const f = file.fields[name];
      const one = Array.isArray(f) ? f[0] : f;
      return one && 'value' in one ? String(one.value) : null;
    };
    const channelId =
      fieldValue('channel_id') ?? optionalString(fieldsOf(request.query), 'channel', { max: 64 });
    const rows = await readRows(buffer, file.filename);
    if (rows.length === 0) throw new Invalid('file', SERVER_MESSAGES.noRows);
    const report = await importContacts(ctx.db, viewer, rows, { defaultChannelId: channelId });
    if (report.created + report.updated > 0)
      ctx.io.of(AGENT_NAMESPACE).to(accountRoom(viewer.accountId)).emit(AGENT_EVENTS.FETCH_FOLLOWERS, {});
    return report;
  });

  // Field definitions: anyone who reads contacts sees the list; settings write changes it.
  app.get('/api/contact/fields', async (request) => {
    const viewer = await contactViewerOf(ctx, request, 'read');
    const rows = await ctx.db
      .select()
      .from(contactFields)
      .where(eq(contactFields.accountId, viewer.accountId))
      .orderBy(asc(contactFields.position), asc(contactFields.createdAt));
    return { list: rows.map(fieldToWire) };
  });

  app.post('/api/contact/fields', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const body = fieldsOf(request.body);
    const key = requiredString(body, 'key', { max: FIELD_KEY_MAX_LENGTH }).trim();
    if (!isFieldKey(key)) throw new Invalid('key', FIELD_MESSAGES.key);
    const label = (optionalString(body, 'label', { max: FIELD_LABEL_MAX_LENGTH }) ?? key).trim() || key;
    const type = fieldTypeOf(body);
    const permission =
      body.permission === undefined
        ? await everyRolePermission(ctx.db, access.accountId)
        : await readPermissions(ctx.db, access.workspaceId, body.permission);
    const [{ top }] = await ctx.db
      .select({ top: sql<number>`coalesce(max(${contactFields.position}), 0)` })
      .from(contactFields)
      .where(eq(contactFields.accountId, access.accountId));
    const [row] = await ctx.db
      .insert(contactFields)
      .values({
        id: newId(),
        accountId: access.accountId,
        key,
        label,
        type,
        permission,
        position: Number(top) + 1,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new Conflict(SERVER_MESSAGES.fieldKeyTaken, 'key');
    return { field: fieldToWire(row) };
  });

  app.put('/api/contact/fields/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const body = fieldsOf(request.body);
    const id = (request.params as { id: string }).id;
    const label = optionalString(body, 'label', { max: FIELD_LABEL_MAX_LENGTH });
    const permission =
      body.permission === undefined
        ? null
        : await readPermissions(ctx.db, access.workspaceId, body.permission);
    const position =
      body.position === undefined ? null : integer(body, 'position', { min: 0, max: 10_000, fallback: 0 });
    const [row] = await ctx.db
      .update(contactFields)
      .set({
        label: label?.trim() || sql`${contactFields.label}`,
        ...(permission ? { permission } : {}),
        ...(position !== null ? { position } : {}),
      })
      .where(and(eq(contactFields.id, id), eq(contactFields.accountId, access.accountId)))
      .returning();
    if (!row) throw new NotFound(SERVER_MESSAGES.fieldMissing);
    return { field: fieldToWire(row) };
  });

  app.delete('/api/contact/fields/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const id = (request.params as { id: string }).id;
    const deleted = await ctx.db
      .delete(contactFields)
      .where(and(eq(contactFields.id, id), eq(contactFields.accountId, access.accountId)))
      .returning({ id: contactFields.id });
    if (deleted.length === 0) throw new NotFound(SERVER_MESSAGES.fieldMissing);
    return { deleted: 1 };
  });

  app.get('/api/contact/roles', async (request) => {
    const access = await requireArea(ctx, request, 'contacts', 'read');
    const rows = await ctx.db
      .select({ id: roles.id, name: roles.name, level: roles.level })
      .from(roles)
      .where(eq(roles.workspaceId, access.workspaceId))
      .orderBy(asc(roles.level), ...byName(roles.name));
    return { list: rows.map((r) => ({ _id: r.id, name: r.name, level: r.level })) };
  });
}

function fieldToWire(row: typeof contactFields.$inferSelect) {
  return {
    _id: row.id,
    key: row.key,
    label: row.label,
    type: row.type,
    permission: row.permission,
    position: row.position,
  };
}
