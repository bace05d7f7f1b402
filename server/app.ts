// Builds the whole server: HTTP API, sockets and pages on one Fastify instance.
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Server as SocketServer } from 'socket.io';
import { registerAccountRoutes } from './accounts/routes';
import { type SeedResult, seedIfEmpty } from './accounts/seed';
import { registerAuthGuard } from './auth/guard';
import { registerAuthRoutes } from './auth/routes';
import { DEFAULT_SESSION_TTL_MS } from './auth/sessions';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { registerErrorHandler } from './http/errorHandler';
import { registerAgentNamespace } from './realtime/agents';
import { attachRedisAdapter } from './realtime/redis';
import { registerWebRoutes } from './web/routes';
import { registerWidgetRoutes } from './widget/routes';

export interface AppOptions {
  config: Config;
  distDir: string;
  sessionTtlMs?: number;
  /** Pino logger options; false silences the server (tests). */
  logger?: boolean | { level: string };
}

export interface App {
  fastify: FastifyInstance;
  ctx: AppContext;
  seed: SeedResult;
  /** Starts listening; resolves with the bound port. */
  listen(port?: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

export async function createApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  const seed = await seedIfEmpty(database.db, { email: config.adminEmail, password: config.adminPassword });

  const fastify = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  const io = new SocketServer(fastify.server, { serveClient: false, connectionStateRecovery: {} });
  const closeRedis = config.redisUrl ? await attachRedisAdapter(io, config.redisUrl) : null;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    io,
    distDir: options.distDir,
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    log: fastify.log,
  };

  registerErrorHandler(fastify);
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });
  registerAuthGuard(fastify, ctx);
  registerAuthRoutes(fastify, ctx);
  registerAccountRoutes(fastify, ctx);
  registerWidgetRoutes(fastify, ctx);
  registerAgentNamespace(ctx);
  await registerWebRoutes(fastify, ctx);

  return {
    fastify,
    ctx,
    seed,
    async listen(port = config.port, host = '0.0.0.0') {
      await fastify.listen({ port, host });
      const address = fastify.server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    async close() {
      io.close();
      await fastify.close();
      await closeRedis?.();
      await database.close();
    },
  };
}
