import { appPlugin } from '../lib/app-plugin.js';
import { loadOrCreateAdminToken } from '../modules/admin/admin-token.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bearer token of the admin API (`/admin/api/*`): ADMIN_TOKEN, else `<dataDir>/admin-token`. */
    adminToken: string;
  }
}

/** Settles the admin token at start, so the command line finds it as soon as the server is up. */
export const adminAccess = appPlugin('admin-access', async (app) => {
  if (app.config.adminToken !== undefined) {
    app.decorate('adminToken', app.config.adminToken);
    return;
  }
  const { token, file, created } = await loadOrCreateAdminToken(app.config.dataDir);
  if (created) app.log.info({ file }, 'admin token created (npm run admin reads it)');
  app.decorate('adminToken', token);
});
