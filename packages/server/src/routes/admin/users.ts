import type { FastifyPluginAsync } from 'fastify';
import { resetUserPassword, showUser } from '@app/contract';
import { ok } from '../../lib/envelope.js';
import { serve } from '../../lib/contract-route.js';
import { describeUser, issueOneTimePassword } from '../../modules/accounts/password-change.js';

/** `npm run admin -- users show|reset-password PHONE` (README "When a user is locked out"). */
export const usersAdminRoutes: FastifyPluginAsync = async (app) => {
  serve(app, showUser, async (request) => {
    const { user, videos, sessions } = await describeUser(app.db, request.body.phone);
    return ok({
      id: String(user.id),
      phone: user.phone,
      nickname: user.nickname,
      points: user.points,
      memberUntil: user.memberUntil?.getTime() ?? 0,
      createdAt: user.createdAt.getTime(),
      hasPassword: user.hasPassword,
      mustChangePassword: user.passwordMustChange,
      smsLogin: app.config.sms !== undefined,
      sessions,
      videos,
    });
  });

  serve(app, resetUserPassword, async (request) => {
    const { phone } = request.body;
    return ok({ phone, password: await issueOneTimePassword(app.db, phone) });
  });
};
