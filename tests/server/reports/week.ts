// A known week of contacts, chats, ratings and agent availability (4–10 March 2024, local time of
// the account's zone), inserted straight into the database. The figures the reports must give
// for it are worked out by hand in reports.test.ts.
import { eq } from 'drizzle-orm';
import { newId } from '../../../server/accounts/ids';
import { accounts, channels, memberships, roles, users } from '../../../server/accounts/schema';
import { accountSettings, followers, livechats, messages, queues } from '../../../server/chat/schema';
import { contactVerifications } from '../../../server/contacts/schema';
import type { Db } from '../../../server/db/client';
import { agentStatusEvents, chatRatings } from '../../../server/reports/schema';

/** Whole-hour offsets of the zones the tests use (neither has daylight saving in 2024). */
export const ZONE_OFFSETS: Record<string, number> = { 'Asia/Bangkok': 7, 'America/Sao_Paulo': -3, UTC: 0 };

/** '2024-03-04 09:00' in a zone → the instant. */
export function at(local: string, zone: string): Date {
  const offset = ZONE_OFFSETS[zone];
  if (offset === undefined) throw new Error(`no offset for ${zone}`);
  return new Date(Date.parse(`${local.replace(' ', 'T')}:00Z`) - offset * 3600_000);
}

export interface WeekIds {
  accountId: string;
  owner: string;
  alice: string;
  bob: string;
  general: string;
  sales: string;
  followers: Record<string, string>;
  chats: Record<string, string>;
}

/** Adds a second account (in the owner's workspace) and makes the owner its Owner. */
export async function addAccount(db: Db, ownerId: string, name: string): Promise<string> {
  const [owner] = await db.select().from(memberships).where(eq(memberships.userId, ownerId)).limit(1);
  const [role] = await db.select().from(roles).where(eq(roles.id, owner.roleId));
  const accountId = newId();
  await db.insert(accounts).values({ id: accountId, workspaceId: role.workspaceId, name });
  await db.insert(memberships).values({ userId: ownerId, accountId, roleId: role.id });
  return accountId;
}

export async function seedWeek(db: Db, accountId: string, zone: string, ownerId: string): Promise<WeekIds> {
  const t = (local: string) => at(local, zone);
  await db
    .insert(accountSettings)
    .values({ accountId, settings: { timezone: zone } })
    .onConflictDoUpdate({ target: accountSettings.accountId, set: { settings: { timezone: zone } } });

  const [ownerRole] = await db.select().from(memberships).where(eq(memberships.userId, ownerId)).limit(1);
  const [{ workspaceId }] = await db.select().from(roles).where(eq(roles.id, ownerRole.roleId));
  const roleRows = await db.select().from(roles).where(eq(roles.workspaceId, workspaceId));
  const roleOf = (level: number) => roleRows.find((r) => r.level === level)?.id as string;
  const alice = newId();
  const bob = newId();
  await db.insert(users).values([
    {
      id: alice,
      email: `alice-${alice}@example.com`,
      passwordHash: 'x',
      displayName: 'Alice',
      firstName: 'Alice',
      lastName: 'Zed',
    },
    {
      id: bob,
      email: `bob-${bob}@example.com`,
      passwordHash: 'x',
      displayName: 'Bob',
      firstName: 'Bob',
      lastName: 'Young',
    },
  ]);
  await db.insert(memberships).values([
    { userId: alice, accountId, roleId: roleOf(4) },
    { userId: bob, accountId, roleId: roleOf(3) },
  ]);
  if (
    !(await db.select().from(memberships).where(eq(memberships.accountId, accountId))).some(
      (m) => m.userId === ownerId,
    )
  )
    await db.insert(memberships).values({ userId: ownerId, accountId, roleId: roleOf(1) });

  // The seeded account already has its default queue, 'General'.
  const [existing] = await db.select().from(queues).where(eq(queues.accountId, accountId)).limit(1);
  const general = existing?.id ?? newId();
  const sales = newId();
  if (!existing) await db.insert(queues).values({ id: general, accountId, name: 'General', isDefault: true });
  await db.insert(queues).values({ id: sales, accountId, name: 'Sales' });
  const widget = newId(12);
  const line = newId(12);
  const messenger = newId(12);
  await db.insert(channels).values([
    { id: widget, accountId, type: 'widget', name: 'Web' },
    { id: line, accountId, type: 'line', name: 'LINE' },
    { id: messenger, accountId, type: 'messenger', name: 'Messenger' },
  ]);
  const channelOf = { widget, line, messenger } as const;

  const f: Record<string, string> = {};
  const follower = async (
    key: string,
    type: keyof typeof channelOf,
    created: string,
    extra: Partial<typeof followers.$inferInsert> = {},
  ) => {
    f[key] = newId();
    await db.insert(followers).values({
      id: f[key],
      accountId,
      channelId: channelOf[type],
      channelType: type,
      externalId: `ext-${key}`,
      lineName: `Customer ${key}`,
      createdAt: t(created),
      ...extra,
    });
  };
  await follower('F1', 'line', '2024-02-20 10:00');
  await follower('F2', 'widget', '2024-02-27 10:00', { isBlock: true });
  await follower('F3', 'line', '2024-03-04 09:00');
  await follower('F4', 'widget', '2024-03-04 23:30');
  await follower('F5', 'line', '2024-03-06 12:00');
  await follower('F6', 'messenger', '2024-03-08 00:10', { isBlock: true });
  await follower('F7', 'line', '2024-03-05 15:00', { followerType: 'group' });
  await follower('F8', 'widget', '2024-03-11 00:30');
  // Verified in the contact list (issue 9): F1 before the week, F5 during it, F7 is a group.
  await db.insert(contactVerifications).values([
    { followerId: f.F1, accountId, verifiedAt: t('2024-02-21 10:00') },
    { followerId: f.F5, accountId, verifiedAt: t('2024-03-07 08:00') },
    { followerId: f.F7, accountId, verifiedAt: t('2024-03-07 09:00') },
  ]);

  const c: Record<string, string> = {};
  const chat = async (
    key: string,
    who: string,
    opts: {
      start: string;
      by: 'customer' | 'agent';
      queue?: string;
      user?: string;
      accepted?: string;
      firstResponse?: string;
      closed?: string;
      lastCustomer?: string;
      missed?: boolean;
      expired?: boolean;
      bot?: string;
    },
  ) => {
    c[key] = newId();
    const start = t(opts.start);
    await db.insert(livechats).values({
      id: c[key],
      accountId,
      followerId: f[who],
      queueId: opts.queue ?? general,
      userId: opts.user ?? null,
      isAccepted: Boolean(opts.accepted),
      isMissed: opts.missed ?? false,
      isExpired: opts.expired ?? false,
      isDone: Boolean(opts.closed),
      startedAt: start,
      takenAt: opts.accepted ? t(opts.accepted) : null,
      acceptedAt: opts.accepted ? t(opts.accepted) : null,
      firstResponseAt: opts.firstResponse ? t(opts.firstResponse) : null,
      closedAt: opts.closed ? t(opts.closed) : null,
      lastCustomerAt: opts.lastCustomer ? t(opts.lastCustomer) : opts.by === 'customer' ? start : null,
      lastAgentAt: opts.firstResponse ? t(opts.firstResponse) : null,
      waitingSince: start,
    });
    const msg = (values: Partial<typeof messages.$inferInsert> & { createdAt: Date }) => ({
      id: newId(),
      accountId,
      followerId: f[who],
      livechatId: c[key],
      type: 'question' as const,
      fromType: 'customer' as const,
      items: [{ type: 'text', text: 'hello' }] as never,
      text: 'hello',
      ...values,
    });
    const rows = [];
    if (opts.by === 'customer') rows.push(msg({ newChat: true, fromId: f[who], createdAt: start }));
    if (opts.bot) rows.push(msg({ type: 'reply', fromType: 'bot', createdAt: t(opts.bot) }));
    if (opts.firstResponse)
      rows.push(
        msg({ type: 'reply', fromType: 'agent', fromId: opts.user, createdAt: t(opts.firstResponse) }),
      );
    if (opts.by === 'customer' && opts.lastCustomer) rows.push(msg({ createdAt: t(opts.lastCustomer) }));
    await db.insert(messages).values(rows);
  };
  await chat('L1', 'F3', {
    start: '2024-03-04 09:00',
    by: 'customer',
    user: alice,
    accepted: '2024-03-04 09:02',
    firstResponse: '2024-03-04 09:05',
    closed: '2024-03-04 09:30',
  });
  await chat('L2', 'F4', {
    start: '2024-03-04 23:30',
    by: 'customer',
    bot: '2024-03-04 23:31',
    expired: true,
  });
  await chat('L3', 'F1', {
    start: '2024-03-05 10:00',
    by: 'customer',
    queue: sales,
    user: bob,
    accepted: '2024-03-05 10:10',
    firstResponse: '2024-03-05 10:12',
    closed: '2024-03-05 11:00',
  });
  await chat('L4', 'F1', {
    start: '2024-03-06 14:00',
    by: 'agent',
    user: alice,
    accepted: '2024-03-06 14:00',
    firstResponse: '2024-03-06 14:01',
    closed: '2024-03-06 14:20',
  });
  await chat('L5', 'F5', { start: '2024-03-06 12:05', by: 'customer', missed: true });
  await chat('L6', 'F5', {
    start: '2024-03-07 09:00',
    by: 'customer',
    bot: '2024-03-07 09:01',
    user: alice,
    accepted: '2024-03-07 09:10',
    firstResponse: '2024-03-07 09:15',
    closed: '2024-03-07 09:40',
  });
  await chat('L7', 'F3', {
    start: '2024-03-08 16:00',
    by: 'customer',
    user: bob,
    accepted: '2024-03-08 16:05',
    lastCustomer: '2024-03-08 16:30',
    expired: true,
  });
  await chat('L8', 'F6', {
    start: '2024-03-08 00:20',
    by: 'customer',
    queue: sales,
    bot: '2024-03-08 00:21',
    closed: '2024-03-08 00:25',
  });
  await chat('L9', 'F1', { start: '2024-03-11 09:00', by: 'customer' });
  await chat('L10', 'F3', {
    start: '2024-03-03 22:00',
    by: 'customer',
    user: alice,
    accepted: '2024-03-03 22:01',
    firstResponse: '2024-03-03 22:02',
    closed: '2024-03-03 22:10',
  });
  await chat('L11', 'F1', {
    start: '2024-03-09 11:00',
    by: 'agent',
    user: ownerId,
    accepted: '2024-03-09 11:00',
    firstResponse: '2024-03-09 11:02',
    closed: '2024-03-09 11:10',
  });

  const status = (userId: string, s: 'available' | 'away' | 'offline', local: string) => ({
    accountId,
    userId,
    status: s,
    at: t(local),
  });
  await db
    .insert(agentStatusEvents)
    .values([
      status(alice, 'available', '2024-03-04 08:00'),
      status(alice, 'away', '2024-03-04 12:00'),
      status(alice, 'available', '2024-03-04 13:00'),
      status(alice, 'offline', '2024-03-04 18:00'),
      status(alice, 'available', '2024-03-06 13:00'),
      status(alice, 'offline', '2024-03-06 15:00'),
      status(alice, 'available', '2024-03-07 09:00'),
      status(alice, 'offline', '2024-03-07 10:00'),
      status(bob, 'available', '2024-03-03 20:00'),
      status(bob, 'offline', '2024-03-04 02:00'),
      status(bob, 'available', '2024-03-05 10:00'),
      status(bob, 'away', '2024-03-05 10:30'),
      status(bob, 'offline', '2024-03-05 11:30'),
      status(bob, 'available', '2024-03-08 16:00'),
      status(bob, 'offline', '2024-03-08 17:00'),
    ]);

  const rating = (key: string, who: string, score: number, local: string, comment = '') => ({
    id: newId(),
    accountId,
    channelId: widget,
    followerId: f[who],
    livechatId: c[key],
    score,
    comment,
    createdAt: t(local),
    updatedAt: t(local),
  });
  await db
    .insert(chatRatings)
    .values([
      rating('L1', 'F3', 5, '2024-03-04 09:35', 'Great help'),
      rating('L3', 'F1', 3, '2024-03-05 11:05', 'ok'),
      rating('L6', 'F5', 4, '2024-03-07 09:45'),
      rating('L10', 'F3', 2, '2024-03-03 22:30'),
    ]);
  return { accountId, owner: ownerId, alice, bob, general, sales, followers: f, chats: c };
}
