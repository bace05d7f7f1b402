import type { Migration } from './index';

// Sign-in failures are counted in server/limits (memory, or Redis when REDIS_URL is set) since the
// throttle's redesign; the table 0001 made for them is no longer read or written.
export const m0016_drop_login_failures: Migration = {
  id: '0016_drop_login_failures',
  sql: /* sql */ `
drop table if exists login_failures;
`,
};
