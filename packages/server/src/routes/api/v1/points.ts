import type { FastifyPluginAsync } from 'fastify';
import { activate, activationRecords, pointsRecords } from '@app/contract';
import { ok } from '../../../lib/envelope.js';
import { serve } from '../../../lib/contract-route.js';
import { pageOf } from '../../../lib/page-of.js';
import { listExchangeRecords } from '../../../modules/codes/exchange-records.js';
import { redeemCode } from '../../../modules/codes/redeem.js';
import { listPointsRecords } from '../../../modules/points/points-records.js';

/** docs/api.md: redeeming activation codes, and the exchange and points records. */
export const pointsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, activate, async (request) => {
    const redeemed = await redeemCode(app.db, request.user.id, request.body.code);
    return ok({
      points: redeemed.points,
      days: redeemed.days,
      createNum: redeemed.balance,
      expireTime: redeemed.memberUntil?.getTime() ?? 0,
    });
  });

  serve(app, activationRecords, async (request) => {
    const { page, pageSize } = request.body;
    const { list, total } = await listExchangeRecords(app.db, request.user.id, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  serve(app, pointsRecords, async (request) => {
    const { page, pageSize } = request.body;
    const { list, total } = await listPointsRecords(app.db, request.user.id, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });
};
