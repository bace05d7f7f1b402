// GET /webhook/wechat/{channelId}: WeChat's server check (signature of token, timestamp and nonce;
// answer echostr). POST: one XML message or event per request, signed the same way in the query;
// stored, answered "success" (WeChat then sends no passive reply), processed after. Plain-text
// mode only: a request in WeChat's encrypted mode is refused.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import type { AppContext } from '../../context';
import { Invalid, NotFound } from '../../http/errors';
import { lazyModule } from '../../lazyModule';
import { processSoon, storeInbound } from '../inboundQueue';
import { findPlatformChannel } from '../store';
import { BadSignature, rawBodyOf } from '../webhookBody';
import type { WeChatEvent } from './events';
import { isWeChatSignature } from './signature';

// Loaded by the first WeChat message, not at start.
const loadXml = lazyModule(async () => {
  const { XMLParser, XMLValidator } = await import('fast-xml-parser');
  const parser = new XMLParser({
    // Every value as text: MsgId is a 64-bit number that a JS number would round.
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreAttributes: true,
    trimValues: true,
    processEntities: true,
  });
  return { parser, XMLValidator };
});

async function wechatChannel(ctx: AppContext, request: FastifyRequest) {
  const { channelId } = request.params as { channelId: string };
  const channel = await findPlatformChannel(ctx, channelId, ['wechat']);
  if (!channel) throw new NotFound(SERVER_MESSAGES.channelMissing);
  if (!isWeChatSignature(channel.settings.token ?? '', request.query as Record<string, unknown>))
    throw new BadSignature();
  return channel;
}

export async function verifyWeChatWebhook(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  await wechatChannel(ctx, request);
  const { echostr } = request.query as { echostr?: unknown };
  if (typeof echostr !== 'string' || echostr === '') throw new Invalid('echostr', 'This field is required.');
  return reply.type('text/plain').send(echostr);
}

/** The XML message as an object of strings; 400 for anything that is not one. */
export async function parseWeChatXml(body: Buffer): Promise<WeChatEvent> {
  const { parser, XMLValidator } = await loadXml();
  const text = body.toString('utf8');
  // No document types: no entity tricks.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new Invalid('body', SERVER_MESSAGES.notWeChat);
  if (XMLValidator.validate(text) !== true) throw new Invalid('body', SERVER_MESSAGES.notXml);
  const xml = (parser.parse(text) as { xml?: unknown }).xml;
  if (typeof xml !== 'object' || xml === null) throw new Invalid('body', SERVER_MESSAGES.notWeChat);
  const event = xml as WeChatEvent;
  for (const key of ['FromUserName', 'MsgType'] as const)
    if (typeof event[key] !== 'string' || event[key] === '')
      throw new Invalid(key, 'This field is required.');
  return event;
}

/** WeChat's id for the message, or (events have none) sender, time and event. */
export function wechatEventKey(event: WeChatEvent): string {
  if (event.MsgId) return `msg:${event.MsgId}`;
  return `event:${event.FromUserName}:${event.CreateTime ?? ''}:${event.Event ?? event.MsgType}`;
}

export async function receiveWeChatWebhook(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const channel = await wechatChannel(ctx, request);
  if ((request.query as { encrypt_type?: unknown }).encrypt_type === 'aes')
    throw new Invalid('encrypt_type', SERVER_MESSAGES.plainTextOnly);
  const event = await parseWeChatXml(rawBodyOf(request));
  if (channel.enabled) {
    const ids = await storeInbound(ctx, channel, 'wechat', [{ key: wechatEventKey(event), payload: event }]);
    await reply.type('text/plain').send('success');
    processSoon(ctx, ids);
    return reply;
  }
  return reply.type('text/plain').send('success');
}
