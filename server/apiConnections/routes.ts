// External API connections (issue 16; docs/api.md "External APIs"): list, create, edit, switch
// on or off, delete, and test with sample values. Reading needs the settings area, changing and
// testing its write access. Secret header and body values never leave the server.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newId } from '../accounts/ids';
import { requireArea } from '../accounts/permissions';
import { idParam } from '../automation/input';
import { fieldsOf } from '../chat/input';
import type { AppContext } from '../context';
import { requireAuth } from '../http/context';
import { Conflict, NotFound } from '../http/errors';
import { callApi } from './call';
import { apiConnections } from './schema';
import {
  API_NOT_FOUND,
  callable,
  columnsOf,
  connectionToWire,
  findConnection,
  listConnections,
  readConnectionInput,
} from './store';

const SLUG_TAKEN = 'Another API already uses this key.';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

function sampleValues(
  body: Record<string, unknown>,
  fallback: Record<string, string>,
): Record<string, unknown> {
  const given = fieldsOf(body.values);
  return Object.keys(given).length > 0 ? given : fallback;
}

export function registerApiConnectionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/settings/apis', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'read');
    const rows = await listConnections(ctx.db, access.accountId);
    return { list: rows.map(connectionToWire) };
  });

  app.get('/api/settings/apis/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'read');
    const id = idParam(request.params, API_NOT_FOUND);
    return { api: connectionToWire(await findConnection(ctx.db, access.accountId, id)) };
  });

  app.post('/api/settings/apis', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const userId = requireAuth(request.auth).userId;
    const input = readConnectionInput(request.body, null);
    try {
      const [row] = await ctx.db
        .insert(apiConnections)
        .values({
          id: newId(),
          accountId: access.accountId,
          ...columnsOf(input),
          createdBy: userId,
          updatedBy: userId,
        })
        .returning();
      return { api: connectionToWire(row) };
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(SLUG_TAKEN, 'slug');
      throw err;
    }
  });

  app.put('/api/settings/apis/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const userId = requireAuth(request.auth).userId;
    const id = idParam(request.params, API_NOT_FOUND);
    const stored = await findConnection(ctx.db, access.accountId, id);
    const input = readConnectionInput(request.body, stored);
    try {
      const [row] = await ctx.db
        .update(apiConnections)
        .set({ ...columnsOf(input), updatedBy: userId, updatedAt: new Date() })
        .where(and(eq(apiConnections.id, id), eq(apiConnections.accountId, access.accountId)))
        .returning();
      if (!row) throw new NotFound(API_NOT_FOUND);
      return { api: connectionToWire(row) };
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(SLUG_TAKEN, 'slug');
      throw err;
    }
  });

  app.delete('/api/settings/apis/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const id = idParam(request.params, API_NOT_FOUND);
    const deleted = await ctx.db
      .delete(apiConnections)
      .where(and(eq(apiConnections.id, id), eq(apiConnections.accountId, access.accountId)))
      .returning({ id: apiConnections.id });
    if (deleted.length === 0) throw new NotFound(API_NOT_FOUND);
    return { deleted: 1 };
  });

  /**
   * The Test button: calls the connection as it stands in the form (unsaved changes too; with
   * `_id` the stored secrets fill the blanks) with `values`, else its saved sample values.
   */
  app.post('/api/settings/apis/test', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const body = fieldsOf(request.body);
    const stored =
      typeof body._id === 'string' && body._id
        ? await findConnection(ctx.db, access.accountId, body._id)
        : null;
    const input = readConnectionInput(body, stored);
    const values = sampleValues(body, input.sample_values);
    const result = await callApi(ctx, callable(input), values);
    return {
      ok: result.ok,
      status: result.status,
      error: result.error,
      duration_ms: result.durationMs,
      request: result.request,
      response: result.body,
      json: result.json,
      variables: result.variables,
    };
  });
}
