// Every table, gathered for Drizzle. Each feature keeps its tables in its own schema.ts.
import * as accounts from '../accounts/schema';
import * as auth from '../auth/schema';
import * as chat from '../chat/schema';

export const schema = { ...accounts, ...auth, ...chat };
