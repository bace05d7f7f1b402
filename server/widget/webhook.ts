// POST /service/webhook/widget/{widgetId} (spec 7): the visitor's messages and postbacks. Each event
// carries an id that doubles as the message's temp id, so a retried send is the same message.

import { eq, sql } from 'drizzle-orm';
import { create, StructError } from 'superstruct';
import type { MessageItem } from '../../core/models/message';
import { WidgetWebhookEvent } from '../../core/models/widget';
import { WIDGET_EVENTS } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { isSendableText } from '../../core/validation/chatText';
import { hasMaxLength, MESSAGES } from '../../core/validation/rules';
import { toWidgetMessage, WIDGET_TEXT_MAX, type WidgetChatMessage } from '../../core/widget/message';
import { cleanPreChat, validatePreChat, visitorNameFrom } from '../../core/widget/preChat';
import { receiveCustomerMessage } from '../chat/inbound';
import { WidgetSessionMoved } from '../chat/inboundStore';
import { visitorRoom } from '../chat/rooms';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { Forbidden, Invalid, Unauthorized } from '../http/errors';
import { fileItem } from '../media/messageItem';
import { fileToWire } from '../media/wire';
import type { WidgetChannel } from './channel';
import { ownUpload } from './files';
import { showIdentityToAgents, type VisitorIdentity } from './identity';
import { receivePostback } from './postbacks';
import { sessionRoom } from './rooms';
import { findSession, forgetSession, renewConversation, updateProfile, type WidgetSession } from './sessions';
import { followerIdOf, joinConversation, leaveConversation, widgetNamespace } from './socket';

export const MAX_EVENTS = 10;

export interface EventResult {
  id: string;
  message?: WidgetChatMessage;
  duplicate?: boolean;
  postback?: 'recorded' | 'duplicate';
}

function parseEvent(raw: unknown, index: number): WidgetWebhookEvent {
  try {
    return create(raw, WidgetWebhookEvent);
  } catch (err) {
    if (err instanceof StructError) {
      const at = err.path.length ? `.${err.path.join('.')}` : '';
      throw new Invalid(
        `events.${index}${at}`,
        err.value === undefined ? MESSAGES.required : `${err.key ?? 'event'} is invalid format`,
      );
    }
    throw err;
  }
}

export function displayName(session: WidgetSession): string {
  const name = session.profile.name;
  if (typeof name === 'string' && name.trim()) return name.trim();
  return `Visitor ${session.visitorId.slice(-4).toUpperCase()}`;
}

async function itemsFor(
  ctx: AppContext,
  channel: WidgetChannel,
  event: WidgetWebhookEvent,
  index: number,
  session: WidgetSession,
  origin: string,
): Promise<MessageItem[]> {
  const message = event.message;
  if (!message) throw new Invalid(`events.${index}.message`, MESSAGES.required);
  if (message.type === 'text') {
    if (!isSendableText(message.text)) throw new Invalid(`events.${index}.message.text`, MESSAGES.required);
    if (!hasMaxLength(message.text, WIDGET_TEXT_MAX))
      throw new Invalid(`events.${index}.message.text`, MESSAGES.maxLength(WIDGET_TEXT_MAX));
    return [{ type: 'text', text: message.text }];
  }
  // A file message names a file this visitor uploaded (POST /service/widget/upload).
  const file = await ownUpload(ctx, channel, session.id, message.text);
  if (!file) throw new Invalid(`events.${index}.message.text`, MESSAGES.url);
  return [fileItem(fileToWire(file, origin))];
}

async function saveForm(
  ctx: AppContext,
  channel: WidgetChannel,
  session: WidgetSession,
  form: Record<string, unknown>,
  index: number,
) {
  const fields = channel.settings.pre_chat_form_fields;
  const [error] = validatePreChat(fields, form);
  if (error) throw new Invalid(`events.${index}.${error.field}`, error.message);
  const values = cleanPreChat(fields, form);
  const name = visitorNameFrom(fields, values);
  await updateProfile(ctx, session, { form: values, form_done: true, ...(name ? { name } : {}) });
}

/** Messages only, none renewing the conversation or carrying a form: the session may come from a cache. */
export function isPlainSend(rawEvents: unknown): boolean {
  return (
    Array.isArray(rawEvents) &&
    rawEvents.every((e) => {
      const event = e as { type?: unknown; sess_expired?: unknown; form?: unknown } | null;
      return event?.type === 'message' && !event.sess_expired && event.form == null;
    })
  );
}

/** Runs the events in order; a bad event stops the batch with 400 (events before it stay done). */
export async function handleWidgetEvents(
  ctx: AppContext,
  channel: WidgetChannel,
  start: WidgetSession,
  rawEvents: unknown,
  origin: string,
  source: { cached: boolean; token?: unknown } = { cached: false },
): Promise<{ results: EventResult[]; session: WidgetSession; renewed: boolean }> {
  if (!Array.isArray(rawEvents) || rawEvents.length === 0) throw new Invalid('events', MESSAGES.required);
  if (rawEvents.length > MAX_EVENTS) throw new Invalid('events', MESSAGES.maxLength(MAX_EVENTS));
  const events = rawEvents.map(parseEvent);
  let session = start;
  let cached = source.cached;
  // A session from the cache that disagrees with the event is read again before anything is refused.
  const readAgain = async () => {
    forgetSession(session);
    cached = false;
    const fresh = await findSession(ctx, channel.id, source.token);
    if (!fresh) throw new Unauthorized('Unauthorization');
    session = fresh;
  };
  let renewed = false;
  const results: EventResult[] = [];
  for (const [index, event] of events.entries()) {
    if (event.sess_expired) {
      const previous = session.visitorId;
      const next = await renewConversation(ctx, session, event.id);
      session = next.session;
      if (next.previousVisitorId) {
        renewed = true;
        const oldFollower = await followerIdOf(ctx, channel.id, previous);
        if (oldFollower) leaveConversation(ctx, session.id, oldFollower);
        widgetNamespace(ctx)
          .to(sessionRoom(session.id))
          .emit(WIDGET_EVENTS.SESSION_EXPIRED, { timestamp: Math.floor(Date.now() / 1000) });
      }
    } else if (event.source.userId !== session.visitorId) {
      if (cached) await readAgain();
      if (event.source.userId !== session.visitorId) throw new Forbidden(SERVER_MESSAGES.notThisVisitor);
    }
    if (event.form) await saveForm(ctx, channel, session, event.form, index);

    if (event.type === 'postback') {
      if (!event.postback) throw new Invalid(`events.${index}.postback`, MESSAGES.required);
      const fresh = await receivePostback(ctx, {
        channel,
        session,
        eventId: event.id,
        data: event.postback.data,
        menuId: event.menuId ?? null,
        menuButtonId: event.menuButtonId ?? null,
      });
      results.push({ id: event.id, postback: fresh ? 'recorded' : 'duplicate' });
      continue;
    }

    const items = await itemsFor(ctx, channel, event, index, session, origin);
    let received: Awaited<ReturnType<typeof receiveCustomerMessage>>;
    try {
      received = await receiveCustomerMessage(ctx, {
        channel: { id: channel.id, accountId: channel.accountId, type: 'widget' },
        externalId: session.visitorId,
        profile: { name: displayName(session) },
        items,
        tempId: event.id,
        ...(cached ? { widgetSessionId: session.id } : {}),
      });
    } catch (err) {
      if (!(err instanceof WidgetSessionMoved)) throw err;
      // Renewed elsewhere since it was cached: this event's visitor is not the session's any more.
      await readAgain();
      throw new Forbidden(SERVER_MESSAGES.notThisVisitor);
    }
    if (!received) {
      results.push({ id: event.id, duplicate: true });
      continue;
    }
    const message = toWidgetMessage(received.message);
    // Joined on a retry too: the process that stored the first try may have died before joining
    // this visitor's sockets to the conversation, and agents' replies would not reach them live.
    if (!received.created) joinConversation(ctx, session.id, received.follower._id);
    if (received.created) {
      if (event.form) {
        await ctx.db
          .update(followers)
          .set({
            profile: sql`${followers.profile} || ${JSON.stringify({ widget_form: session.profile.form })}::jsonb`,
          })
          .where(eq(followers.id, received.follower._id));
      }
      if (received.newChat) joinConversation(ctx, session.id, received.follower._id);
      const identity = session.profile.identity as VisitorIdentity | undefined;
      if (received.newChat && identity) await showIdentityToAgents(ctx, received.follower._id, identity);
      // The visitor's other tabs show it too; the sending tab matches it by temp id.
      widgetNamespace(ctx).to(visitorRoom(received.follower._id)).emit(WIDGET_EVENTS.NEW_MESSAGE, message);
    }
    results.push({ id: event.id, message, ...(received.created ? {} : { duplicate: true }) });
  }
  return { results, session, renewed };
}
