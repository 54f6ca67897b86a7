import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../../lib/envelope.js';
import { versionInfoSchema } from './schema.js';
import { versionInfo } from './version-info.js';

export const versionRoutes: FastifyPluginAsync = async (app) => {
  app.get('/get_version_info', { schema: versionInfoSchema }, async () => ok(versionInfo));
};
