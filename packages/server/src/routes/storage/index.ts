import type { FastifyPluginAsync } from 'fastify';

// Filled in by the issue that builds this area (see routes/index.ts for its prefix).
export const storageRoutes: FastifyPluginAsync = async () => {};
