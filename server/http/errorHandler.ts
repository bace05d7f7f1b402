import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** One place that turns any thrown error into the JSON error shape of design.md. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
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
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Body parser and similar framework errors: bad JSON, wrong content type, too large.
      reply.status(fe.statusCode).send({ message: fe.message, code: fe.code ?? 'bad_request' });
      return;
    }
    request.log.error({ err: error }, 'request failed');
    reply.status(500).send({ message: 'Sorry, something went wrong with the system.', code: 'internal' });
  });
}
