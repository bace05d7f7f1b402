// POST /webhook/line/{channelId}: LINE's signature (x-line-signature, HMAC-SHA256 of the raw body
// with the channel secret, compared in constant time by the SDK's validateSignature) is checked
// before anything is read or stored; the events are stored, LINE gets its 200, and they are
// processed after (inboundQueue.ts).

import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import type { AppContext } from '../../context';
import { Invalid, NotFound } from '../../http/errors';
import { cleanPlatformInput } from '../../http/inputText';
import { processSoon, storeInbound } from '../inboundQueue';
import { findPlatformChannel } from '../store';
import { BadSignature, rawBodyOf } from '../webhookBody';
import { lineSignatureValidator } from './client';
import { type LineEvent, lineEventKey } from './events';

/** True when `signature` is LINE's signature of `body` with `secret`. */
export async function isLineSignature(body: Buffer, secret: string, signature: unknown): Promise<boolean> {
  if (typeof signature !== 'string' || signature === '' || !secret) return false;
  // Loaded before the try: a failure to load is the server's error (500), not a bad signature.
  const validateSignature = await lineSignatureValidator();
  try {
    return validateSignature(body, secret, signature);
  } catch {
    return false;
  }
}

function eventsOf(body: Buffer): LineEvent[] {
  let parsed: unknown;
  try {
    parsed = cleanPlatformInput(JSON.parse(body.toString('utf8')));
  } catch {
    throw new Invalid('body', SERVER_MESSAGES.notJson);
  }
  const events = (parsed as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) throw new Invalid('events', 'This field is required.');
  events.forEach((e, i) => {
    if (typeof e !== 'object' || e === null || typeof (e as LineEvent).type !== 'string')
      throw new Invalid(`events[${i}].type`, 'This field is required.');
  });
  return events as LineEvent[];
}

export async function receiveLineWebhook(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const { channelId } = request.params as { channelId: string };
  const channel = await findPlatformChannel(ctx, channelId, ['line']);
  if (!channel) throw new NotFound(SERVER_MESSAGES.channelMissing);
  const body = rawBodyOf(request);
  if (
    !(await isLineSignature(body, channel.settings.channel_secret ?? '', request.headers['x-line-signature']))
  )
    throw new BadSignature();
  const events = eventsOf(body);
  // A channel switched off takes nothing in, and LINE is not asked to send it again.
  if (!channel.enabled) return reply.send({});
  const ids = await storeInbound(
    ctx,
    channel,
    'line',
    events.map((event, i) => ({ key: lineEventKey(event, i), payload: event })),
  );
  await reply.send({});
  processSoon(ctx, ids);
  return reply;
}
