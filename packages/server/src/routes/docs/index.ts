import type { FastifyPluginAsync } from 'fastify';

/** The OpenAPI document built from every route's schema. */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
};
