// A fake external API on loopback for the actions, API connection and verification tests: a
// loyalty service with customers, their points and recent orders, a membership check, and the
// bad behaviours a real API has (slow, huge, failing, echoing what it was sent).
import { type FakeServer, route, startFakeServer } from './fakePlatforms/server';

export const API_KEY = 'sk_live_fake_51HxSecretValue';

export interface FakeCustomer {
  name: string;
  /** For addresses built from it (an avatar at /avatars/{slug}.png). */
  slug: string;
  points: number;
  tier: string;
  phone: string;
  member_no: string;
  avatar: string;
  orders: { id: string; title: string; link: string; image: string }[];
}

export interface FakeApi extends FakeServer {
  customers: Map<string, FakeCustomer>;
}

export function customer(
  name: string,
  points: number,
  phone: string,
  extra: Partial<FakeCustomer> = {},
): FakeCustomer {
  const slug = name.toLowerCase();
  return {
    name,
    slug,
    points,
    tier: points >= 1000 ? 'gold' : 'silver',
    phone,
    member_no: `M-${phone.slice(-4)}`,
    avatar: `https://cdn.example.com/avatars/${slug}.png`,
    orders: [1, 2, 3, 4].map((n) => ({
      id: `${slug}-${n}`,
      title: `${name} order ${n}`,
      link: `https://shop.example.com/orders/${slug}-${n}`,
      image: `https://cdn.example.com/orders/${slug}-${n}.png`,
    })),
    ...extra,
  };
}

export async function startFakeApi(): Promise<FakeApi> {
  const customers = new Map<string, FakeCustomer>();
  const authorized = (headers: Record<string, unknown>) => headers['x-api-key'] === API_KEY;
  const fake = await startFakeServer([
    // GET /customers/{user id}: the customer's profile, points and latest orders.
    route('GET', '/customers/:id', (r, p) => {
      if (!authorized(r.headers)) return { status: 401, json: { error: 'bad key' } };
      const found = customers.get(p.id);
      if (!found) return { status: 404, json: { error: 'unknown customer' } };
      return { json: { ...found, lang: r.query.get('lang') } };
    }),
    // POST /members/check: is this phone (and member number, when given) a member?
    route('POST', '/members/check', (r) => {
      if (!authorized(r.headers)) return { status: 401, json: { error: 'bad key' } };
      const body = (r.body ?? {}) as { phone?: string; member_no?: string; user_id?: string };
      const found = [...customers.values()].find(
        (c) => c.phone === body.phone && (!body.member_no || body.member_no === c.member_no),
      );
      if (!found) return { json: { verified: false } };
      return {
        json: {
          verified: true,
          customer_id: found.member_no,
          customer_type: found.tier,
          tags: [`tier-${found.tier}`, 'member'],
          for_user: body.user_id,
        },
      };
    }),
    // Answers after 7 s: longer than the server waits.
    route('GET', '/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      return { json: { late: true } };
    }),
    // Half a megabyte of JSON: more than the server reads.
    route('GET', '/huge', () => ({ json: { blob: 'x'.repeat(512 * 1024) } })),
    // Sends back every header and the body it was given (a careless API that echoes secrets).
    route('POST', '/echo', (r) => ({ json: { headers: r.headers, body: r.body } })),
    route('GET', '/echo', (r) => ({ json: { headers: r.headers, query: Object.fromEntries(r.query) } })),
    route('GET', '/broken', () => ({ status: 503, json: { error: 'maintenance' } })),
  ]);
  return Object.assign(fake, { customers });
}
