import type { FastifyBaseLogger } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from './config';
import type { Database, Db } from './db/client';

/** What every feature plugin is given: configuration, the database and the socket server. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  io: SocketServer;
  /** Where the built console, widget and demo site are. */
  distDir: string;
  sessionTtlMs: number;
  log: FastifyBaseLogger;
}
