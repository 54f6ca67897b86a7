import type { FastifyPluginAsync } from 'fastify';
import { changeInfo, getAccountInfo, loginOrRegister, logout, sendCode } from '@app/contract';
import { ok } from '../../../../lib/envelope.js';
import { serve } from '../../../../lib/contract-route.js';
import { loginOrRegister as signIn } from '../../../../modules/accounts/login-or-register.js';
import { changeProfile } from '../../../../modules/accounts/profile.js';
import { closingOf, toUserInfo } from '../../../../modules/accounts/user-info.js';
import { revokeToken } from '../../../../modules/sessions/tokens.js';
import { backgroundSendsSettled, CODE_SENT, sendCode as sendSmsCode, SMS_UNAVAILABLE } from '../../../../modules/sms/sms-codes.js';
import { createSmsSender } from '../../../../modules/sms/create-sender.js';
import { BusinessError } from '../../../../lib/errors.js';
import { passwordRoutes } from './password.js';
import { RspCode } from '../../../../lib/envelope.js';

/** docs/api.md, /api/v1/account/*: sign in or up (by password or SMS code), the signed-in user's info and profile, sign out. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(passwordRoutes);
  // One client for the process: the SDKs keep their connections.
  const sms = app.config.sms && createSmsSender(app.config.sms);
  // Codes for reset and delete go out after their answer (modules/sms/sms-codes.ts): let them finish.
  app.addHook('onClose', () => backgroundSendsSettled(app.db));

  serve(app, loginOrRegister, async (request) => {
    const { welcomePoints, signupLimit } = app.config;
    const signedIn = await signIn(app.db, request.body, { welcomePoints, signupLimit, clientAddress: request.ip, smsEnabled: sms !== undefined });
    const { user, token } = signedIn;
    return ok({
      ...toUserInfo(user, token),
      welcomePoints: signedIn.welcomePoints,
      mustChangePassword: signedIn.mustChangePassword,
      ...closingOf(user),
    });
  });

  serve(app, sendCode, async (request) => {
    if (!sms) throw new BusinessError(RspCode.failed, SMS_UNAVAILABLE);
    await sendSmsCode(app.db, sms, { ...request.body, clientAddress: request.ip }, request.log);
    return ok({ msg: CODE_SENT });
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
