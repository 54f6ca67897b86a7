import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../../lib/envelope.js';
import { pageOf } from '../../../../lib/schemas.js';
import { getTemplate, listTemplates } from '../../../../modules/templates/templates.js';
import { detailSchema, listSchema, type DetailBody, type ListBody } from './schema.js';

/** The templates of the home page: no sign-in needed. */
export const sysVideoRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: ListBody }>('/list', { schema: listSchema }, async (request) => {
    const { page, pageSize, category } = request.body;
    const { list, total } = await listTemplates(app.db, { category }, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  app.post<{ Body: DetailBody }>('/detail', { schema: detailSchema }, async (request) => ok(await getTemplate(app.db, request.body.id)));
};
