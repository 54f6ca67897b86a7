import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/envelope.js';
import { grantPoints } from '../../../modules/points/admin-grant.js';
import { grantSchema, type GrantBody } from './schema.js';

export const adminPointsRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: GrantBody }>('/grant', { schema: grantSchema }, async (request) => ok(await grantPoints(app.db, request.body)));
};
