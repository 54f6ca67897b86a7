import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/envelope.js';
import { pageOf } from '../../../lib/schemas.js';
import { disableCode, listCodes } from '../../../modules/codes/code-admin.js';
import { createBatch, listBatches } from '../../../modules/codes/code-batches.js';
import type { AdminPage } from '../admin-schemas.js';
import { batchesSchema, createSchema, disableSchema, listSchema, type CreateBody, type DisableBody, type ListBody } from './schema.js';

export const adminCodeRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: CreateBody }>('/create', { schema: createSchema }, async (request) => {
    const { points, days, count, endsAt, note } = request.body;
    return ok(await createBatch(app.db, { points, days, count, note, endsAt: endsAt === 0 ? null : new Date(endsAt) }));
  });

  app.post<{ Body: AdminPage }>('/batches', { schema: batchesSchema }, async (request) => {
    const { page, pageSize } = request.body;
    const { list, total } = await listBatches(app.db, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  app.post<{ Body: ListBody }>('/list', { schema: listSchema }, async (request) => {
    const { page, pageSize, batchId } = request.body;
    const { list, total } = await listCodes(app.db, { batchId: batchId === undefined ? undefined : Number(batchId) }, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  app.post<{ Body: DisableBody }>('/disable', { schema: disableSchema }, async (request) => ok(await disableCode(app.db, request.body.code)));
};
