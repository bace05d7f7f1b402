// Starts the real server in-process on a random port with a fresh data folder (or a fresh
// PostgreSQL database), as the product runs, for server and browser tests.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedIfEmpty } from '../../server/accounts/seed';
import { type App, createApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations/index';

export const ADMIN_EMAIL = 'owner@example.com';
export const ADMIN_PASSWORD = 'Sup3r$ecretPass';
export const DIST_DIR = process.env.BUILD_OUT
  ? path.resolve(process.env.BUILD_OUT)
  : fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * A new PGlite database costs about two seconds (initdb in WebAssembly) before any test runs;
 * copying a folder that is already migrated and seeded costs a tenth of that. The copy is still a
 * fresh, private database per server. The template is keyed by the migrations and the seed code,
 * so a schema change builds a new one; workers that race build it once each and keep the first.
 */
async function pgliteTemplate(): Promise<string> {
  const seedSource = fs.readFileSync(
    fileURLToPath(new URL('../../server/accounts/seed.ts', import.meta.url)),
  );
  const key = createHash('sha256')
    .update(JSON.stringify(MIGRATIONS))
    .update(seedSource)
    .update(`${ADMIN_EMAIL}\n${ADMIN_PASSWORD}`)
    .digest('hex')
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `chat-test-template-${key}`);
  if (fs.existsSync(path.join(template, 'ready'))) return template;
  const building = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-test-template-building-'));
  const database = await openDatabase({ dataDir: building });
  await migrate(database);
  await seedIfEmpty(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await database.close();
  fs.writeFileSync(path.join(building, 'ready'), key);
  try {
    fs.renameSync(building, template);
  } catch {
    // Another worker finished first: use theirs.
    fs.rmSync(building, { recursive: true, force: true });
  }
  return template;
}

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
  // Only where the first start would create that same seed on its own PGlite database, and where
  // no Redis is shared (servers on one Redis must not share account ids).
  const plainPglite =
    !options.databaseUrl &&
    !options.env?.DATABASE_URL &&
    !options.env?.REDIS_URL &&
    !options.env?.ADMIN_EMAIL &&
    !options.env?.ADMIN_PASSWORD &&
    !fs.existsSync(path.join(dataDir, 'db'));
  if (plainPglite)
    fs.cpSync(path.join(await pgliteTemplate(), 'db'), path.join(dataDir, 'db'), { recursive: true });
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
