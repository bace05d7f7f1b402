// Chat import and the unknown-chat list (issue 17), as one encapsulated plugin with its own
// streaming multipart parser (one file per request, up to IMPORT_MAX_BYTES).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_BYTES } from '../../core/chatImport/wire';
import type { AppContext } from '../context';
import { registerImportFileRoutes } from './importRoutes';
import { registerUnknownChatRoutes } from './unknownRoutes';

export function registerChatImportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    if (!scope.hasRequestDecorator('isMultipart'))
      await scope.register(multipart, {
        limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
        throwFileSizeLimit: false,
      });
    registerImportFileRoutes(scope, ctx);
    registerUnknownChatRoutes(scope, ctx);
  });
}
