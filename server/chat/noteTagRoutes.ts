// Notes, tags and contact fields of a chat's follower (spec 3 "Other chat entities", spec 7).
import { and, asc, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canEdit, canView } from '../../core/access/entryAccess';
import { AGENT_EVENTS } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { roleViewerOf } from '../contacts/access';
import { announceContact } from '../contacts/events';
import { ensureTag } from '../contacts/tagStore';
import { type ContactViewer, contactToWire } from '../contacts/view';
import { applyFieldValues, isVerified } from '../contacts/write';
import type { AppContext } from '../context';
import { byName } from '../db/order';
import { Forbidden, Invalid, NotFound } from '../http/errors';
import { findFollower, viewerOf } from './access';
import { type Fields, fieldsOf, integer, optionalString, requiredString } from './input';
import { emitChat } from './notify';
import { followers, followerTags, notes, tags } from './schema';
import type { Viewer } from './viewer';

/** Spec 9: text limits are 300 generally. */
export const NOTE_MAX_LENGTH = 300;
export const TAG_NAME_MAX_LENGTH = 100;

type NoteRow = typeof notes.$inferSelect;
type FollowerRow = typeof followers.$inferSelect;

const followerIdOf = (body: Fields) => requiredString(body, ['followerId', 'follower_id'], { max: 64 });

function noteToWire(n: NoteRow) {
  return {
    _id: n.id,
    no: n.no,
    text: n.text,
    followerId: n.followerId,
    created_by: n.createdBy,
    created_at: Math.floor(n.createdAt.getTime() / 1000),
    updated_at: Math.floor(n.updatedAt.getTime() / 1000),
  };
}

async function notesOf(ctx: AppContext, followerId: string) {
  const rows = await ctx.db
    .select()
    .from(notes)
    .where(eq(notes.followerId, followerId))
    .orderBy(asc(notes.no));
  return rows.map(noteToWire);
}

async function announceNotes(ctx: AppContext, follower: FollowerRow) {
  const list = await notesOf(ctx, follower.id);
  await emitChat(
    ctx,
    { accountId: follower.accountId, queueId: follower.lcQueueId, followerId: follower.id },
    AGENT_EVENTS.NOTES,
    { follower_id: follower.id, notes: list },
  );
}

const tagToWire = (t: { id: string; name: string; isVerify: boolean }) => ({
  label: t.name,
  value: t.id,
  is_verify: t.isVerify,
});

/** The follower's tags the caller's role may see (spec 4). */
async function followerTagList(ctx: AppContext, viewer: Viewer, followerId: string, role: ContactViewer) {
  const verified = await isVerified(ctx.db, followerId);
  const rows = await ctx.db
    .select({ id: tags.id, name: tags.name, isVerify: tags.isVerify, permission: tags.permission })
    .from(followerTags)
    .innerJoin(tags, eq(tags.id, followerTags.tagId))
    .where(and(eq(followerTags.followerId, followerId), eq(tags.accountId, viewer.accountId)))
    .orderBy(...byName(tags.name));
  return rows.filter((t) => canView(t.permission, role, verified)).map(tagToWire);
}

/** 403 unless the caller's role may add or remove the tag on this follower (spec 6). */
async function requireTagEdit(ctx: AppContext, role: ContactViewer, followerId: string, tagId: string) {
  const [tag] = await ctx.db
    .select({ permission: tags.permission })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.accountId, role.accountId)))
    .limit(1);
  if (!tag) throw new NotFound(SERVER_MESSAGES.tagMissing);
  if (!canEdit(tag.permission, role, await isVerified(ctx.db, followerId)))
    throw new Forbidden(SERVER_MESSAGES.tagLocked);
}

function noteNumber(body: Fields): number {
  if (body.no === undefined || body.no === null || body.no === '') throw new Invalid('no', MESSAGES.required);
  return integer(body, 'no', { min: 1, max: 1_000_000, fallback: 0 });
}

export function registerChatNoteTagRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/note/get', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const follower = await findFollower(ctx, viewer, followerIdOf(fieldsOf(request.query)));
    return { list: await notesOf(ctx, follower.id) };
  });

  app.post('/api/note/create', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const follower = await findFollower(ctx, viewer, followerIdOf(body));
    const text = requiredString(body, 'text', { max: NOTE_MAX_LENGTH });
    const note = await ctx.db.transaction(async (tx) => {
      // Numbering is per follower; the lock keeps two notes written at once from taking one number.
      await tx
        .select({ id: followers.id })
        .from(followers)
        .where(eq(followers.id, follower.id))
        .for('update');
      const [{ top }] = await tx
        .select({ top: max(notes.no) })
        .from(notes)
        .where(eq(notes.followerId, follower.id));
      const [row] = await tx
        .insert(notes)
        .values({
          id: newId(),
          accountId: viewer.accountId,
          followerId: follower.id,
          no: (top ?? 0) + 1,
          text,
          createdBy: viewer.userId,
        })
        .returning();
      return row;
    });
    await announceNotes(ctx, follower);
    return { note: noteToWire(note) };
  });

  app.patch('/api/note/update', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const follower = await findFollower(ctx, viewer, followerIdOf(body));
    const no = noteNumber(body);
    const text = requiredString(body, 'text', { max: NOTE_MAX_LENGTH });
    const [row] = await ctx.db
      .update(notes)
      .set({ text, updatedAt: new Date() })
      .where(and(eq(notes.followerId, follower.id), eq(notes.no, no)))
      .returning();
    if (!row) throw new NotFound(SERVER_MESSAGES.noteMissing);
    await announceNotes(ctx, follower);
    return { note: noteToWire(row) };
  });

  app.delete('/api/note/delete', async (request) => {
    const viewer = await viewerOf(ctx, request);
    // DELETE carries a body (spec 7); the query string works too.
    const body = { ...fieldsOf(request.query), ...fieldsOf(request.body) };
    const follower = await findFollower(ctx, viewer, followerIdOf(body));
    const no = noteNumber(body);
    const deleted = await ctx.db
      .delete(notes)
      .where(and(eq(notes.followerId, follower.id), eq(notes.no, no)))
      .returning({ id: notes.id });
    if (deleted.length === 0) throw new NotFound(SERVER_MESSAGES.noteMissing);
    await announceNotes(ctx, follower);
    return { status: 'ok' };
  });

  app.get('/api/tag/getsystemtagsuser/:followerId', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const follower = await findFollower(ctx, viewer, (request.params as { followerId: string }).followerId);
    const role = await roleViewerOf(ctx, request);
    const verified = await isVerified(ctx.db, follower.id);
    const all = await ctx.db
      .select({ id: tags.id, name: tags.name, isVerify: tags.isVerify, permission: tags.permission })
      .from(tags)
      .where(and(eq(tags.accountId, viewer.accountId), eq(tags.isActive, true)))
      .orderBy(...byName(tags.name));
    return {
      // The tags the caller may put on (and take off) this follower: none without contacts write.
      system_tags: all.filter((t) => role.mayWrite && canEdit(t.permission, role, verified)).map(tagToWire),
      tags: await followerTagList(ctx, viewer, follower.id, role),
    };
  });

  app.post('/api/tag/add', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const follower = await findFollower(ctx, viewer, followerIdOf(body));
    const tagId = optionalString(body, ['tagId', 'tag_id', 'id'], { max: 64 });
    const role = await roleViewerOf(ctx, request);
    let id: string;
    if (tagId) id = tagId;
    else {
      // A new tag starts visible to every role (server/contacts/tagStore.ts).
      const name = requiredString(body, ['name', 'tagId'], { max: TAG_NAME_MAX_LENGTH }).trim();
      id = (await ensureTag(ctx.db, viewer.accountId, name)).id;
    }
    await requireTagEdit(ctx, role, follower.id, id);
    await ctx.db.insert(followerTags).values({ followerId: follower.id, tagId: id }).onConflictDoNothing();
    // Other consoles with this chat open hear it and read the tags again (console/live/Tags.tsx).
    await announceContact(ctx, follower);
    return { tags: await followerTagList(ctx, viewer, follower.id, role) };
  });

  app.post('/api/tag/delete', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const follower = await findFollower(ctx, viewer, followerIdOf(body));
    const tagId = requiredString(body, ['id', 'tagId'], { max: 64 });
    const role = await roleViewerOf(ctx, request);
    await requireTagEdit(ctx, role, follower.id, tagId);
    await ctx.db
      .delete(followerTags)
      .where(and(eq(followerTags.followerId, follower.id), eq(followerTags.tagId, tagId)));
    await announceContact(ctx, follower);
    return { tags: await followerTagList(ctx, viewer, follower.id, role) };
  });

  app.post('/api/contact_field/update/follower', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const follower = await findFollower(ctx, viewer, followerIdOf(body));
    // Values live in server/contacts; only fields the caller's role may change are changed
    // (hidden '-' and unchanged values sent back are left alone), and each console hears the
    // update as its own role may see it.
    if (!Array.isArray(body.contact_detail)) throw new Invalid('contact_detail', MESSAGES.required);
    const inputs = body.contact_detail
      .map((entry) => fieldsOf(entry))
      .filter((e) => typeof e.key === 'string');
    const role = await roleViewerOf(ctx, request);
    await applyFieldValues(
      ctx.db,
      role,
      follower,
      await isVerified(ctx.db, follower.id),
      inputs.map((e) => ({ key: e.key as string, value: e.value })),
    );
    await announceContact(ctx, follower);
    return { contact_detail: (await contactToWire(ctx.db, role, follower)).contact_detail };
  });
}
