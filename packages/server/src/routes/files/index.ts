import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { stsPolicy } from '@app/contract';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/envelope.js';
import { DiskStore } from '../../modules/storage/disk-store.js';
import { issueUploadPolicy } from '../../modules/storage/issue-upload-policy.js';
import { embeddedStoreRoutes } from './embedded-store.js';

/**
 * `/server_api/oss/stsPolicy` (docs/api.md), and — when files live on this server rather
 * than in an S3 bucket — the embedded store's own `/files` endpoints.
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  serve(app, stsPolicy, async (request) =>
    ok(await issueUploadPolicy(app.db, app.storage, { userId: request.user.id, kind: request.body.kind })),
  );

  const store = app.storage;
  if (store instanceof DiskStore) {
    await app.register(async (files) => {
      // Multipart is parsed only here: every other route still takes JSON alone.
      await files.register(multipart);
      await files.register(embeddedStoreRoutes, { store });
    });
  }
};
