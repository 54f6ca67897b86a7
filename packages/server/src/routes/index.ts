import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './admin/index.js';
import { aiRoutes } from './api/v1/ai.js';
import { accountRoutes } from './api/v1/account/index.js';
import { accountClosingRoutes } from './api/v1/account/closing.js';
import { pointsRoutes } from './api/v1/points.js';
import { sysVideoRoutes } from './api/v1/sys-video/index.js';
import { versionRoutes } from './api/v1/version/index.js';
import { videoTaskRoutes } from './api/v1/video-task/index.js';
import { docsRoutes } from './docs/index.js';
import { fooRoutes } from './foo/index.js';
import { healthzRoutes } from './healthz/index.js';
import { remotesJsonRoutes } from './remotes-json/index.js';
import { remoteReportRoutes } from './api/v1/remotes/index.js';
import { fileRoutes } from './files/index.js';
import { thumbnailRoutes } from './thumbs/index.js';
import { pageRoutes } from './pages/index.js';

/**
 * JSON answers of 1 KiB and more are compressed on the fly (br, else gzip) for a client that
 * accepts it; smaller ones are not worth it. Only JSON: stored files and videos (`/files/…`, with
 * their ranges) go as they are, and the AI writer's event stream is hijacked past these hooks. The
 * built apps are not in this context: their files are compressed at build time
 * (plugins/static-apps.ts). Request bodies are never decompressed.
 */
export const COMPRESS_OPTIONS = {
  global: true,
  globalDecompression: false,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  customTypes: /^application\/(?:[\w.-]+\+)?json(?:;|$)/,
} as const;

/** Every route folder, each in its own encapsulated context. */
export const routes: FastifyPluginAsync = async (app) => {
  await app.register(compress, { ...COMPRESS_OPTIONS, encodings: [...COMPRESS_OPTIONS.encodings] });
  await app.register(healthzRoutes);
  await app.register(remotesJsonRoutes);
  await app.register(docsRoutes);
  await app.register(fooRoutes);
  // Each call's path, schemas and access come from @app/contract.
  await app.register(versionRoutes);
  await app.register(accountRoutes);
  await app.register(accountClosingRoutes);
  await app.register(pointsRoutes);
  await app.register(sysVideoRoutes);
  await app.register(videoTaskRoutes);
  await app.register(aiRoutes);
  await app.register(remoteReportRoutes);
  // /server_api/oss/stsPolicy, and the embedded store's /files/* (signed uploads, downloads).
  await app.register(fileRoutes);
  // /thumbs/*: covers as right-sized WebP or JPEG, from either store.
  await app.register(thumbnailRoutes);
  await app.register(adminRoutes);
  // The server's own pages: /s/<token> (a shared video), /legal/* (用户协议, 隐私政策).
  await app.register(pageRoutes);
};
