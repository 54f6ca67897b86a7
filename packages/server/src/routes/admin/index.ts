import type { FastifyPluginAsync } from 'fastify';
import {
  addMusicTrack,
  addTemplate,
  AUDIO_UPLOAD_MAX_SIZE,
  codeBatches,
  codeList,
  createCodes,
  disableCode,
  grantPoints,
  listMusicTracks,
  removeMusicTrack,
  TrackRefusal,
} from '@app/contract';
import { ok } from '../../lib/envelope.js';
import { serve } from '../../lib/contract-route.js';
import { pageOf } from '../../lib/page-of.js';
import { disableCode as disable, listCodes } from '../../modules/codes/code-admin.js';
import { createBatch, listBatches } from '../../modules/codes/code-batches.js';
import { grantPoints as grant } from '../../modules/points/admin-grant.js';
import { addTemplate as add } from '../../modules/templates/templates.js';
import { addTrack, listTracks, removeTrack } from '../../modules/music/music-tracks.js';
import { BusinessError } from '../../lib/errors.js';
import { RspCode } from '../../lib/envelope.js';
import { remotesAdminRoutes } from './remotes.js';
import { usersAdminRoutes } from './users.js';

/** The operators' API (`/admin/api/*`, what `npm run admin` calls), not the app's. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(remotesAdminRoutes);
  await app.register(usersAdminRoutes);

  serve(app, createCodes, async (request) => {
    const { points, days, count, endsAt, note } = request.body;
    return ok(await createBatch(app.db, { points, days, count, note, endsAt: endsAt === 0 ? null : new Date(endsAt) }));
  });

  serve(app, codeBatches, async (request) => {
    const { page, pageSize } = request.body;
    const { list, total } = await listBatches(app.db, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  serve(app, codeList, async (request) => {
    const { page, pageSize, batchId } = request.body;
    const { list, total } = await listCodes(app.db, { batchId: batchId === undefined ? undefined : Number(batchId) }, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  serve(app, disableCode, async (request) => ok(await disable(app.db, request.body.code)));

  serve(app, grantPoints, async (request) => ok(await grant(app.db, request.body)));

  serve(app, addTemplate, async (request) => ok(await add(app.db, app.config, request.body)));

  // `music add` sends the file itself as the body (up to 20 MiB, here only: every other call keeps
  // the 1 MiB JSON limit); the admin token is checked before a byte of it is read.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: AUDIO_UPLOAD_MAX_SIZE }, (_request, body, done) => done(null, body));
  serve(app, addMusicTrack, async (request) => {
    const bytes = request.body;
    if (!Buffer.isBuffer(bytes)) throw new BusinessError(RspCode.invalidParam, TrackRefusal.empty);
    const { title, mood } = request.query;
    return ok(await addTrack({ db: app.db, store: app.storage }, { title, mood, bytes }));
  });

  serve(app, listMusicTracks, async () => ok({ list: await listTracks(app.db, app.storage) }));

  serve(app, removeMusicTrack, async (request) => {
    await removeTrack({ db: app.db, store: app.storage }, Number(request.body.id));
    return ok({});
  });
};
