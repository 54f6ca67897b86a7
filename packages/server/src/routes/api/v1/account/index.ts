import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../../lib/envelope.js';
import { loginOrRegister, type Credentials } from '../../../../modules/accounts/login-or-register.js';
import { changeProfile, type ProfileChanges } from '../../../../modules/accounts/profile.js';
import { toUserInfo } from '../../../../modules/accounts/user-info.js';
import { revokeToken } from '../../../../modules/sessions/tokens.js';
import { changeInfoSchema, getAccountInfoSchema, loginOrRegisterSchema, logoutSchema } from './schema.js';

/** docs/api.md, /api/v1/account/*: sign in or up, the signed-in user's info and profile, sign out. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: Credentials }>('/login_or_register', { schema: loginOrRegisterSchema }, async (request) => {
    const { welcomePoints, signupLimit } = app.config;
    const { user, token } = await loginOrRegister(app.db, request.body, { welcomePoints, signupLimit, clientAddress: request.ip });
    return ok(toUserInfo(user, token));
  });

  app.post('/getAccountInfo', { schema: getAccountInfoSchema, preHandler: app.authenticate }, async (request) =>
    ok(toUserInfo(request.user, request.token)),
  );

  app.post<{ Body: ProfileChanges }>('/change_info', { schema: changeInfoSchema, preHandler: app.authenticate }, async (request) => {
    const { nickname, name, avatar } = request.body;
    const user = await changeProfile({ db: app.db, store: app.storage, config: app.config }, request.user, { nickname, name, avatar });
    return ok(toUserInfo(user, request.token));
  });

  app.post('/logout', { schema: logoutSchema, preHandler: app.authenticate }, async (request) => {
    await revokeToken(app.db, request.token);
    return ok({});
  });
};
