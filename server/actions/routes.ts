// Issue 16 on the server: the actions runtime (hooks.ts, registered on import), the external API
// connections and customer verification, each with its own routes.
import type { FastifyInstance } from 'fastify';
import { registerApiConnectionRoutes } from '../apiConnections/routes';
import type { AppContext } from '../context';
import { registerVerificationRoutes } from '../verification/routes';
import './hooks';

export function registerActionRoutes(app: FastifyInstance, ctx: AppContext) {
  registerApiConnectionRoutes(app, ctx);
  registerVerificationRoutes(app, ctx);
}
