// Configuration from the environment, exactly the list in design.md.
import os from 'node:os';
import path from 'node:path';

export interface Config {
  port: number;
  publicUrl: string | null;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** PostgreSQL connections this process keeps at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  adminEmail: string | null;
  adminPassword: string | null;
  lineApiBase: string;
  graphApiBase: string;
  wechatApiBase: string;
  logLevel: string;
  /** S3-compatible media store; null keeps media under DATA_DIR/media. */
  s3: S3Config | null;
  /** Hardening (server/http/security.ts): proxies believed for X-Forwarded-For, idle socket timeout, sockets per address. */
  trustProxy: string;
  httpIdleTimeoutMs: number;
  socketsPerAddress: number;
  /** External API connections may call loopback, private and link-local addresses (tests). */
  apiAllowPrivate: boolean;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

function readS3(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  const region = env.S3_REGION || 'us-east-1';
  return {
    endpoint: (env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    bucket: env.S3_BUCKET,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID || '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || '',
  };
}

/**
 * Connections to PostgreSQL per process by default: three per core, at least 4. More queries at
 * once than the database has cores only queue inside it, where they contend for its locks and
 * WAL; measured on 2 cores with 10,000 widget sockets (bench/scale.ts), 20 connections gave a
 * customer-to-agent p99 of 125-175 ms at 400 messages/s and answered 814/s at 1,000/s; 6 gave
 * 32-93 ms and 852-947/s.
 */
export const defaultPoolSize = (cores = os.availableParallelism()) => Math.max(4, 3 * cores);

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  if (env[name] === undefined || env[name] === '') return fallback;
  const n = Number(env[name]);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive whole number, got "${env[name]}"`);
  return n;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    databasePoolSize: positiveInt(env, 'DATABASE_POOL_SIZE', defaultPoolSize()),
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    lineApiBase: (env.LINE_API_BASE || 'https://api.line.me').replace(/\/+$/, ''),
    graphApiBase: (env.GRAPH_API_BASE || 'https://graph.facebook.com').replace(/\/+$/, ''),
    wechatApiBase: (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    s3: readS3(env),
    trustProxy: env.TRUST_PROXY ?? 'loopback,linklocal,uniquelocal',
    httpIdleTimeoutMs: positiveInt(env, 'HTTP_IDLE_TIMEOUT_MS', 60_000),
    socketsPerAddress: positiveInt(env, 'SOCKETS_PER_ADDRESS', 200),
    apiAllowPrivate: env.API_ALLOW_PRIVATE === 'true',
  };
}
