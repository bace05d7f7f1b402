// Tags on an action (spec 3 Action.tags) are added to the contact who tapped it; a tag the
// account does not have yet is made (visible to every role, as the tag store makes them).
import { followerTags } from '../chat/schema';
import { announceContact } from '../contacts/events';
import { ensureTag } from '../contacts/tagStore';
import type { ActionRun } from './run';

export const ACTION_TAG_MAX = 10;

export async function addActionTags(run: ActionRun): Promise<void> {
  const names = [
    ...new Set((run.action.tags ?? []).map((t) => t.trim().slice(0, 100)).filter(Boolean)),
  ].slice(0, ACTION_TAG_MAX);
  if (names.length === 0) return;
  let added = 0;
  for (const name of names) {
    const tag = await ensureTag(run.ctx.db, run.accountId, name);
    const rows = await run.ctx.db
      .insert(followerTags)
      .values({ followerId: run.follower.id, tagId: tag.id })
      .onConflictDoNothing()
      .returning({ tagId: followerTags.tagId });
    added += rows.length;
  }
  if (added > 0)
    await announceContact(run.ctx, run.follower).catch((err) =>
      run.ctx.log.warn({ err }, 'contact tags not announced'),
    );
}
