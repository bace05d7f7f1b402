// Rich menus (issue 11; docs/api.md): general (everyone's default) and personal (verified
// contacts, or followers picked by hand) menus of a LINE channel; saved as drafts, switched on
// (published to LINE: validate, create, upload image, set default or link) and off; tabs Current
// Menu and History (menus that were replaced or deleted after being live).
import { and, asc, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  RICH_MENU_KINDS,
  type RichMenuDraft,
  type RichMenuImageFacts,
  RichMenuDraft as RichMenuStruct,
  toLineRichMenu,
  validateRichMenu,
} from '../../core/automation/richMenu';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { requireArea } from '../accounts/permissions';
import { channels } from '../accounts/schema';
import { idParam, readBody } from '../automation/input';
import { InvalidReply } from '../automation/send';
import { type PlatformChannel, toPlatformChannel } from '../channels/store';
import { escapeLike } from '../chat/followerQuery';
import { fieldsOf, optionalString } from '../chat/input';
import { followers } from '../chat/schema';
import { contactVerifications } from '../contacts/schema';
import type { AppContext } from '../context';
import { byName } from '../db/order';
import { requireAccount, requireAuth } from '../http/context';
import { HttpError, Invalid, NotFound } from '../http/errors';
import { mediaFiles } from '../media/schema';
import { mediaStorage } from '../media/storageOf';
import { filePath, requestOrigin } from '../media/wire';
import { publishToLine, removeFromLine, unpublishFromLine } from './line';
import { type RichMenuStatus, richMenus } from './schema';

const NOT_FOUND = SERVER_MESSAGES.richMenuMissing;
export const NO_LINE_CHANNEL = SERVER_MESSAGES.noLineChannel;

type MenuRow = typeof richMenus.$inferSelect;
type FileRow = typeof mediaFiles.$inferSelect;

/** LINE refused or could not be reached: 502 with LINE's reason. */
class LineRefused extends HttpError {
  constructor(message: string) {
    super(502, message, 'line_refused');
  }
}

function draftOf(row: MenuRow): RichMenuDraft {
  return {
    name: row.name,
    kind: row.kind,
    channel_id: row.channelId,
    menu_bar_label: row.menuBarLabel,
    default_behavior: row.defaultBehavior,
    template: row.template,
    background_image: row.imageFileId,
    areas: row.areas,
    target: row.target,
    follower_ids: row.followerIds,
  };
}

function toWire(row: MenuRow, image: FileRow | null, origin: string) {
  return {
    _id: row.id,
    ...draftOf(row),
    image: image
      ? {
          url: `${origin}${filePath(image.id, image.name)}`,
          name: image.name,
          size: Number(image.size),
          width: image.width,
          height: image.height,
        }
      : null,
    status: row.status,
    is_active: row.status === 'active',
    line_rich_menu_id: row.lineRichMenuId,
    linked: row.linked,
    publish_error: row.publishError,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns a saved draft sets, on create and on update. */
function columnsOf(draft: RichMenuDraft, channelId: string) {
  return {
    channelId,
    name: draft.name,
    menuBarLabel: draft.menu_bar_label,
    defaultBehavior: draft.default_behavior,
    template: draft.template,
    imageFileId: draft.background_image ?? null,
    areas: draft.areas,
    target: draft.target,
    followerIds: draft.follower_ids,
  };
}

async function imageRow(ctx: AppContext, accountId: string, id: string | null | undefined) {
  if (!id) return null;
  const [row] = await ctx.db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.accountId, accountId), eq(mediaFiles.id, id)))
    .limit(1);
  return row ?? null;
}

function factsOf(row: FileRow | null): RichMenuImageFacts | null {
  if (!row) return null;
  return {
    name: row.name,
    type: row.contentType,
    size: Number(row.size),
    resolution: row.width && row.height ? { width: row.width, height: row.height } : null,
  };
}

async function lineChannels(ctx: AppContext, accountId: string): Promise<PlatformChannel[]> {
  const rows = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.accountId, accountId), eq(channels.type, 'line')))
    .orderBy(asc(channels.createdAt));
  return rows.map(toPlatformChannel).filter((c): c is PlatformChannel => c !== null);
}

async function channelOf(ctx: AppContext, accountId: string, id: string | null | undefined) {
  const list = await lineChannels(ctx, accountId);
  const channel = id ? list.find((c) => c.id === id) : list[0];
  if (!channel) throw new Invalid('channel_id', id ? MESSAGES.required : NO_LINE_CHANNEL);
  return channel;
}

/** The body checked by spec 5 (the image rules included) and its LINE channel. */
async function readMenu(ctx: AppContext, accountId: string, body: unknown) {
  const draft = readBody(RichMenuStruct, body);
  draft.name = draft.name.trim();
  draft.menu_bar_label = draft.menu_bar_label.trim();
  const channel = await channelOf(ctx, accountId, draft.channel_id);
  draft.channel_id = channel.id;
  const image = await imageRow(ctx, accountId, draft.background_image);
  if (draft.background_image && !image) throw new Invalid('background_image', SERVER_MESSAGES.fileMissing);
  const errors = validateRichMenu(draft, factsOf(image));
  if (errors.length > 0) throw new InvalidReply(errors);
  const converted = toLineRichMenu(draft);
  if (!converted.ok) throw new InvalidReply(converted.errors);
  if (draft.kind === 'personal' && draft.target === 'selected') {
    const found = await ctx.db
      .select({ id: followers.id })
      .from(followers)
      .where(
        and(
          eq(followers.accountId, accountId),
          eq(followers.channelId, channel.id),
          inArray(followers.id, draft.follower_ids),
        ),
      );
    draft.follower_ids = found.map((f) => f.id);
    if (draft.follower_ids.length === 0) throw new Invalid('follower_ids', 'Choose at least one follower.');
  }
  return { draft, channel, image };
}

/** LINE user ids a personal menu goes to: verified contacts of the channel, or the picked followers. */
async function targetUserIds(ctx: AppContext, row: MenuRow): Promise<string[]> {
  const base = and(
    eq(followers.accountId, row.accountId),
    eq(followers.channelId, row.channelId ?? ''),
    eq(followers.followerType, 'other'),
    eq(followers.isBlock, false),
  );
  if (row.target === 'selected') {
    if (row.followerIds.length === 0) return [];
    const rows = await ctx.db
      .select({ externalId: followers.externalId })
      .from(followers)
      .where(and(base, inArray(followers.id, row.followerIds)));
    return rows.map((r) => r.externalId);
  }
  const rows = await ctx.db
    .select({ externalId: followers.externalId })
    .from(followers)
    .innerJoin(contactVerifications, eq(contactVerifications.followerId, followers.id))
    .where(base);
  return rows.map((r) => r.externalId);
}

async function readImage(ctx: AppContext, file: FileRow) {
  const stored = await mediaStorage(ctx).get(file.storageKey);
  if (!stored) throw new Invalid('background_image', SERVER_MESSAGES.fileMissing);
  const parts: Buffer[] = [];
  for await (const chunk of stored.stream) parts.push(chunk as Buffer);
  return { bytes: Buffer.concat(parts), contentType: file.contentType };
}

/** Switches a menu on at LINE; the menu it replaces on that channel goes to History. */
async function publish(ctx: AppContext, row: MenuRow, userId: string): Promise<MenuRow> {
  const draft = draftOf(row);
  const channel = await channelOf(ctx, row.accountId, row.channelId);
  const image = await imageRow(ctx, row.accountId, row.imageFileId);
  const errors = validateRichMenu(draft, factsOf(image));
  const converted = toLineRichMenu(draft);
  if (errors.length > 0 || !converted.ok || !image)
    throw new InvalidReply(errors.length > 0 ? errors : converted.ok ? [] : converted.errors);
  const userIds = row.kind === 'general' ? null : await targetUserIds(ctx, row);
  if (userIds && userIds.length === 0)
    throw new Invalid(row.target === 'selected' ? 'follower_ids' : 'target', SERVER_MESSAGES.nobodyToLink);
  let published: { richMenuId: string; linked: number };
  try {
    published = await publishToLine(ctx, channel, {
      request: converted.message,
      image: await readImage(ctx, image),
      userIds,
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await ctx.db.update(richMenus).set({ publishError: reason }).where(eq(richMenus.id, row.id));
    throw new LineRefused(reason);
  }
  const previous = await ctx.db
    .select()
    .from(richMenus)
    .where(
      and(
        eq(richMenus.accountId, row.accountId),
        eq(richMenus.channelId, channel.id),
        eq(richMenus.kind, row.kind),
        eq(richMenus.status, 'active'),
        ne(richMenus.id, row.id),
      ),
    );
  const at = new Date();
  if (row.lineRichMenuId && row.lineRichMenuId !== published.richMenuId)
    await removeFromLine(ctx, channel, row.lineRichMenuId);
  for (const old of previous) {
    if (old.lineRichMenuId) await removeFromLine(ctx, channel, old.lineRichMenuId);
    await ctx.db
      .update(richMenus)
      .set({ status: 'history', lineRichMenuId: null, updatedAt: at })
      .where(eq(richMenus.id, old.id));
  }
  const [updated] = await ctx.db
    .update(richMenus)
    .set({
      status: 'active',
      lineRichMenuId: published.richMenuId,
      linked: { users: published.linked, at: at.toISOString() },
      publishError: null,
      publishedAt: at,
      updatedBy: userId,
      updatedAt: at,
    })
    .where(eq(richMenus.id, row.id))
    .returning();
  return updated;
}

async function unpublish(ctx: AppContext, row: MenuRow, status: RichMenuStatus): Promise<MenuRow> {
  if (row.status === 'active' && row.lineRichMenuId) {
    const channel = await channelOf(ctx, row.accountId, row.channelId);
    const userIds = row.kind === 'general' ? null : await targetUserIds(ctx, row);
    try {
      await unpublishFromLine(ctx, channel, row.lineRichMenuId, userIds);
    } catch (err) {
      throw new LineRefused(err instanceof Error ? err.message : String(err));
    }
  }
  const [updated] = await ctx.db
    .update(richMenus)
    .set({ status, lineRichMenuId: null, updatedAt: new Date() })
    .where(eq(richMenus.id, row.id))
    .returning();
  return updated;
}

export function registerRichMenuRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    scope.addHook('preHandler', async (request: FastifyRequest) => {
      await requireArea(ctx, request, 'automation', request.method === 'GET' ? 'read' : 'write');
    });

    const find = async (request: FastifyRequest) => {
      const { accountId } = requireAccount(request.account);
      const [row] = await ctx.db
        .select()
        .from(richMenus)
        .where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, idParam(request.params, NOT_FOUND))))
        .limit(1);
      if (!row) throw new NotFound(NOT_FOUND);
      return row;
    };
    const wire = async (request: FastifyRequest, row: MenuRow) =>
      toWire(row, await imageRow(ctx, row.accountId, row.imageFileId), requestOrigin(ctx, request));

    scope.get('/api/richmenu/list', async (request) => {
      const { accountId } = requireAccount(request.account);
      const q = fieldsOf(request.query);
      const kind = optionalString(q, 'kind', { max: 20 }) ?? 'general';
      if (!(RICH_MENU_KINDS as readonly string[]).includes(kind))
        throw new Invalid('kind', MESSAGES.required);
      const tab = optionalString(q, 'tab', { max: 20 }) ?? 'current';
      const rows = await ctx.db
        .select()
        .from(richMenus)
        .where(
          and(
            eq(richMenus.accountId, accountId),
            eq(richMenus.kind, kind as 'general'),
            tab === 'history' ? eq(richMenus.status, 'history') : ne(richMenus.status, 'history'),
          ),
        )
        .orderBy(desc(richMenus.updatedAt))
        .limit(200);
      const list = [];
      for (const row of rows) list.push(await wire(request, row));
      // The live menu first.
      list.sort((a, b) => Number(b.is_active) - Number(a.is_active));
      return {
        list,
        channels: (await lineChannels(ctx, accountId)).map((c) => ({ _id: c.id, name: c.name })),
      };
    });

    /** LINE followers of a channel, for a personal menu's hand-picked targets. */
    scope.get('/api/richmenu/followers', async (request) => {
      const { accountId } = requireAccount(request.account);
      const q = fieldsOf(request.query);
      const channel = await channelOf(ctx, accountId, optionalString(q, 'channel_id', { max: 64 }));
      const search = optionalString(q, 'search', { max: 100 });
      const rows = await ctx.db
        .select({ id: followers.id, name: followers.lineName, verified: contactVerifications.followerId })
        .from(followers)
        .leftJoin(contactVerifications, eq(contactVerifications.followerId, followers.id))
        .where(
          and(
            eq(followers.accountId, accountId),
            eq(followers.channelId, channel.id),
            eq(followers.followerType, 'other'),
            search ? ilike(followers.lineName, `%${escapeLike(search.trim())}%`) : undefined,
          ) as SQL,
        )
        .orderBy(...byName(followers.lineName))
        .limit(100);
      return { list: rows.map((r) => ({ _id: r.id, line_name: r.name, is_verify: r.verified !== null })) };
    });

    scope.get('/api/richmenu/:id', async (request) => ({
      rich_menu: await wire(request, await find(request)),
    }));

    scope.post('/api/richmenu/create', async (request) => {
      const { accountId } = requireAccount(request.account);
      const { userId } = requireAuth(request.auth);
      const { draft, channel } = await readMenu(ctx, accountId, request.body);
      const [row] = await ctx.db
        .insert(richMenus)
        .values({
          id: newId(),
          accountId,
          kind: draft.kind,
          ...columnsOf(draft, channel.id),
          createdBy: userId,
          updatedBy: userId,
        })
        .returning();
      const on = fieldsOf(request.body).is_active === true;
      return { rich_menu: await wire(request, on ? await publish(ctx, row, userId) : row) };
    });

    scope.put('/api/richmenu/:id', async (request) => {
      const { userId } = requireAuth(request.auth);
      const current = await find(request);
      if (current.status === 'history') throw new Invalid('status', SERVER_MESSAGES.historyLocked);
      const { draft, channel } = await readMenu(ctx, current.accountId, {
        ...fieldsOf(request.body),
        kind: current.kind,
      });
      const [row] = await ctx.db
        .update(richMenus)
        .set({
          ...columnsOf(draft, channel.id),
          updatedBy: userId,
          updatedAt: new Date(),
        })
        .where(eq(richMenus.id, current.id))
        .returning();
      // A live menu is published again, so LINE shows what was saved.
      return {
        rich_menu: await wire(request, row.status === 'active' ? await publish(ctx, row, userId) : row),
      };
    });

    scope.post('/api/richmenu/:id/publish', async (request) => {
      const { userId } = requireAuth(request.auth);
      const row = await find(request);
      if (row.status === 'history') throw new Invalid('status', SERVER_MESSAGES.historyOff);
      return { rich_menu: await wire(request, await publish(ctx, row, userId)) };
    });

    scope.post('/api/richmenu/:id/unpublish', async (request) => {
      const row = await find(request);
      return {
        rich_menu: await wire(
          request,
          await unpublish(ctx, row, row.status === 'history' ? 'history' : 'inactive'),
        ),
      };
    });

    scope.post('/api/richmenu/:id/duplicate', async (request) => {
      const { userId } = requireAuth(request.auth);
      const row = await find(request);
      const [copy] = await ctx.db
        .insert(richMenus)
        .values({
          ...row,
          id: newId(),
          name: `${row.name} (copy)`.slice(0, 300),
          status: 'draft',
          lineRichMenuId: null,
          linked: null,
          publishError: null,
          publishedAt: null,
          createdBy: userId,
          updatedBy: userId,
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .returning();
      return { rich_menu: await wire(request, copy) };
    });

    /** A draft is deleted; a menu that was live goes to History (switched off first). */
    scope.delete('/api/richmenu/:id', async (request) => {
      const row = await find(request);
      const neverLive = row.publishedAt === null && row.status !== 'active';
      if (neverLive || row.status === 'history') {
        await ctx.db.delete(richMenus).where(eq(richMenus.id, row.id));
        return { deleted: 1, status: 'deleted' };
      }
      await unpublish(ctx, row, 'history');
      return { deleted: 1, status: 'history' };
    });
  });
}
