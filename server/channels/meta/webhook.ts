// GET /webhook/meta/{channelId}: Meta's subscription check (hub.mode=subscribe, hub.verify_token,
// hub.challenge). POST: Messenger ({object:'page'}) and Instagram ({object:'instagram'}) events,
// signed with X-Hub-Signature-256; stored, answered 200, processed after. Echoes of our own
// sends are not stored.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import type { AppContext } from '../../context';
import { Forbidden, Invalid, NotFound } from '../../http/errors';
import { cleanPlatformInput } from '../../http/inputText';
import { type InboundEvent, processSoon, storeInbound } from '../inboundQueue';
import { findPlatformChannel } from '../store';
import { BadSignature, rawBodyOf } from '../webhookBody';
import type { MetaEvent } from './events';
import { isMetaSignature, sameSecret } from './signature';

const META_TYPES = ['messenger', 'instagram'] as const;

export async function verifyMetaWebhook(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const { channelId } = request.params as { channelId: string };
  const channel = await findPlatformChannel(ctx, channelId, META_TYPES);
  if (!channel) throw new NotFound(SERVER_MESSAGES.channelMissing);
  const query = request.query as Record<string, unknown>;
  if (query['hub.mode'] !== 'subscribe' || typeof query['hub.challenge'] !== 'string')
    throw new Invalid('hub.mode', 'This field is required.');
  if (!sameSecret(query['hub.verify_token'], channel.settings.verify_token ?? ''))
    throw new Forbidden(SERVER_MESSAGES.badVerifyToken);
  return reply.type('text/plain').send(query['hub.challenge']);
}

/** The key of one messaging event: Meta's message id where there is one. */
export function metaEventKey(event: MetaEvent): string | null {
  const sender = event.sender?.id ?? '';
  if (event.message?.mid) return `message:${event.message.mid}`;
  if (event.postback) return `postback:${event.postback.mid ?? `${sender}:${event.timestamp ?? 0}`}`;
  if (event.read) return `read:${sender}:${event.read.watermark ?? event.read.mid ?? event.timestamp}`;
  if (event.delivery) return `delivery:${sender}:${event.delivery.watermark ?? event.timestamp}`;
  if (event.reaction) return `reaction:${event.reaction.mid ?? ''}:${sender}:${event.timestamp ?? 0}`;
  return null;
}

function eventsOf(body: Buffer): InboundEvent[] {
  let parsed: unknown;
  try {
    parsed = cleanPlatformInput(JSON.parse(body.toString('utf8')));
  } catch {
    throw new Invalid('body', SERVER_MESSAGES.notJson);
  }
  const root = parsed as { object?: unknown; entry?: unknown } | null;
  if (root?.object !== 'page' && root?.object !== 'instagram')
    throw new Invalid('object', 'This field is required.');
  if (!Array.isArray(root.entry)) throw new Invalid('entry', 'This field is required.');
  const events: InboundEvent[] = [];
  for (const entry of root.entry as { id?: unknown; messaging?: unknown }[]) {
    if (typeof entry !== 'object' || entry === null) throw new Invalid('entry', 'This field is required.');
    const messaging = Array.isArray(entry.messaging) ? (entry.messaging as MetaEvent[]) : [];
    for (const event of messaging) {
      if (typeof event !== 'object' || event === null)
        throw new Invalid('entry.messaging', 'This field is required.');
      // Our own sends come back as echoes: already in the conversation.
      if (event.message?.is_echo) continue;
      const key = metaEventKey(event);
      if (key) events.push({ key, payload: { object: root.object, entryId: String(entry.id ?? ''), event } });
    }
  }
  return events;
}

export async function receiveMetaWebhook(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const { channelId } = request.params as { channelId: string };
  const channel = await findPlatformChannel(ctx, channelId, META_TYPES);
  if (!channel) throw new NotFound(SERVER_MESSAGES.channelMissing);
  const body = rawBodyOf(request);
  if (!isMetaSignature(body, channel.settings.app_secret ?? '', request.headers['x-hub-signature-256']))
    throw new BadSignature();
  const events = eventsOf(body);
  if (!channel.enabled) return reply.send({});
  const ids = await storeInbound(ctx, channel, 'meta', events);
  await reply.send({});
  processSoon(ctx, ids);
  return reply;
}
