import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './admin/index.js';
import { accountRoutes } from './api/v1/account/index.js';
import { activationCodeRoutes } from './api/v1/activation-code/index.js';
import { creditConsumptionRoutes } from './api/v1/credit-consumption/index.js';
import { sysVideoRoutes } from './api/v1/sys-video/index.js';
import { versionRoutes } from './api/v1/version/index.js';
import { videoTaskRoutes } from './api/v1/video-task/index.js';
import { docsRoutes } from './docs/index.js';
import { fooRoutes } from './foo/index.js';
import { healthzRoutes } from './healthz/index.js';
import { remotesJsonRoutes } from './remotes-json/index.js';
import { fileRoutes } from './files/index.js';

/** Every route folder, each in its own encapsulated context. */
export const routes: FastifyPluginAsync = async (app) => {
  await app.register(healthzRoutes);
  await app.register(remotesJsonRoutes);
  await app.register(docsRoutes);
  await app.register(fooRoutes);
  await app.register(versionRoutes, { prefix: '/api/v1/version' });
  await app.register(accountRoutes, { prefix: '/api/v1/account' });
  await app.register(activationCodeRoutes, { prefix: '/api/v1/activationCode' });
  await app.register(creditConsumptionRoutes, { prefix: '/api/v1/credit_consumption' });
  await app.register(sysVideoRoutes, { prefix: '/api/v1/sysVideo' });
  await app.register(videoTaskRoutes, { prefix: '/api/v1/video_task' });
  // /server_api/oss/stsPolicy, and the embedded store's /files/* (signed uploads, downloads).
  await app.register(fileRoutes);
  await app.register(adminRoutes, { prefix: '/admin/api' });
};
