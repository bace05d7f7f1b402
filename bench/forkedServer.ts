// The product server in a forked process, for the benches that measure the server apart from
// their own client (its memory above all). The forked side starts it on a fresh PGlite folder and
// answers the parent's messages; the parent forks it, signs in, asks it things and stops it.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app';
import { readConfig } from '../server/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_ADMIN = { email: 'bench@example.com', password: 'Bench$ecret123' };

type App = Awaited<ReturnType<typeof createApp>>;

// ---------- the server (forked process) ----------

/**
 * The server on a fresh data folder named from `dataDirPrefix`, its port sent to the parent.
 * `onMessage` answers the parent's messages; then `{ stop: true }` closes it and exits.
 */
export async function serveForked<M extends { stop?: boolean }>(
  dataDirPrefix: string,
  env: Record<string, string> = {},
  onMessage: (app: App, msg: M) => Promise<void> | void = () => {},
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const distDir = process.env.BUILD_OUT ? path.resolve(process.env.BUILD_OUT) : path.join(root, 'dist');
  const config = readConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'error',
    ...env,
  });
  const app = await createApp({ config, distDir, logger: false });
  const port = await app.listen(0, '127.0.0.1');
  process.send?.({ port });
  process.on('message', async (msg: M) => {
    await onMessage(app, msg);
    if (!msg.stop) return;
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/** In a bench module: runs `serve` when this process was forked with `flag`; says whether it was. */
export function serveWhenForked(flag: string, serve: () => Promise<void>): boolean {
  if (!process.argv.includes(flag)) return false;
  serve().catch((err: Error) => {
    process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  });
  return true;
}

// ---------- the client (this process) ----------

export interface Session {
  url: string;
  accountId: string;
  headers: Record<string, string>;
}

/**
 * Forks `file` with `flag` (its `serveWhenForked` side) and waits for the port it listens on. The
 * flag names the server in errors: `--media-server` is "media server".
 */
export function forkServer(
  file: string,
  flag: string,
  options: { env?: Record<string, string>; execArgv?: string[] } = {},
): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(file, [flag], {
    execArgv: [...process.execArgv, ...(options.execArgv ?? [])],
    stdio: 'inherit',
    env: { ...process.env, ...options.env },
  });
  const name = flag.replace(/^--/, '').replaceAll('-', ' ');
  return new Promise((resolve, reject) => {
    child.once('message', (msg: { port: number }) => resolve({ child, port: msg.port }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

/** Signs in as the bench's owner on the server at `port`. */
export async function signIn(port: number): Promise<Session> {
  const url = `http://127.0.0.1:${port}`;
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const login = (await res.json()) as { token: string; user: { accounts: { _id: string }[] } };
  const accountId = login.user.accounts[0]._id;
  return { url, accountId, headers: { authorization: `Bearer ${login.token}`, channel_id: accountId } };
}

/** Sends `message` to the forked server and waits for its answer, the first message holding `key`. */
export function ask<T>(child: ChildProcess, message: unknown, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (msg: Record<string, unknown>) => {
      if (key in msg) {
        child.off('message', onMessage);
        resolve(msg[key] as T);
      }
    };
    child.on('message', onMessage);
    child.send(message as never);
  });
}

export async function stopForked(child: ChildProcess): Promise<void> {
  child.send({ stop: true });
  await new Promise((r) => child.once('exit', r));
}
