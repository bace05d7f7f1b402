import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { byName } from '../db/order';
import { requireAccount } from '../http/context';
import { onlineUserIds } from '../realtime/agents';
import { registerOfficialAccountRoutes } from './officialAccounts';
import { memberships, roles, users } from './schema';

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  registerOfficialAccountRoutes(app, ctx);

  /** The team of the selected account, online first, for the top bar's online-agents list. */
  app.get('/api/agents/online', async (request) => {
    const account = requireAccount(request.account);
    const [rows, online] = await Promise.all([
      ctx.db
        .select({
          id: users.id,
          displayName: users.displayName,
          email: users.email,
          role: roles.name,
          level: roles.level,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(roles, eq(roles.id, memberships.roleId))
        .where(and(eq(memberships.accountId, account.accountId), isNull(memberships.deactivatedAt)))
        .orderBy(...byName(users.displayName)),
      onlineUserIds(ctx, account.accountId),
    ]);
    const agents = rows.map((r) => ({
      _id: r.id,
      display_name: r.displayName,
      email: r.email,
      role: { name: r.role, level: r.level },
      online: online.has(r.id),
    }));
    agents.sort((a, b) => Number(b.online) - Number(a.online));
    return { agents, online_count: agents.filter((a) => a.online).length };
  });
}
