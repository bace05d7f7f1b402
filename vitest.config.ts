import { defineConfig } from 'vitest/config';

// Three projects: pure/unit code in happy-dom, the server over real HTTP and sockets,
// and browser tests driving Debian's Chromium against a real server.
export default defineConfig({
  test: {
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
        },
      },
    ],
  },
});
