import type { FastifyError, FastifyInstance } from 'fastify';
import { createI18n } from '../../core/i18n';
import { GENERIC_ERROR_KEYS } from '../../core/text/notices';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { HttpError } from './errors';
import { isDatabaseUnavailable, isStorageFull, RETRY_AFTER_UNAVAILABLE_S } from './unavailable';

/** Spec 8's generic error, in the words of the English locale (its one home). */
const GENERIC_ERROR_TEXT = createI18n({ en, th }, 'en').t(GENERIC_ERROR_KEYS.title);

export const MALFORMED_MULTIPART_TEXT = SERVER_MESSAGES.incompleteUpload;

/** busboy's plain errors for a body it cannot parse (cut short, no boundary): the sender's fault, not ours. */
function isMalformedMultipart(error: unknown): boolean {
  const message = error instanceof Error && !('statusCode' in error) ? error.message : '';
  return (
    message === 'Unexpected end of multipart data' ||
    message === 'Multipart: Boundary not found' ||
    message.endsWith('terminated early due to unexpected end of multipart data')
  );
}

/**
 * The client went away before its body was all sent (a cancelled upload, a closed tab): a reset
 * of its own connection, which is not the database's (isDatabaseUnavailable would take it for that).
 */
export function isClientGone(raw: { complete: boolean }, error: unknown): boolean {
  if (raw.complete) return false;
  const e = error as { code?: unknown; message?: unknown };
  return e.code === 'ECONNRESET' || e.code === 'ECONNABORTED' || e.message === 'aborted';
}

/** One place that turns any thrown error into the JSON error shape of design.md. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Refused before its body was all read (an upload stopped by a full disk, a 403 before the file):
    // the rest is drained so the connection can carry the next request, except a body too large to
    // read at all, whose connection is closed instead.
    if (!request.raw.complete) {
      if ((error as FastifyError).statusCode === 413) reply.header('connection', 'close');
      else request.raw.resume();
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers).status(error.status).send(error.toJSON());
      return;
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const first = fe.validation[0];
      const field =
        (first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
          (first?.params as { missingProperty?: string })?.missingProperty) ??
        undefined;
      reply.status(400).send({ message: first?.message ?? fe.message, code: 'invalid', field });
      return;
    }
    if (isMalformedMultipart(error)) {
      reply.status(400).send({ message: MALFORMED_MULTIPART_TEXT, code: 'bad_request' });
      return;
    }
    if (isClientGone(request.raw, error)) {
      request.log.info({ err: error }, 'request cut short by the client');
      reply.status(400).send({ message: MALFORMED_MULTIPART_TEXT, code: 'bad_request' });
      return;
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Body parser and similar framework errors: bad JSON, wrong content type, too large.
      reply.status(fe.statusCode).send({ message: fe.message, code: fe.code ?? 'bad_request' });
      return;
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full');
      reply.status(507).send({
        message: SERVER_MESSAGES.diskFull,
        code: 'storage_full',
      });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_UNAVAILABLE_S))
        .send({ message: SERVER_MESSAGES.unavailable, code: 'unavailable' });
      return;
    }
    request.log.error({ err: error }, 'request failed');
    reply.status(500).send({ message: GENERIC_ERROR_TEXT, code: 'internal' });
  });
}
