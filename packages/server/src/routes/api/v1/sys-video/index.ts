import type { FastifyPluginAsync } from 'fastify';
import { templateDetail, templateList } from '@app/contract';
import { ok } from '../../../../lib/envelope.js';
import { serve } from '../../../../lib/contract-route.js';
import { galleryPage, getTemplate } from '../../../../modules/templates/templates.js';

/** The templates of the home page: no sign-in needed. */
export const sysVideoRoutes: FastifyPluginAsync = async (app) => {
  serve(app, templateList, async (request) => {
    const { page, pageSize, category } = request.body;
    return ok(await galleryPage(app.db, app.config, category, page, pageSize));
  });

  serve(app, templateDetail, async (request) => ok(await getTemplate(app.db, app.config, request.body.id)));
};
