import type { FastifyPluginAsync } from 'fastify';
import { changePassword, logoutAll, resetPassword } from '@app/contract';
import { ok } from '../../../../lib/envelope.js';
import { serve } from '../../../../lib/contract-route.js';
import { changePassword as change, logoutAll as endAll, resetPassword as reset } from '../../../../modules/accounts/password-change.js';
import { closingOf, toUserInfo } from '../../../../modules/accounts/user-info.js';

/** docs/api.md, 忘记密码 / 修改密码 / 退出所有设备: the password's own calls (modules/accounts/password-change.ts). */
export const passwordRoutes: FastifyPluginAsync = async (app) => {
  serve(app, resetPassword, async (request) => {
    const { user, token, welcomePoints, mustChangePassword } = await reset(app.db, request.body, app.config.sms !== undefined);
    return ok({ ...toUserInfo(user, token), welcomePoints, mustChangePassword, ...closingOf(user) });
  });

  serve(app, changePassword, async (request) => {
    const user = await change(app.db, request.user, request.token, request.body);
    return ok(toUserInfo(user, request.token));
  });

  serve(app, logoutAll, async (request) => {
    await endAll(app.db, request.user.id);
    return ok({});
  });
};
