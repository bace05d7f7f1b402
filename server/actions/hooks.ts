// Where taps come in: postbacks of LINE, Messenger and Instagram (server/channels/postbacks.ts,
// Meta quick replies among them) and of the widget (server/widget/postbacks.ts). Each platform
// hook already records an event once; the runtime (run.ts) keeps its own once-per-event and
// once-per-double-tap record as well, so no path runs a tap twice.

import { newId } from '../accounts/ids';
import { upsertFollower } from '../channels/followers';
import { onPostback } from '../channels/postbacks';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { onWidgetPostback, type WidgetPostback } from '../widget/postbacks';
import { followerIdOf, joinConversation } from '../widget/socket';
import { displayName } from '../widget/webhook';
import { runTap } from './run';

/** A widget visitor who taps before writing gets their conversation now (no chat opens). */
async function widgetFollower(ctx: AppContext, p: WidgetPostback): Promise<string> {
  const known = await followerIdOf(ctx, p.channel.id, p.session.visitorId);
  if (known) return known;
  await ctx.db
    .insert(followers)
    .values({
      id: newId(),
      accountId: p.channel.accountId,
      channelId: p.channel.id,
      channelType: 'widget',
      externalId: p.session.visitorId,
      lineName: displayName(p.session),
    })
    .onConflictDoNothing();
  const id = (await followerIdOf(ctx, p.channel.id, p.session.visitorId)) as string;
  joinConversation(ctx, p.session.id, id);
  return id;
}

onPostback(async (ctx, p) => {
  const followerId = p.followerId ?? (await upsertFollower(ctx, p.channel, p.externalId, {})).id;
  await runTap(ctx, {
    accountId: p.channel.accountId,
    channelId: p.channel.id,
    channelType: p.channel.type,
    followerId,
    eventKey: p.eventKey,
    data: p.data,
    at: p.at,
    // A Meta quick reply arrived as the customer's typed message first.
    typedAlready: p.eventKey.startsWith('quick_reply:'),
    echoed: Boolean(p.displayText?.trim()),
  });
});

onWidgetPostback(async (ctx, p) => {
  await runTap(ctx, {
    accountId: p.channel.accountId,
    channelId: p.channel.id,
    channelType: 'widget',
    followerId: await widgetFollower(ctx, p),
    eventKey: p.eventId,
    data: p.data,
    at: new Date(),
    // The widget sends the button's display text itself, as the visitor's message.
    echoed: true,
    widgetSessionId: p.session.id,
  });
});
