// Locations (issue 11; docs/api.md): the spec 3 form with spec 5 validation, and sending one
// into a chat (LINE's location message; a card elsewhere — core/automation/replyConvert.ts).
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defaulted, enums, nullable, optional, string, type } from 'superstruct';
import { CONVERT_MESSAGES } from '../../core/automation/replyConvert';
import { LOCATION_STATUSES } from '../../core/models/location';
import { validateLocation } from '../../core/validation/location';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { requireArea } from '../accounts/permissions';
import { locationUsage } from '../automation/delivery';
import { idParam, readBody } from '../automation/input';
import { InvalidReply, sendReply } from '../automation/send';
import { viewerOf } from '../chat/access';
import { escapeLike } from '../chat/followerQuery';
import { fieldsOf, optionalString, requiredString } from '../chat/input';
import { seesQueue } from '../chat/viewer';
import type { AppContext } from '../context';
import { requireAccount, requireAuth } from '../http/context';
import { Invalid, NotFound } from '../http/errors';
import { locations } from './schema';
import { locationToWire } from './wire';

const NOT_FOUND = CONVERT_MESSAGES.missingLocation;
const text = defaulted(string(), '');

const LocationBody = type({
  name: string(),
  open_time: text,
  close_time: text,
  telephone: text,
  mobile: text,
  address: text,
  province: text,
  district: text,
  sub_district: text,
  postcode: text,
  nearby_place: text,
  latitude: string(),
  longitude: string(),
  image: optional(nullable(string())),
  isActive: defaulted(enums(LOCATION_STATUSES), 'Active'),
});

function readLocation(body: unknown) {
  const raw = fieldsOf(body);
  // Coordinates may come as numbers from a map; they are kept as typed.
  const value = readBody(LocationBody, {
    ...raw,
    latitude: typeof raw.latitude === 'number' ? String(raw.latitude) : raw.latitude,
    longitude: typeof raw.longitude === 'number' ? String(raw.longitude) : raw.longitude,
  });
  const trimmed = Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as typeof value;
  const errors = validateLocation(trimmed);
  if (trimmed.postcode && !/^\d{5}$/.test(trimmed.postcode))
    errors.push({ field: 'postcode', message: MESSAGES.number });
  if (trimmed.open_time && !trimmed.close_time)
    errors.push({ field: 'close_time', message: MESSAGES.required });
  if (trimmed.close_time && !trimmed.open_time)
    errors.push({ field: 'open_time', message: MESSAGES.required });
  for (const field of ['province', 'district', 'sub_district'] as const)
    if (trimmed[field].length > 100) errors.push({ field, message: MESSAGES.maxLength(100) });
  if (errors.length > 0) throw new InvalidReply(errors);
  return trimmed;
}

function columns(v: ReturnType<typeof readLocation>) {
  return {
    name: v.name,
    openTime: v.open_time,
    closeTime: v.close_time,
    telephone: v.telephone,
    mobile: v.mobile,
    address: v.address,
    province: v.province,
    district: v.district,
    subDistrict: v.sub_district,
    postcode: v.postcode,
    nearbyPlace: v.nearby_place,
    latitude: v.latitude,
    longitude: v.longitude,
    image: v.image ?? null,
    isActive: v.isActive,
  };
}

async function find(ctx: AppContext, accountId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(locations)
    .where(and(eq(locations.accountId, accountId), eq(locations.id, id)))
    .limit(1);
  if (!row) throw new NotFound(NOT_FOUND);
  return row;
}

export function registerLocationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    scope.addHook('preHandler', async (request: FastifyRequest) => {
      // Sending a location into a chat is a chat action; the rest is automation.
      if (/\/send$/.test(request.url.split('?')[0])) await requireArea(ctx, request, 'chat', 'write');
      else await requireArea(ctx, request, 'automation', request.method === 'GET' ? 'read' : 'write');
    });

    scope.get('/api/location/list', async (request) => {
      const { accountId } = requireAccount(request.account);
      const q = fieldsOf(request.query);
      const search = optionalString(q, 'search', { max: 100 });
      const status = optionalString(q, 'status', { max: 20 });
      if (status && !(LOCATION_STATUSES as readonly string[]).includes(status))
        throw new Invalid('status', MESSAGES.required);
      const where = and(
        eq(locations.accountId, accountId),
        search ? ilike(locations.name, `%${escapeLike(search.trim())}%`) : undefined,
        status ? eq(locations.isActive, status as 'Active') : undefined,
      ) as SQL;
      const rows = await ctx.db
        .select()
        .from(locations)
        .where(where)
        .orderBy(desc(locations.createdAt))
        .limit(500);
      return { list: rows.map(locationToWire), total_count: rows.length };
    });

    scope.get('/api/location/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      return { location: locationToWire(await find(ctx, accountId, idParam(request.params, NOT_FOUND))) };
    });

    /** The reply messages that send this location (the console warns before it goes off or away). */
    scope.get('/api/location/:id/usage', async (request) => {
      const { accountId } = requireAccount(request.account);
      const row = await find(ctx, accountId, idParam(request.params, NOT_FOUND));
      return { replies: await locationUsage(ctx, accountId, row.id) };
    });

    scope.post('/api/location/create', async (request) => {
      const { accountId } = requireAccount(request.account);
      const { userId } = requireAuth(request.auth);
      const value = readLocation(request.body);
      const [row] = await ctx.db
        .insert(locations)
        .values({ id: newId(), accountId, createdBy: userId, ...columns(value) })
        .returning();
      return { location: locationToWire(row) };
    });

    scope.put('/api/location/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      const id = idParam(request.params, NOT_FOUND);
      const value = readLocation(request.body);
      const [row] = await ctx.db
        .update(locations)
        .set({ ...columns(value), updatedAt: new Date() })
        .where(and(eq(locations.accountId, accountId), eq(locations.id, id)))
        .returning();
      if (!row) throw new NotFound(NOT_FOUND);
      return { location: locationToWire(row) };
    });

    scope.delete('/api/location/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      const id = idParam(request.params, NOT_FOUND);
      const gone = await ctx.db
        .delete(locations)
        .where(and(eq(locations.accountId, accountId), eq(locations.id, id)))
        .returning({ id: locations.id });
      if (gone.length === 0) throw new NotFound(NOT_FOUND);
      return { deleted: 1 };
    });

    /** Sends the location into a chat as the agent (idempotent by tempId). */
    scope.post('/api/location/:id/send', async (request) => {
      const viewer = await viewerOf(ctx, request);
      const row = await find(ctx, viewer.accountId, idParam(request.params, NOT_FOUND));
      const body = fieldsOf(request.body);
      const sent = await sendReply(ctx, {
        accountId: viewer.accountId,
        followerId: requiredString(body, ['followerId', 'follower_id'], { max: 64 }),
        reply: { name: row.name, items: [{ type: 'location', locationId: row.id }], quickReplies: [] },
        fromType: 'agent',
        userId: viewer.userId,
        tempId: optionalString(body, ['tempId', 'temp_id'], { max: 100 }),
        canSeeQueue: (queueId) => seesQueue(viewer, queueId),
      });
      return { message: sent.message, follower: sent.follower };
    });
  });
}
