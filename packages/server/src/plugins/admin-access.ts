import type { FastifyReply, FastifyRequest } from 'fastify';
import { appPlugin } from '../lib/app-plugin.js';
import { isAdminToken, loadOrCreateAdminToken } from '../modules/admin/admin-token.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bearer token of the admin API (`/admin/api/*`): ADMIN_TOKEN, else `<dataDir>/admin-token`. */
    adminToken: string;
    /**
     * onRequest hook of every operators' call (contract access `admin`): a missing or wrong admin
     * token is a plain 401 `{ msg }`, answered before the body is even read.
     */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
}

/** Settles the admin token at start, so the command line finds it as soon as the server is up. */
export const adminAccess = appPlugin('admin-access', async (app) => {
  if (app.config.adminToken !== undefined) {
    app.decorate('adminToken', app.config.adminToken);
  } else {
    const { token, file, created } = await loadOrCreateAdminToken(app.config.dataDir);
    if (created) app.log.info({ file }, 'admin token created (npm run admin reads it)');
    app.decorate('adminToken', token);
  }

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (given !== '' && isAdminToken(given, app.adminToken)) return undefined;
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer')
      .send({ msg: given === '' ? '缺少管理令牌' : '管理令牌无效' });
  });
});
