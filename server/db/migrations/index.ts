// Every migration, in the order it is applied. Add a new file per change; never edit an applied one.
import { m0001_accounts } from './0001_accounts';
import { m0002_chat } from './0002_chat';

export interface Migration {
  id: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [m0001_accounts, m0002_chat];
