import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../../lib/envelope.js';
import { pageOf } from '../../../../lib/schemas.js';
import { listExchangeRecords } from '../../../../modules/codes/exchange-records.js';
import { redeemCode } from '../../../../modules/codes/redeem.js';
import { activateSchema, activationRecordsSchema, type ActivateBody, type RecordsBody } from './schema.js';

export const activationCodeRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: ActivateBody }>('/activate', { schema: activateSchema, preHandler: app.authenticate }, async (request) => {
    const redeemed = await redeemCode(app.db, request.user.id, request.body.code);
    return ok({
      points: redeemed.points,
      days: redeemed.days,
      createNum: redeemed.balance,
      expireTime: redeemed.memberUntil?.getTime() ?? 0,
    });
  });

  app.post<{ Body: RecordsBody }>('/activation_records', { schema: activationRecordsSchema, preHandler: app.authenticate }, async (request) => {
    const { page, pageSize } = request.body;
    const { list, total } = await listExchangeRecords(app.db, request.user.id, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });
};
