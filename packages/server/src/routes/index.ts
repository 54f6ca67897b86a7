import type { FastifyPluginAsync } from 'fastify';
import { versionRoutes } from './api/v1/version/index.js';
import { docsRoutes } from './docs/index.js';
import { fooRoutes } from './foo/index.js';
import { healthzRoutes } from './healthz/index.js';
import { remotesJsonRoutes } from './remotes-json/index.js';

/** Every route folder, each in its own encapsulated context. */
export const routes: FastifyPluginAsync = async (app) => {
  await app.register(healthzRoutes);
  await app.register(remotesJsonRoutes);
  await app.register(docsRoutes);
  await app.register(fooRoutes);
  await app.register(versionRoutes, { prefix: '/api/v1/version' });
};
