// How an agent's or the bot's message reaches a widget visitor: an event to the conversation's
// room in the /widget namespace, heard by every open tab of the visitor. A visitor who is away
// reads it from GET /service/widget/messages when the widget opens again.
import { WIDGET_EVENTS } from '../../core/realtime/events';
import { toWidgetMessage } from '../../core/widget/message';
import { registerChannelAdapter } from '../channels/adapters';
import { userSummaries } from '../chat/followerView';
import { visitorRoom } from '../chat/rooms';
import type { AppContext } from '../context';
import { widgetNamespace } from './socket';

/** The sending agent's name, as the visitor's history shows it after a reload (names are cached). */
async function senderName(ctx: AppContext, userId: string | null) {
  if (!userId) return null;
  return (await userSummaries(ctx.db, [userId])).get(userId) ?? null;
}

export function registerWidgetAdapter() {
  registerChannelAdapter('widget', {
    async deliver(ctx, target) {
      const message = target.message;
      const userInfo =
        message.user_info ?? (message.from_type === 'agent' ? await senderName(ctx, message.from_id) : null);
      widgetNamespace(ctx)
        .to(visitorRoom(target.follower._id))
        .emit(WIDGET_EVENTS.NEW_MESSAGE, toWidgetMessage({ ...message, user_info: userInfo }));
      return undefined;
    },
    chatClosed(ctx, follower) {
      widgetNamespace(ctx)
        .to(visitorRoom(follower._id))
        .emit(WIDGET_EVENTS.CHAT_CLOSED, {
          timestamp: Math.floor(Date.now() / 1000),
          livechat_id: follower.last_livechat?.livechat_id ?? null,
        });
    },
  });
}
