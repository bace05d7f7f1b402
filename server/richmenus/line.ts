// Publishing a rich menu to LINE through the official SDK, in LINE's order: validate the menu
// object, create it, upload its image (to the data host), then set it as the default (general)
// or link it to its users (personal, at most 500 per call). The menu it replaces is removed
// from LINE afterwards. Every refusal carries LINE's reason.
import type { LineRichMenuRequest } from '../../core/automation/richMenu';
import { lineBlobClient, lineCall, lineClient } from '../channels/line/client';
import type { PlatformChannel } from '../channels/store';
import type { AppContext } from '../context';

export const BULK_LINK_MAX = 500;

export interface PublishInput {
  request: LineRichMenuRequest;
  image: { bytes: Buffer; contentType: string };
  /** null: the default menu of everyone (general); else LINE user ids to link (personal). */
  userIds: string[] | null;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export async function publishToLine(
  ctx: AppContext,
  channel: PlatformChannel,
  input: PublishInput,
): Promise<{ richMenuId: string; linked: number }> {
  const client = await lineClient(ctx, channel);
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's RichMenuRequest; ours is checked by toLineRichMenu.
  const request = input.request as any;
  await lineCall(() => client.validateRichMenuObject(request));
  const { richMenuId } = await lineCall(() => client.createRichMenu(request));
  try {
    const blob = new Blob([new Uint8Array(input.image.bytes)], { type: input.image.contentType });
    const blobClient = await lineBlobClient(ctx, channel);
    await lineCall(() => blobClient.setRichMenuImage(richMenuId, blob));
    let linked = 0;
    if (input.userIds === null) await lineCall(() => client.setDefaultRichMenu(richMenuId));
    else
      for (const userIds of chunks(input.userIds, BULK_LINK_MAX)) {
        await lineCall(() => client.linkRichMenuIdToUsers({ richMenuId, userIds }));
        linked += userIds.length;
      }
    return { richMenuId, linked };
  } catch (err) {
    // A half-made menu is removed again, so LINE keeps nothing that cannot be shown.
    await removeFromLine(ctx, channel, richMenuId);
    throw err;
  }
}

/** Switches a published menu off: no longer the default, or unlinked from its users. */
export async function unpublishFromLine(
  ctx: AppContext,
  channel: PlatformChannel,
  richMenuId: string,
  userIds: string[] | null,
): Promise<void> {
  const client = await lineClient(ctx, channel);
  if (userIds === null) await lineCall(() => client.cancelDefaultRichMenu());
  else
    for (const list of chunks(userIds, BULK_LINK_MAX))
      await lineCall(() => client.unlinkRichMenuIdFromUsers({ userIds: list }));
  await removeFromLine(ctx, channel, richMenuId);
}

/** Deletes a menu at LINE; a failure only leaves an unused menu there, so it is logged. */
export async function removeFromLine(ctx: AppContext, channel: PlatformChannel, richMenuId: string) {
  try {
    const client = await lineClient(ctx, channel);
    await lineCall(() => client.deleteRichMenu(richMenuId));
  } catch (err) {
    ctx.log.warn({ err, richMenuId }, 'rich menu not removed from LINE');
  }
}
