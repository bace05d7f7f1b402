// The built server starts as `npm start` runs it (package.json's start command after its build:
// `node dist/server/main.js` with glibc's malloc held to two arenas), prints what a newcomer opens,
// and serves the console: catches bundling mistakes that in-process tests miss.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LISTEN_BACKLOG } from '../../../server/app';
import { DIST_DIR } from '../../helpers/server';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const ROOT = path.resolve(DIST_DIR, '..');
/** What `npm start` runs once the product is built. */
function startCommand(): string {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const build = 'npm run build && ';
  expect(scripts.start.startsWith(build)).toBe(true);
  return scripts.start
    .slice(build.length)
    .replace('dist/server/main.js', path.join(DIST_DIR, 'server/main.js'));
}

let child: ChildProcess | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-start-'));
afterAll(() => {
  // The shell and the server under it are one process group (gone already if the server died).
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {}
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('starts on an empty data folder, prints the console, login, generated password and demo site', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.MALLOC_ARENA_MAX;
    child = spawn('sh', ['-c', startCommand()], {
      // Run from the repository so the bundle finds its packages, exactly as npm start does.
      cwd: ROOT,
      detached: true,
      env: {
        ...env,
        PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const started = Date.now();
    while (!out.includes('Demo site:') && Date.now() - started < 60_000) {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(out).toContain(`Console:   http://localhost:${port}/`);
    expect(out).toContain('Login:     admin@example.com');
    expect(out).toMatch(/Password: {2}\S{10,}/);
    expect(out).toContain(`Demo site: http://localhost:${port}/demo/`);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const page = await fetch(`http://127.0.0.1:${port}/dashboard`);
    expect(page.status).toBe(200);
    // A burst of reconnecting widgets waits in the listen queue instead of being dropped: for a
    // listening socket, ss's Send-Q column is that queue's length.
    const somaxconn = Number(fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    const listening = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' });
    const queues = listening
      .trim()
      .split('\n')
      .map((line) => Number(line.trim().split(/\s+/)[2]));
    expect(queues.length).toBeGreaterThan(0);
    for (const queue of queues) expect(queue).toBe(Math.min(LISTEN_BACKLOG, somaxconn));
    // The server runs with glibc's malloc held to two arenas (README, "Memory"): one per thread
    // cost some 40 MB more with 10,000 widget sockets open.
    const owner = /pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }));
    expect(owner).not.toBeNull();
    const environ = fs.readFileSync(`/proc/${owner?.[1]}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_ARENA_MAX=2');
  }, 90_000);
});
