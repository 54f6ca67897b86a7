import type { FastifyPluginAsync } from 'fastify';
import { remotesJson } from '@app/contract';
import { serve } from '../../lib/contract-route.js';

/**
 * Where the shell finds each remote at run time, from the remotes registry (plugins/remotes-registry):
 * a change made there is answered here within a second or two, without a restart.
 */
export const remotesJsonRoutes: FastifyPluginAsync = async (app) => {
  serve(app, remotesJson, async (request, reply) => {
    // Re-read on every start of the shell: a redeployed remote must be picked up at once.
    reply.header('cache-control', 'no-cache');
    const entries = app.remotes.entriesFor(request.query.device);
    // Tells the shell whether it may follow a page's `?remote.<name>=` (ALLOW_REMOTE_OVERRIDE).
    return app.config.allowRemoteOverride ? { ...entries, overrides: true as const } : entries;
  });
};
