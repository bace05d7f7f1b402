// What the auth layer learns about a request, for the routes behind it.
import type { AccountAccess } from '../accounts/profile';

export interface RequestAuth {
  userId: string;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api request except sign-in. */
    auth: RequestAuth | null;
    /** Set for every /api request that names an account with channel_id. */
    account: AccountAccess | null;
  }
}

export function requireAuth(auth: RequestAuth | null): RequestAuth {
  if (!auth) throw new Error('route reached without authentication');
  return auth;
}

export function requireAccount(account: AccountAccess | null): AccountAccess {
  if (!account) throw new Error('route reached without an account');
  return account;
}
