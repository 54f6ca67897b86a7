import type { FastifyPluginAsync } from 'fastify';
import { remotesJson } from '@app/contract';
import { serve } from '../../lib/contract-route.js';

/** Where the shell finds each remote at run time, so a remote can be deployed on its own. */
export const remotesJsonRoutes: FastifyPluginAsync = async (app) => {
  serve(app, remotesJson, async (_request, reply) => {
    // Re-read on every start of the shell: a redeployed remote must be picked up at once.
    reply.header('cache-control', 'no-cache');
    return app.config.remoteUrls;
  });
};
