import type { FastifyPluginAsync } from 'fastify';
import { reportRemoteFailure } from '@app/contract';
import { ok } from '../../../../lib/envelope.js';
import { serve } from '../../../../lib/contract-route.js';
import { recordFailure } from '../../../../modules/remotes/reports.js';

/** Browsers report the remotes that failed to load on them (no login: a page may fail before one). */
export const remoteReportRoutes: FastifyPluginAsync = async (app) => {
  serve(app, reportRemoteFailure, async (request) => {
    await recordFailure(app.db, request.body, request.ip);
    request.log.warn({ remote: request.body.remote, version: request.body.version, page: request.body.page, kind: request.body.kind }, 'remote load failure reported');
    return ok({});
  });
};
