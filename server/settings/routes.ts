// Account settings (docs/api.md "Settings"): general, tags, chat groups. The users and roles
// pages are server/team; contact fields are server/contacts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerGeneralSettingsRoutes } from './general';
import { registerQueueSettingsRoutes } from './queues';
import { registerTagSettingsRoutes } from './tags';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  registerGeneralSettingsRoutes(app, ctx);
  registerTagSettingsRoutes(app, ctx);
  registerQueueSettingsRoutes(app, ctx);
}
