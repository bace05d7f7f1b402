import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// On CI, a test that touches real sockets, timers or Chromium gets one more try when a busy
// machine makes it miss a deadline; a test that is really broken still fails every try, and the
// run ends by naming every test that passed only on a retry (tests/helpers/flakyReporter.ts).
const RETRY_ON_CI = process.env.CI ? 1 : 0;

// Vitest's default is one worker fewer than the cores: one worker on this 2-core machine, which
// left a core idle for most of the run (the server tests wait on sockets and PGlite as much as they
// compute). Two workers at least: measured on 2 cores, the unit and server files take 286 s instead
// of 446 s, using 1.7 cores.
const WORKERS = Math.max(2, os.availableParallelism() - 1);

// expect.poll() waits 1 s by default: a busy 2-core CI machine (two Chromiums, two servers, image
// work in sharp) misses that now and then, and the retry misses it again (media uploads, pages
// that draw their sections after their first request). A condition that is met passes as soon as
// it is; one that is never met fails after this long instead.
const POLL_TIMEOUT_MS = 10_000;

// Four projects: pure/unit code in happy-dom (two of them, below), the server over real HTTP and
// sockets, and browser tests driving Debian's Chromium against a real server.
//
// The server and browser files share their worker's modules (isolate: false) instead of loading
// the whole server again for every file: on 2 cores the server files took 176 s instead of 282 s
// and the browser files 321 s instead of 405 s. What they share is made safe for it: an app that
// closes empties the caches (server/chat/ttlCache.ts), and a test's stand-in for a platform is put
// back after it.
//
// So do most unit files. The 156 of them took 108 s on 2 cores, most of it loading every module
// again for each file; the 138 that share now take about 12 s, the 18 kept apart about 16 s. tests/helpers/unitSetup.ts puts back, before each file,
// what a file may leave behind: the page, storage, cookies, address, timers, stubs and the
// console's language. A file that mocks a module (vi.mock) needs its own modules, as the mock only
// takes for a module not loaded yet; so does one that tests a module's first load. Those run apart.
const UNIT_ROOTS = ['tests/core', 'tests/console', 'tests/widget-element'];
const UNIT = UNIT_ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`);
/** Tests of what a module does when first loaded (the widget loads Thai on demand). */
const FIRST_LOAD = ['tests/widget-element/texts.test.ts'];

const testFiles = (root: string) =>
  fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => path.join(root, name));

const OWN_MODULES = [
  ...UNIT_ROOTS.flatMap(testFiles).filter((file) =>
    /\bvi\.(mock|doMock|resetModules)\(/.test(fs.readFileSync(file, 'utf8')),
  ),
  ...FIRST_LOAD,
].map((file) => file.split(path.sep).join('/'));

export default defineConfig({
  test: {
    reporters: ['default', './tests/helpers/flakyReporter.ts'],
    expect: { poll: { timeout: POLL_TIMEOUT_MS } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          maxWorkers: WORKERS,
          include: UNIT,
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
          isolate: false,
          setupFiles: ['tests/helpers/unitSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-own-modules',
          environment: 'happy-dom',
          maxWorkers: WORKERS,
          include: OWN_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/build/**/*.test.ts'],
          maxWorkers: WORKERS,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry: RETRY_ON_CI,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two browser files at a time, each with its own server, data folder and Chromium, after
          // the unit and server files (a group of their own): they mostly wait on pages and
          // sockets (1.1 cores busy for two), so 464 s became 316 s; more would crowd the timers.
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
          retry: RETRY_ON_CI,
        },
      },
    ],
  },
});
