import type { FastifyPluginAsync } from 'fastify';
import { addTemplate, codeBatches, codeList, createCodes, disableCode, grantPoints } from '@app/contract';
import { ok } from '../../lib/envelope.js';
import { serve } from '../../lib/contract-route.js';
import { pageOf } from '../../lib/page-of.js';
import { disableCode as disable, listCodes } from '../../modules/codes/code-admin.js';
import { createBatch, listBatches } from '../../modules/codes/code-batches.js';
import { grantPoints as grant } from '../../modules/points/admin-grant.js';
import { addTemplate as add } from '../../modules/templates/templates.js';

/** The operators' API (`/admin/api/*`, what `npm run admin` calls), not the app's. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  serve(app, createCodes, async (request) => {
    const { points, days, count, endsAt, note } = request.body;
    return ok(await createBatch(app.db, { points, days, count, note, endsAt: endsAt === 0 ? null : new Date(endsAt) }));
  });

  serve(app, codeBatches, async (request) => {
    const { page, pageSize } = request.body;
    const { list, total } = await listBatches(app.db, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  serve(app, codeList, async (request) => {
    const { page, pageSize, batchId } = request.body;
    const { list, total } = await listCodes(app.db, { batchId: batchId === undefined ? undefined : Number(batchId) }, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  serve(app, disableCode, async (request) => ok(await disable(app.db, request.body.code)));

  serve(app, grantPoints, async (request) => ok(await grant(app.db, request.body)));

  serve(app, addTemplate, async (request) => ok(await add(app.db, request.body)));
};
