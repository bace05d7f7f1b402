import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** When a queue member was last given a chat automatically (round robin, server/settings/assignment.ts). */
export const queueAssignments = pgTable(
  'queue_assignments',
  {
    queueId: text('queue_id').notNull(),
    userId: text('user_id').notNull(),
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.userId] })],
);
