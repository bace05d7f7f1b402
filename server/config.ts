// Configuration from the environment, exactly the list in design.md.
import path from 'node:path';

export interface Config {
  port: number;
  publicUrl: string | null;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  lineApiBase: string;
  graphApiBase: string;
  wechatApiBase: string;
  logLevel: string;
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
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    lineApiBase: (env.LINE_API_BASE || 'https://api.line.me').replace(/\/+$/, ''),
    graphApiBase: (env.GRAPH_API_BASE || 'https://graph.facebook.com').replace(/\/+$/, ''),
    wechatApiBase: (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
