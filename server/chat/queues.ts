// The default queue ('General', open to everyone) that new chats open in. Every account has one:
// new accounts get it from the seed, older ones the first time a chat needs it.
import { and, asc, eq, sql } from 'drizzle-orm';
import { newId } from '../accounts/ids';
import type { Db } from '../db/client';
import { queues } from './schema';

export const DEFAULT_QUEUE_NAME = 'General';

type Executor = Pick<Db, 'select' | 'insert'>;

export async function ensureDefaultQueue(db: Executor, accountId: string): Promise<string> {
  const find = async () => {
    const [row] = await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.accountId, accountId), eq(queues.isDefault, true)))
      .orderBy(asc(queues.createdAt))
      .limit(1);
    return row?.id ?? null;
  };
  const existing = await find();
  if (existing) return existing;
  // The unique index on (account_id) where is_default makes a concurrent creation a no-op.
  await db
    .insert(queues)
    .values({ id: newId(), accountId, name: DEFAULT_QUEUE_NAME, visibility: 'everyone', isDefault: true })
    .onConflictDoNothing();
  return (await find()) as string;
}

/** Gives every account that has none its default queue (accounts made before queues existed). */
export async function ensureDefaultQueues(db: Db): Promise<void> {
  await db.execute(sql`
    insert into queues (id, account_id, name, visibility, is_default)
    select substr(md5(random()::text || a.id), 1, 20), a.id, ${DEFAULT_QUEUE_NAME}, 'everyone', true
    from accounts a
    where not exists (select 1 from queues q where q.account_id = a.id and q.is_default)
    on conflict do nothing`);
}
