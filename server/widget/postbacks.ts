// Postback taps from the widget (menu and quick-reply buttons of type postback). Each event is
// recorded once; the actions runtime (issue 16) plugs in with onWidgetPostback() and runs the
// stored action. Until then a postback is recorded and nothing else happens.
import type { AppContext } from '../context';
import type { WidgetChannel } from './channel';
import { widgetPostbacks } from './schema';
import type { WidgetSession } from './sessions';

export interface WidgetPostback {
  channel: WidgetChannel;
  session: WidgetSession;
  eventId: string;
  data: string;
  menuId: string | null;
  menuButtonId: string | null;
}

export type WidgetPostbackHandler = (ctx: AppContext, postback: WidgetPostback) => Promise<void>;

const handlers: WidgetPostbackHandler[] = [];

/** For the actions runtime: called once per new postback event, after it is recorded. */
export function onWidgetPostback(handler: WidgetPostbackHandler) {
  handlers.push(handler);
}

/** Records the tap; a redelivered event (same id) returns false and runs nothing. */
export async function receivePostback(ctx: AppContext, postback: WidgetPostback): Promise<boolean> {
  const inserted = await ctx.db
    .insert(widgetPostbacks)
    .values({
      channelId: postback.channel.id,
      eventId: postback.eventId,
      sessionId: postback.session.id,
      visitorId: postback.session.visitorId,
      data: postback.data,
      menuId: postback.menuId,
      menuButtonId: postback.menuButtonId,
    })
    .onConflictDoNothing()
    .returning({ eventId: widgetPostbacks.eventId });
  if (inserted.length === 0) return false;
  for (const handler of handlers) {
    try {
      await handler(ctx, postback);
    } catch (err) {
      ctx.log.error({ err, eventId: postback.eventId }, 'widget postback handler failed');
    }
  }
  return true;
}
