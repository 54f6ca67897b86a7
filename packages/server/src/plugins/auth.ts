import { MUST_CHANGE_PASSWORD, ONE_TIME_PASSWORD_PATHS, RspMsg } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail, RspCode } from '../lib/envelope.js';
import { appPlugin } from '../lib/app-plugin.js';
import { resolveToken, type UserRow } from '../modules/sessions/tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of every signed-in route: sets `request.user`, or answers rspCode 6. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow;
    /** The token the caller signed in with. */
    token: string;
  }
}

/** The token from the body (the app puts it there, docs/product.md "Request wrapper") or `Authorization: Bearer`. */
export function tokenOf(request: FastifyRequest): string {
  const body = request.body as { token?: unknown } | undefined;
  if (body && typeof body.token === 'string' && body.token !== '') return body.token;
  // The scheme is case-insensitive (RFC 7235 §2.1): `bearer x` is as good as `Bearer x`.
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? '';
}

export const auth = appPlugin('auth', async (app) => {
  app.decorateRequest('user', null as unknown as UserRow);
  app.decorateRequest('token', '');
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request);
    const user = token ? await resolveToken(app.db, token) : null;
    if (!user) {
      await reply.code(200).send(fail(RspCode.notSignedIn, RspMsg.notSignedIn));
      return reply;
    }
    // Signed in with an operator's one-time password: nothing but setting a new one (docs/api.md,
    // /api/v1/account/login_or_register), so the password a third person read out is replaced first.
    if (user.passwordMustChange && !(ONE_TIME_PASSWORD_PATHS as readonly string[]).includes(request.routeOptions.url ?? '')) {
      await reply.code(200).send(fail(RspCode.notAllowed, MUST_CHANGE_PASSWORD));
      return reply;
    }
    request.user = user;
    request.token = token;
  });
});
