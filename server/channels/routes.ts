// The channels feature: webhooks in from LINE, Meta (Messenger, Instagram) and WeChat, the
// adapters that send agents' messages out through them, the signed file addresses the platforms
// fetch from, and the console's channel settings.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerDefaultChannelAdapter } from './adapters';
import { registerInboundHandler, startInboundSweeper } from './inboundQueue';
import { handleLineEvent } from './line/events';
import { lineAdapter } from './line/outbound';
import { receiveLineWebhook } from './line/webhook';
import { handleMetaEvent } from './meta/events';
import { metaAdapter } from './meta/outbound';
import { receiveMetaWebhook, verifyMetaWebhook } from './meta/webhook';
import { registerChannelSettingsRoutes } from './settingsRoutes';
import { registerSignedMediaRoute } from './signedMedia';
import { useRawBodies } from './webhookBody';
import { handleWeChatEvent } from './wechat/events';
import { wechatAdapter } from './wechat/outbound';
import { receiveWeChatWebhook, verifyWeChatWebhook } from './wechat/webhook';

export function registerChannelRoutes(app: FastifyInstance, ctx: AppContext) {
  registerDefaultChannelAdapter('line', lineAdapter);
  registerDefaultChannelAdapter('messenger', metaAdapter);
  registerDefaultChannelAdapter('instagram', metaAdapter);
  registerDefaultChannelAdapter('wechat', wechatAdapter);
  registerInboundHandler('line', handleLineEvent);
  registerInboundHandler('meta', handleMetaEvent);
  registerInboundHandler('wechat', handleWeChatEvent);

  app.register(async (scope) => {
    useRawBodies(scope);
    scope.post('/webhook/line/:channelId', (request, reply) => receiveLineWebhook(ctx, request, reply));
    scope.get('/webhook/meta/:channelId', (request, reply) => verifyMetaWebhook(ctx, request, reply));
    scope.post('/webhook/meta/:channelId', (request, reply) => receiveMetaWebhook(ctx, request, reply));
    scope.get('/webhook/wechat/:channelId', (request, reply) => verifyWeChatWebhook(ctx, request, reply));
    scope.post('/webhook/wechat/:channelId', (request, reply) => receiveWeChatWebhook(ctx, request, reply));
  });
  registerSignedMediaRoute(app, ctx);
  registerChannelSettingsRoutes(app, ctx);

  const stop = startInboundSweeper(ctx);
  app.addHook('onClose', async () => stop());
}
