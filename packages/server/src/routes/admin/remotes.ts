import type { FastifyPluginAsync } from 'fastify';
import { createDeployToken, listRemotes, promoteRemote, rollbackRemote, setRemote } from '@app/contract';
import { ok, RspCode } from '../../lib/envelope.js';
import { serve } from '../../lib/contract-route.js';
import { BusinessError } from '../../lib/errors.js';
import { GateRefusal } from '../../modules/remotes/gate.js';
import { createDeployToken as newToken, type RemoteState } from '../../modules/remotes/registry.js';
import { recentFailures } from '../../modules/remotes/reports.js';

const view = ({ releaseId: _, ...state }: RemoteState) => state;

/** The remotes registry (`npm run admin -- remotes …`): set, promote and roll back take a deploy token too. */
export const remotesAdminRoutes: FastifyPluginAsync = async (app) => {
  serve(app, listRemotes, async () => ok({ list: app.remotes.states().map(view), failures: await recentFailures(app.db) }));

  serve(app, setRemote, async (request) => {
    try {
      const state = await app.remotes.set(request.params.name, request.body.url, request.body.percent, request.remotesActor ?? 'admin');
      request.log.info({ remote: state.name, url: state.url, version: state.version, canary: state.canary, by: state.setBy }, 'remote set');
      return ok(view(state));
    } catch (error) {
      if (error instanceof GateRefusal) throw new BusinessError(RspCode.invalidParam, `未通过兼容检查：${error.problems.join('；')}`);
      throw error;
    }
  });

  serve(app, promoteRemote, async (request) => {
    const state = await app.remotes.promote(request.params.name, request.remotesActor ?? 'admin');
    request.log.info({ remote: state.name, url: state.url, version: state.version, by: state.setBy }, 'remote promoted');
    return ok(view(state));
  });

  serve(app, rollbackRemote, async (request) => {
    const state = await app.remotes.rollback(request.params.name, request.remotesActor ?? 'admin');
    request.log.info({ remote: state.name, url: state.url, version: state.version, by: state.setBy }, 'remote rolled back');
    return ok(view(state));
  });

  serve(app, createDeployToken, async (request) => ok({ token: await newToken(app.db, request.params.name) }));
};
