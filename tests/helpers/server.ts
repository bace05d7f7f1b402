// Starts the real server in-process on a random port with a fresh data folder (or a fresh
// PostgreSQL database), as the product runs, for server and browser tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, createApp } from '../../server/app';
import { readConfig } from '../../server/config';

export const ADMIN_EMAIL = 'owner@example.com';
export const ADMIN_PASSWORD = 'Sup3r$ecretPass';
export const DIST_DIR = process.env.BUILD_OUT
  ? path.resolve(process.env.BUILD_OUT)
  : fileURLToPath(new URL('../../dist', import.meta.url));

export interface TestServer {
  app: App;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startServer(
  options: {
    databaseUrl?: string;
    env?: Record<string, string>;
    sessionTtlMs?: number;
    dataDir?: string;
  } = {},
): Promise<TestServer> {
  if (!fs.existsSync(path.join(DIST_DIR, 'console/index.html'))) {
    throw new Error('dist/ is missing: run "npm run build" before the tests (npm test does).');
  }
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chat-test-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const app = await createApp({
    config,
    distDir: DIST_DIR,
    logger: false,
    sessionTtlMs: options.sessionTtlMs,
  });
  const port = await app.listen(0, '127.0.0.1');
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await app.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in over HTTP and returns what the console would keep. */
export async function login(url: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    token: string;
    user: {
      _id: string;
      email: string;
      accounts: { _id: string; channels: { _id: string; type: string }[] }[];
    };
  };
  const account = body.user.accounts[0];
  return {
    token: body.token,
    user: body.user,
    accountId: account._id,
    widgetId: account.channels.find((c) => c.type === 'widget')?._id ?? '',
    headers: {
      authorization: `Bearer ${body.token}`,
      channel_id: account._id,
      'content-type': 'application/json',
    },
  };
}
