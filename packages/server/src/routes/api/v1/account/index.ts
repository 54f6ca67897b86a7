import type { FastifyPluginAsync } from 'fastify';
import { changeInfo, getAccountInfo, loginOrRegister, logout } from '@app/contract';
import { ok } from '../../../../lib/envelope.js';
import { serve } from '../../../../lib/contract-route.js';
import { loginOrRegister as signIn } from '../../../../modules/accounts/login-or-register.js';
import { changeProfile } from '../../../../modules/accounts/profile.js';
import { toUserInfo } from '../../../../modules/accounts/user-info.js';
import { revokeToken } from '../../../../modules/sessions/tokens.js';

/** docs/api.md, /api/v1/account/*: sign in or up, the signed-in user's info and profile, sign out. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  serve(app, loginOrRegister, async (request) => {
    const { welcomePoints, signupLimit } = app.config;
    const { user, token, welcomePoints: given } = await signIn(app.db, request.body, { welcomePoints, signupLimit, clientAddress: request.ip });
    return ok({ ...toUserInfo(user, token), welcomePoints: given });
  });

  serve(app, getAccountInfo, async (request) => ok(toUserInfo(request.user, request.token)));

  serve(app, changeInfo, async (request) => {
    const { nickname, name, avatar } = request.body;
    const user = await changeProfile({ db: app.db, store: app.storage, config: app.config }, request.user, { nickname, name, avatar });
    return ok(toUserInfo(user, request.token));
  });

  serve(app, logout, async (request) => {
    await revokeToken(app.db, request.token);
    return ok({});
  });
};
