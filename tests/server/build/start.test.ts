// The built server starts as `npm start` runs it (node dist/server/main.js), prints what a
// newcomer opens, and serves the console: catches bundling mistakes that in-process tests miss.
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

let child: ChildProcess | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-start-'));
afterAll(() => {
  child?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('node dist/server/main.js', () => {
  it('starts on an empty data folder, prints the console, login, generated password and demo site', async () => {
    const port = await freePort();
    child = spawn(process.execPath, [path.join(DIST_DIR, 'server/main.js')], {
      // Run from the repository so the bundle finds its packages, exactly as npm start does.
      cwd: path.resolve(DIST_DIR, '..'),
      env: {
        ...process.env,
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
  }, 90_000);
});
