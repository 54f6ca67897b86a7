import type { FastifyPluginAsync } from 'fastify';
import { healthz } from '@app/contract';
import { serve } from '../../lib/contract-route.js';
import { runHealthChecks } from '../../plugins/health-checks.js';

export const healthzRoutes: FastifyPluginAsync = async (app) => {
  serve(app, healthz, async (request, reply) => {
    const errors = await runHealthChecks(app.healthChecks);
    if (errors.length === 0) return { status: 'ok' };
    for (const err of errors) request.log.error({ err }, 'health check failed');
    return reply.code(503).send({ status: 'unavailable' });
  });
};
