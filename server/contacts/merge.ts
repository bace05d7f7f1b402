// Merging duplicate contacts. The rule (docs/api.md): the primary is kept, the other is folded
// into it and removed, in one transaction:
// - messages, live chats and notes move to the primary (notes numbered after the primary's);
// - tags: the union; field values: the primary's, the other's filling the primary's empty ones;
// - verification: the primary's when verified, else the other's; nickname and picture likewise;
// - the primary keeps its own channel identity and its current live chat.
// The removed contact's channel identity goes with it: if that customer writes again on its
// channel, a new contact starts (the console says so before merging one that has chatted).
// Only a writer who may change every tag and field involved may merge (no hidden data moves
// under someone who cannot see it); both must be in the caller's account (404 otherwise).
import { and, eq, max, sql } from 'drizzle-orm';
import { canEdit, canView } from '../../core/access/entryAccess';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { followers, followerTags, livechats, messages, notes, tags } from '../chat/schema';
import { unknownChats } from '../chatImport/schema';
import type { Db } from '../db/client';
import { Forbidden, Invalid, NotFound } from '../http/errors';
import { contactFieldValues, contactVerifications } from './schema';
import { accountFields, type ContactViewer } from './view';

type FollowerRow = typeof followers.$inferSelect;

export async function mergeContacts(
  db: Db,
  viewer: ContactViewer,
  primaryId: string,
  otherId: string,
): Promise<{ primary: FollowerRow; removed: FollowerRow }> {
  if (primaryId === otherId) throw new Invalid('secondary_id', SERVER_MESSAGES.twoContacts);
  return db.transaction(async (tx) => {
    // Lock both, in id order so two merges never wait on each other crosswise.
    const locked = await tx
      .select()
      .from(followers)
      .where(
        and(eq(followers.accountId, viewer.accountId), sql`${followers.id} in (${primaryId}, ${otherId})`),
      )
      .orderBy(followers.id)
      .for('update');
    const primary = locked.find((r) => r.id === primaryId);
    const other = locked.find((r) => r.id === otherId);
    if (!primary || !other) throw new NotFound(SERVER_MESSAGES.contactMissing);

    const [pv] = await tx
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.followerId, primary.id));
    const [ov] = await tx
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.followerId, other.id));
    const states = [Boolean(pv), Boolean(ov)];

    const fields = await accountFields(tx as unknown as Db, viewer.accountId);
    const otherValues = await tx
      .select()
      .from(contactFieldValues)
      .where(eq(contactFieldValues.followerId, other.id));
    const otherTags = await tx
      .select({ tag: tags })
      .from(followerTags)
      .innerJoin(tags, eq(tags.id, followerTags.tagId))
      .where(eq(followerTags.followerId, other.id));
    const fieldById = new Map(fields.map((f) => [f.id, f]));
    const mayChange = (permission: (typeof fields)[number]['permission']) =>
      states.every((v) => canView(permission, viewer, v) && canEdit(permission, viewer, v));
    for (const v of otherValues) {
      const field = fieldById.get(v.fieldId);
      if (field && !mayChange(field.permission))
        throw new Forbidden(SERVER_MESSAGES.mergeFieldLocked(field.label));
    }
    for (const { tag } of otherTags)
      if (!mayChange(tag.permission)) throw new Forbidden(SERVER_MESSAGES.mergeTagLocked(tag.name));

    await tx.update(messages).set({ followerId: primary.id }).where(eq(messages.followerId, other.id));
    await tx.update(livechats).set({ followerId: primary.id }).where(eq(livechats.followerId, other.id));
    // Imported chats merged into the other now belong to the primary (so they can be unmerged).
    await tx
      .update(unknownChats)
      .set({ mergedFollowerId: primary.id })
      .where(and(eq(unknownChats.accountId, viewer.accountId), eq(unknownChats.mergedFollowerId, other.id)));
    const [{ top }] = await tx
      .select({ top: max(notes.no) })
      .from(notes)
      .where(eq(notes.followerId, primary.id));
    await tx
      .update(notes)
      .set({ followerId: primary.id, no: sql`${notes.no} + ${top ?? 0}` })
      .where(eq(notes.followerId, other.id));
    await tx.execute(sql`
      insert into follower_tags (follower_id, tag_id, created_at)
      select ${primary.id}, tag_id, created_at from follower_tags where follower_id = ${other.id}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into contact_field_values (follower_id, field_id, value, updated_at)
      select ${primary.id}, field_id, value, updated_at from contact_field_values where follower_id = ${other.id}
      on conflict do nothing`);
    if (!pv && ov) await tx.insert(contactVerifications).values({ ...ov, followerId: primary.id });

    const otherIsNewer =
      other.lastMessageAt !== null &&
      (primary.lastMessageAt === null || other.lastMessageAt.getTime() > primary.lastMessageAt.getTime());
    const [updated] = await tx
      .update(followers)
      .set({
        lineNickname: primary.lineNickname || other.lineNickname,
        lineName: primary.lineName || other.lineName,
        lineImage: primary.lineImage ?? other.lineImage,
        lastMessageAt: otherIsNewer ? other.lastMessageAt : primary.lastMessageAt,
        lastMessageText: otherIsNewer ? other.lastMessageText : primary.lastMessageText,
        countNotIsReplied: primary.countNotIsReplied + other.countNotIsReplied,
        // A kept contact that never had a live chat takes the other's (moved above) with its
        // lc_* copy, so the merged conversation stays in the inbox (core/chat/chatTypes.ts).
        ...(primary.livechatId === null && other.livechatId !== null
          ? {
              livechatId: other.livechatId,
              lcUserId: other.lcUserId,
              lcQueueId: other.lcQueueId,
              lcIsAccepted: other.lcIsAccepted,
              lcIsMissed: other.lcIsMissed,
              lcIsExpired: other.lcIsExpired,
              lcIsDone: other.lcIsDone,
              lcIsBusiness: other.lcIsBusiness,
            }
          : {}),
        profile: {
          ...other.profile,
          ...primary.profile,
          ...(pv || ov ? { verified_at: (pv ?? ov)?.verifiedAt.toISOString() } : {}),
          merged_ids: [...((primary.profile.merged_ids as string[] | undefined) ?? []), other.id],
        },
        updatedAt: new Date(),
      })
      .where(eq(followers.id, primary.id))
      .returning();
    await tx.delete(followers).where(eq(followers.id, other.id));
    return { primary: updated, removed: other };
  });
}
