import type { FastifyPluginAsync } from 'fastify';
import { versionInfo as versionCall } from '@app/contract';
import { ok } from '../../../../lib/envelope.js';
import { serve } from '../../../../lib/contract-route.js';
import { versionInfo } from './version-info.js';

export const versionRoutes: FastifyPluginAsync = async (app) => {
  serve(app, versionCall, async () => ok(versionInfo(app.config)));
};
