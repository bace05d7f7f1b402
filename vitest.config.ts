import { defineConfig } from 'vitest/config';

// On CI, a test that touches real sockets, timers or Chromium gets one more try when a busy
// machine makes it miss a deadline; a test that is really broken still fails every try, and the
// run ends by naming every test that passed only on a retry (tests/helpers/flakyReporter.ts).
const RETRY_ON_CI = process.env.CI ? 1 : 0;

// Three projects: pure/unit code in happy-dom, the server over real HTTP and sockets,
// and browser tests driving Debian's Chromium against a real server.
export default defineConfig({
  test: {
    reporters: ['default', './tests/helpers/flakyReporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: [
            'tests/core/**/*.test.{ts,tsx}',
            'tests/console/**/*.test.{ts,tsx}',
            'tests/widget-element/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/build/**/*.test.ts'],
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
          fileParallelism: false,
          retry: RETRY_ON_CI,
        },
      },
    ],
  },
});
