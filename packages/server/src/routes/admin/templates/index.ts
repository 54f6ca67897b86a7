import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/envelope.js';
import { addTemplate } from '../../../modules/templates/templates.js';
import { addSchema, type AddBody } from './schema.js';

export const adminTemplateRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: AddBody }>('/add', { schema: addSchema }, async (request) => ok(await addTemplate(app.db, request.body)));
};
