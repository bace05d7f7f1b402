// Webhooks are signed over their exact bytes, so their routes read the body raw (a Buffer) and
// parse it themselves after the signature holds. The parser is scoped to the webhook routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { HttpError, Invalid } from '../http/errors';

/** 401: the signature is missing or wrong; nothing was stored. */
export class BadSignature extends HttpError {
  constructor() {
    super(401, SERVER_MESSAGES.badSignature, 'bad_signature');
  }
}

/** Inside a scope: every content type arrives as a Buffer. */
export function useRawBodies(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

export function rawBodyOf(request: FastifyRequest): Buffer {
  const body = request.body;
  if (Buffer.isBuffer(body)) return body;
  if (body === undefined || body === null) return Buffer.alloc(0);
  throw new Invalid('body', SERVER_MESSAGES.unreadableBody);
}
