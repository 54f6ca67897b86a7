import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../../lib/envelope.js';
import { pageOf } from '../../../../lib/schemas.js';
import { listPointsRecords } from '../../../../modules/points/points-records.js';
import { pointsRecordsSchema, type ListBody } from './schema.js';

export const creditConsumptionRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: ListBody }>('/list', { schema: pointsRecordsSchema, preHandler: app.authenticate }, async (request) => {
    const { page, pageSize } = request.body;
    const { list, total } = await listPointsRecords(app.db, request.user.id, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });
};
