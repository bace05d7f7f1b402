// Plausible activity for the last `days` days (contacts, chats, messages, ratings, availability),
// from a fixed seed so runs agree: what the browser test and the screenshots look at.
import { eq } from 'drizzle-orm';
import { newId } from '../../../server/accounts/ids';
import { channels, memberships, roles, users } from '../../../server/accounts/schema';
import { followers, livechats, messages, queues } from '../../../server/chat/schema';
import { contactVerifications } from '../../../server/contacts/schema';
import type { Db } from '../../../server/db/client';
import { agentStatusEvents, chatRatings } from '../../../server/reports/schema';

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const AGENTS = [
  ['Somchai', 'Jaidee'],
  ['Malee', 'Srisuk'],
  ['Anna', 'Lee'],
  ['Niran', 'Boonmee'],
] as const;
const NAMES = [
  'Ploy',
  'Kittipong',
  'Sarah',
  'John',
  'Wanida',
  'Arthit',
  'Mei',
  'Lucas',
  'Pim',
  'Tom',
  'Nok',
  'Ben',
];

export async function seedDemo(
  db: Db,
  accountId: string,
  ownerId: string,
  options: { days?: number; now?: Date } = {},
) {
  const days = options.days ?? 30;
  const now = options.now ?? new Date();
  const rnd = random(12);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const [owner] = await db.select().from(memberships).where(eq(memberships.userId, ownerId)).limit(1);
  const [ownerRole] = await db.select().from(roles).where(eq(roles.id, owner.roleId));
  const roleRows = await db.select().from(roles).where(eq(roles.workspaceId, ownerRole.workspaceId));
  const agentRole = roleRows.find((r) => r.level === 4)?.id ?? owner.roleId;

  const agentIds = AGENTS.map(() => newId());
  await db.insert(users).values(
    AGENTS.map(([first, last], i) => ({
      id: agentIds[i],
      email: `${first.toLowerCase()}.${agentIds[i].slice(0, 4)}@example.com`,
      passwordHash: 'x',
      displayName: `${first} ${last[0]}.`,
      firstName: first,
      lastName: last,
    })),
  );
  await db.insert(memberships).values(agentIds.map((userId) => ({ userId, accountId, roleId: agentRole })));
  const staff = [ownerId, ...agentIds];

  const existing = await db.select().from(queues).where(eq(queues.accountId, accountId));
  const queueIds = existing.map((q) => q.id);
  for (const name of ['Sales', 'Support']) {
    const id = newId();
    await db.insert(queues).values({ id, accountId, name, isDefault: queueIds.length === 0 });
    queueIds.push(id);
  }
  const types = ['line', 'messenger', 'instagram', 'widget'] as const;
  const channelIds: Record<string, string> = {};
  const current = await db.select().from(channels).where(eq(channels.accountId, accountId));
  for (const type of types) {
    const found = current.find((c) => c.type === type);
    if (found) channelIds[type] = found.id;
    else {
      channelIds[type] = newId(12);
      await db.insert(channels).values({ id: channelIds[type], accountId, type, name: type.toUpperCase() });
    }
  }

  const dayStart = (d: number) => {
    const x = new Date(now);
    x.setUTCHours(0, 0, 0, 0);
    return new Date(x.getTime() - d * 86_400_000);
  };
  const followerRows: (typeof followers.$inferInsert)[] = [];
  const chatRows: (typeof livechats.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  const ratingRows: (typeof chatRatings.$inferInsert)[] = [];
  const statusRows: (typeof agentStatusEvents.$inferInsert)[] = [];
  const verifiedRows: (typeof contactVerifications.$inferInsert)[] = [];
  const text = (t: string) => ({ items: [{ type: 'text', text: t }] as never, text: t });

  for (let d = days; d >= 1; d--) {
    const base = dayStart(d);
    const weekend = [0, 6].includes(base.getUTCDay());
    const newContacts = Math.round((weekend ? 4 : 9) + rnd() * 8);
    const todays: { id: string; type: string }[] = [];
    for (let i = 0; i < newContacts; i++) {
      const type = pick(types);
      const id = newId();
      const created = new Date(base.getTime() + (1 + rnd() * 14) * 3_600_000);
      followerRows.push({
        id,
        accountId,
        channelId: channelIds[type],
        channelType: type,
        externalId: `demo-${id}`,
        lineName: `${pick(NAMES)} ${String.fromCharCode(65 + Math.floor(rnd() * 26))}.`,
        createdAt: created,
        isBlock: rnd() < 0.05,
      });
      if (rnd() < 0.3)
        verifiedRows.push({
          followerId: id,
          accountId,
          verifiedAt: new Date(created.getTime() + rnd() * 86_400_000),
        });
      todays.push({ id, type });
    }
    for (const agent of agentIds) {
      if (rnd() < 0.15) continue;
      const on = base.getTime() + (1 + rnd() * 2) * 3_600_000;
      const away = on + (3 + rnd() * 2) * 3_600_000;
      statusRows.push({ accountId, userId: agent, status: 'available', at: new Date(on) });
      statusRows.push({ accountId, userId: agent, status: 'away', at: new Date(away) });
      statusRows.push({ accountId, userId: agent, status: 'available', at: new Date(away + 3_600_000) });
      statusRows.push({
        accountId,
        userId: agent,
        status: 'offline',
        at: new Date(away + (4 + rnd()) * 3_600_000),
      });
    }
    const chats = Math.round((weekend ? 6 : 14) + rnd() * 10);
    for (let i = 0; i < chats; i++) {
      const who =
        todays.length && rnd() < 0.6 ? pick(todays) : { id: pick(followerRows).id as string, type: '' };
      const id = newId();
      const start = new Date(base.getTime() + (1.5 + rnd() * 12) * 3_600_000);
      const byCustomer = rnd() < 0.88;
      const roll = rnd();
      const bot = byCustomer && roll < 0.15;
      const missed = byCustomer && !bot && roll < 0.22;
      const expired = !missed && !bot && roll > 0.93;
      // Half of the bot's chats are handed over to an agent.
      const user = missed || (bot && rnd() < 0.5) ? null : pick(staff);
      // An agent who starts a chat has taken it at its start (outgoing).
      const accepted = user ? new Date(start.getTime() + (byCustomer ? 5000 + rnd() * 300_000 : 0)) : null;
      const first = user ? new Date((accepted as Date).getTime() + (20 + rnd() * 400) * 1000) : null;
      const closed =
        user && !expired
          ? new Date((first as Date).getTime() + (5 + rnd() * 40) * 60_000)
          : bot
            ? new Date(start.getTime() + 120_000)
            : null;
      chatRows.push({
        id,
        accountId,
        followerId: who.id,
        queueId: pick(queueIds),
        userId: user,
        isAccepted: Boolean(user),
        isMissed: missed,
        isExpired: expired,
        isDone: Boolean(closed),
        startedAt: start,
        takenAt: accepted,
        acceptedAt: accepted,
        firstResponseAt: first,
        closedAt: closed,
        lastCustomerAt: byCustomer ? start : null,
        lastAgentAt: first,
        waitingSince: start,
      });
      const msg = (at: Date, values: Partial<typeof messages.$inferInsert>) =>
        messageRows.push({
          id: newId(),
          accountId,
          followerId: who.id,
          livechatId: id,
          type: 'question',
          fromType: 'customer',
          ...text('Hello'),
          createdAt: at,
          ...values,
        });
      if (byCustomer) msg(start, { newChat: true, fromId: who.id });
      if (bot)
        msg(new Date(start.getTime() + 5000), {
          type: 'reply',
          fromType: 'bot',
          ...text('Hi! How can we help?'),
        });
      if (first)
        msg(first, { type: 'reply', fromType: 'agent', fromId: user, ...text('Thanks for waiting') });
      if (closed && user && rnd() < 0.45) {
        const score = rnd() < 0.7 ? 4 + Math.round(rnd()) : 1 + Math.floor(rnd() * 3);
        ratingRows.push({
          id: newId(),
          accountId,
          channelId: channelIds.widget,
          followerId: who.id,
          livechatId: id,
          score,
          comment:
            score >= 4
              ? pick(['Quick and friendly', 'ขอบคุณมากค่ะ', '', 'Solved my problem'])
              : pick(['Took too long', 'ยังไม่ได้คำตอบ', '']),
          createdAt: new Date((closed as Date).getTime() + 60_000),
          updatedAt: new Date((closed as Date).getTime() + 60_000),
        });
      }
    }
  }
  const chunks = async <T>(rows: T[], insert: (part: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
  };
  await chunks(followerRows, (p) => db.insert(followers).values(p));
  await chunks(verifiedRows, (p) => db.insert(contactVerifications).values(p));
  await chunks(chatRows, (p) => db.insert(livechats).values(p));
  await chunks(messageRows, (p) => db.insert(messages).values(p));
  await chunks(ratingRows, (p) => db.insert(chatRatings).values(p));
  await chunks(statusRows, (p) => db.insert(agentStatusEvents).values(p));
  return { agents: agentIds, chats: chatRows.length, followers: followerRows.length };
}
