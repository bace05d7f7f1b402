// message (spec 3): the text is sent as the customer and handled like a typed message (keywords,
// intents: server/automation/bot.ts hears it as any customer message). Channels that already
// delivered the customer's words as a typed message (Meta quick replies) need nothing more.
import { WIDGET_EVENTS } from '../../../core/realtime/events';
import { toWidgetMessage, WIDGET_TEXT_MAX } from '../../../core/widget/message';
import { receiveCustomerMessage } from '../../chat/inbound';
import { visitorRoom } from '../../chat/rooms';
import { widgetNamespace } from '../../widget/socket';
import type { ActionRun } from '../run';

export async function runMessage(run: ActionRun): Promise<void> {
  const text = (run.action.textUser || run.action.text || run.params.text || '')
    .trim()
    .slice(0, WIDGET_TEXT_MAX);
  if (!text || run.typedAlready) return;
  const received = await receiveCustomerMessage(run.ctx, {
    channel: { id: run.channelId, accountId: run.accountId, type: run.channelType },
    externalId: run.follower.externalId,
    items: [{ type: 'text', text }],
    tempId: `action:${run.eventKey}`,
    eventId: `action:${run.eventKey}`,
    at: run.at,
  });
  // The visitor's widget shows what they "said", as it does for what they type.
  if (received?.created && run.channelType === 'widget')
    widgetNamespace(run.ctx)
      .to(visitorRoom(received.follower._id))
      .emit(WIDGET_EVENTS.NEW_MESSAGE, toWidgetMessage(received.message));
}
