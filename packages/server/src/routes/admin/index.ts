import type { FastifyPluginAsync } from 'fastify';
import { isAdminToken } from '../../modules/admin/admin-token.js';
import { adminCodeRoutes } from './codes/index.js';
import { adminPointsRoutes } from './points/index.js';
import { adminTemplateRoutes } from './templates/index.js';

/**
 * The operators' API (what `npm run admin` calls), not the app's: a missing or wrong admin token
 * is a plain 401 `{ msg }`, checked before the body is even read.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (given === '' || !isAdminToken(given, app.adminToken)) {
      await reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ msg: given === '' ? '缺少管理令牌' : '管理令牌无效' });
      return reply;
    }
  });

  await app.register(adminCodeRoutes, { prefix: '/codes' });
  await app.register(adminPointsRoutes, { prefix: '/points' });
  await app.register(adminTemplateRoutes, { prefix: '/templates' });
};
