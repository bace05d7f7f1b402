// Builds the whole server: HTTP API, sockets and pages on one Fastify instance.
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Server as SocketServer } from 'socket.io';
import { registerAccountRoutes } from './accounts/routes';
import { type SeedResult, seedIfEmpty } from './accounts/seed';
import { registerActionRoutes } from './actions/routes';
import { registerAuthGuard } from './auth/guard';
import { registerAuthRoutes } from './auth/routes';
import { DEFAULT_SESSION_TTL_MS } from './auth/sessions';
import { registerAutomationRoutes } from './automation/routes';
import { registerBroadcastRoutes } from './broadcasts/routes';
import { registerChannelRoutes } from './channels/routes';
import { registerChatRoutes } from './chat/routes';
import { startChatTimers } from './chat/sweeps';
import { dropEveryCacheHere } from './chat/ttlCache';
import { registerChatImportRoutes } from './chatImport/routes';
import type { Config } from './config';
import { registerContactRoutes } from './contacts/routes';
import type { AppContext } from './context';
import { openDatabase } from './db/client';
import { startMaintenance } from './db/maintenance';
import { migrate } from './db/migrate';
import { registerGoRoutes } from './go/routes';
import { parseTrustProxy } from './http/clientAddress';
import { registerErrorHandler } from './http/errorHandler';
import { registerSecurity } from './http/security';
import { registerLocationRoutes } from './locations/routes';
import { registerMediaRoutes } from './media/routes';
import { registerMonitoringRoutes } from './monitoring/routes';
import { registerAgentNamespace } from './realtime/agents';
import { coalesceSocketWrites } from './realtime/coalesce';
import { attachRedisAdapter } from './realtime/redis';
import { releaseUpgradeRequests } from './realtime/upgradeRequest';
import { registerReportRoutes } from './reports/routes';
import { registerRichMenuRoutes } from './richmenus/routes';
import { registerSettingsRoutes } from './settings/routes';
import { registerTeamRoutes } from './team/routes';
import { registerTemplateRoutes } from './templates/routes';
import { registerWebRoutes } from './web/routes';
import { registerWidgetRoutes } from './widget/routes';

/**
 * Connections waiting to be accepted. Every widget on every page reconnects at once after a restart
 * or a deploy; past Node's default of 511 the system drops the rest's opening packets and they try
 * again only 1, 3, 7 s later. The system caps it (net.core.somaxconn, 4096 on current Linux).
 */
export const LISTEN_BACKLOG = 4096;

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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await migrate(database);
  const seed = await seedIfEmpty(database.db, { email: config.adminEmail, password: config.adminPassword });

  const fastify = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    trustProxy: parseTrustProxy(config.trustProxy),
    connectionTimeout: config.httpIdleTimeoutMs,
    bodyLimit: 1024 * 1024,
  });
  const io = new SocketServer(fastify.server, { serveClient: false, connectionStateRecovery: {} });
  coalesceSocketWrites(io);
  releaseUpgradeRequests(io);
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
  registerSecurity(fastify, ctx);
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });
  registerAuthGuard(fastify, ctx);
  registerAuthRoutes(fastify, ctx);
  registerAccountRoutes(fastify, ctx);
  registerChatRoutes(fastify, ctx);
  registerChatImportRoutes(fastify, ctx);
  registerMonitoringRoutes(fastify, ctx);
  registerMediaRoutes(fastify, ctx);
  registerWidgetRoutes(fastify, ctx);
  registerChannelRoutes(fastify, ctx);
  registerAgentNamespace(ctx);
  registerReportRoutes(fastify, ctx);
  registerTemplateRoutes(fastify, ctx);
  registerActionRoutes(fastify, ctx);
  registerAutomationRoutes(fastify, ctx);
  registerBroadcastRoutes(fastify, ctx);
  registerRichMenuRoutes(fastify, ctx);
  registerLocationRoutes(fastify, ctx);
  registerContactRoutes(fastify, ctx);
  registerSettingsRoutes(fastify, ctx);
  registerTeamRoutes(fastify, ctx);
  await registerGoRoutes(fastify, ctx);
  await registerWebRoutes(fastify, ctx);
  const stopChatTimers = startChatTimers(ctx);
  const stopMaintenance = startMaintenance(database, fastify.log);

  return {
    fastify,
    ctx,
    seed,
    async listen(port = config.port, host = '0.0.0.0') {
      await fastify.listen({ port, host, backlog: LISTEN_BACKLOG });
      const address = fastify.server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    async close() {
      const timersStopped = Promise.all([stopChatTimers(), stopMaintenance()]);
      io.close();
      await fastify.close();
      await closeRedis?.();
      await timersStopped;
      await database.close();
      dropEveryCacheHere();
    },
  };
}
