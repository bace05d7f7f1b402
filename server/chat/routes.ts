// The live chat HTTP API (docs/chat-api.md), registered as one encapsulated plugin: it brings
// its own multipart parser for file sends, so other features' plugins are untouched.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { requireArea } from '../accounts/permissions';
import type { AppContext } from '../context';
import { registerChatExportRoutes } from './exportRoutes';
import { registerChatLeaveRoutes } from './leaveRoutes';
import { registerChatLifecycleRoutes } from './lifecycleRoutes';
import { registerChatListRoutes } from './listRoutes';
import { registerChatNoteTagRoutes } from './noteTagRoutes';
import { ensureDefaultQueues } from './queues';
import { registerChatSearchRoutes } from './searchRoutes';
import { MAX_CHAT_FILE_BYTES, registerChatSendRoutes } from './sendRoutes';

export function registerChatRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    // Accounts made before queues existed get their default queue once, at start.
    await ensureDefaultQueues(ctx.db);
    if (!scope.hasRequestDecorator('isMultipart'))
      await scope.register(multipart, {
        // One byte over the largest allowed file is enough to refuse it as too large.
        limits: { fileSize: MAX_CHAT_FILE_BYTES + 1, files: 6, fields: 20, fieldSize: 64 * 1024 },
        throwFileSizeLimit: false,
      });
    // Areas (core/access/areas.ts): reading chats needs chat read, acting on them chat write;
    // changing a contact's tags and fields from the inbox needs contacts write. Searching and
    // exporting are reads sent as POST (their bodies carry the query).
    scope.addHook('preHandler', async (request) => {
      const path = request.url.split('?')[0];
      if (/^\/api\/(tag\/(add|delete)|contact_field\/)/.test(path))
        await requireArea(ctx, request, 'contacts', 'write');
      else {
        const reads = request.method === 'GET' || /^\/api\/chat\/(search\/|export(-zip)?$)/.test(path);
        await requireArea(ctx, request, 'chat', reads ? 'read' : 'write');
      }
    });
    registerChatListRoutes(scope, ctx);
    registerChatSendRoutes(scope, ctx);
    registerChatLifecycleRoutes(scope, ctx);
    registerChatNoteTagRoutes(scope, ctx);
    registerChatSearchRoutes(scope, ctx);
    registerChatExportRoutes(scope, ctx);
    registerChatLeaveRoutes(scope, ctx);
  });
}
