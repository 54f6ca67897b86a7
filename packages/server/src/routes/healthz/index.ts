import type { FastifyPluginAsync } from 'fastify';
import { runHealthChecks } from '../../plugins/health-checks.js';
import { healthzSchema } from './schema.js';

export const healthzRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: healthzSchema }, async (request, reply) => {
    const errors = await runHealthChecks(app.healthChecks);
    if (errors.length === 0) return { status: 'ok' };
    for (const err of errors) request.log.error({ err }, 'health check failed');
    return reply.code(503).send({ status: 'unavailable' });
  });
};
