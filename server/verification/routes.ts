// Customer verification (issue 16; docs/api.md "Customer verification"): the settings (settings
// area), the requests waiting for an agent (contacts area) with approve and reject, and the /go
// form (page.ts, registered on import).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../../core/verification/settings';
import { requireArea } from '../accounts/permissions';
import { users } from '../accounts/schema';
import { idParam } from '../automation/input';
import { fieldsOf } from '../chat/input';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { requireAuth } from '../http/context';
import { Conflict, Invalid, NotFound } from '../http/errors';
import { findFollowerRow, markVerified, tellCustomer } from './flow';
import './page';
import { verificationRequests } from './schema';
import {
  loadVerificationSettings,
  readSettingsInput,
  saveVerificationSettings,
  settingsToWire,
} from './store';

const REQUEST_NOT_FOUND = SERVER_MESSAGES.verificationMissing;
const NOT_PENDING = SERVER_MESSAGES.alreadyDecided;

export function registerVerificationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/settings/verification', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'read');
    return { settings: settingsToWire(await loadVerificationSettings(ctx.db, access.accountId)) };
  });

  app.put('/api/settings/verification', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const userId = requireAuth(request.auth).userId;
    const stored = await loadVerificationSettings(ctx.db, access.accountId);
    const input = await readSettingsInput(ctx.db, access.accountId, request.body, stored);
    await saveVerificationSettings(ctx.db, access.accountId, userId, input);
    return { settings: settingsToWire(await loadVerificationSettings(ctx.db, access.accountId)) };
  });

  app.get('/api/verification/requests', async (request) => {
    const access = await requireArea(ctx, request, 'contacts', 'read');
    const q = fieldsOf(request.query);
    const status = (q.status ?? 'pending') as string;
    if (status !== 'all' && !(VERIFICATION_STATUSES as readonly string[]).includes(status))
      throw new Invalid('status', 'This field is required.');
    const settings = await loadVerificationSettings(ctx.db, access.accountId);
    const rows = await ctx.db
      .select({ request: verificationRequests, follower: followers })
      .from(verificationRequests)
      .innerJoin(followers, eq(followers.id, verificationRequests.followerId))
      .where(
        and(
          eq(verificationRequests.accountId, access.accountId),
          status === 'all'
            ? inArray(verificationRequests.status, ['pending', 'verified', 'rejected'])
            : eq(verificationRequests.status, status as VerificationStatus),
        ),
      )
      .orderBy(desc(verificationRequests.submittedAt), desc(verificationRequests.createdAt))
      .limit(100);
    const deciders = [...new Set(rows.map((r) => r.request.decidedBy).filter((v): v is string => !!v))];
    const names = new Map(
      deciders.length
        ? (
            await ctx.db
              .select({ id: users.id, name: users.displayName })
              .from(users)
              .where(inArray(users.id, deciders))
          ).map((u) => [u.id, u.name])
        : [],
    );
    // A preset field without its own label is named by the console in the agent's language.
    const label = (key: string) => settings.fields.find((f) => f.key === key)?.label ?? '';
    return {
      list: rows.map(({ request: r, follower: f }) => ({
        _id: r.id,
        status: r.status,
        follower: {
          _id: f.id,
          line_name: f.lineNickname || f.lineName,
          line_image: f.lineImage,
          channel_type: f.channelType,
        },
        values: Object.entries(r.values).map(([key, value]) => ({ key, label: label(key), value })),
        attempts: r.attempts,
        created_at: r.createdAt.toISOString(),
        submitted_at: r.submittedAt?.toISOString() ?? null,
        decided_at: r.decidedAt?.toISOString() ?? null,
        decided_by: r.decidedBy ? { _id: r.decidedBy, display_name: names.get(r.decidedBy) ?? '' } : null,
      })),
    };
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/api/verification/requests/:id/${decision}`, async (request) => {
      const access = await requireArea(ctx, request, 'contacts', 'write');
      const userId = requireAuth(request.auth).userId;
      const id = idParam(request.params, REQUEST_NOT_FOUND);
      const [claimed] = await ctx.db
        .update(verificationRequests)
        .set({
          status: decision === 'approve' ? 'verified' : 'rejected',
          decidedAt: new Date(),
          decidedBy: userId,
        })
        .where(
          and(
            eq(verificationRequests.id, id),
            eq(verificationRequests.accountId, access.accountId),
            eq(verificationRequests.status, 'pending'),
          ),
        )
        .returning();
      if (!claimed) {
        const [found] = await ctx.db
          .select({ id: verificationRequests.id })
          .from(verificationRequests)
          .where(and(eq(verificationRequests.id, id), eq(verificationRequests.accountId, access.accountId)));
        if (!found) throw new NotFound(REQUEST_NOT_FOUND);
        throw new Conflict(NOT_PENDING);
      }
      const follower = await findFollowerRow(ctx, claimed.followerId);
      if (!follower) throw new NotFound(REQUEST_NOT_FOUND);
      if (decision === 'approve') {
        try {
          await markVerified(ctx, follower, { verifyType: 'agent', userId }, claimed.values);
        } catch (err) {
          // Nothing half-written: the request waits again.
          await ctx.db
            .update(verificationRequests)
            .set({ status: 'pending', decidedAt: null, decidedBy: null })
            .where(eq(verificationRequests.id, claimed.id));
          throw err;
        }
      }
      await tellCustomer(ctx, claimed, decision === 'approve' ? 'success' : 'rejected');
      return { request: { _id: claimed.id, status: claimed.status } };
    });
  }
}
