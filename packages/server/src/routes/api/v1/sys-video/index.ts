import type { FastifyPluginAsync } from 'fastify';
import { templateDetail, templateList } from '@app/contract';
import { ok } from '../../../../lib/envelope.js';
import { serve } from '../../../../lib/contract-route.js';
import { pageOf } from '../../../../lib/page-of.js';
import { getTemplate, listTemplates, templateGallery } from '../../../../modules/templates/templates.js';

/** The templates of the home page: no sign-in needed. */
export const sysVideoRoutes: FastifyPluginAsync = async (app) => {
  serve(app, templateList, async (request) => {
    const { page, pageSize, category } = request.body;
    const [{ list, total }, gallery] = await Promise.all([listTemplates(app.db, app.config, { category }, page, pageSize), templateGallery(app.db)]);
    return ok({ ...pageOf(list, total, page, pageSize), ...gallery });
  });

  serve(app, templateDetail, async (request) => ok(await getTemplate(app.db, app.config, request.body.id)));
};
