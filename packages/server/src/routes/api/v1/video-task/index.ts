import type { FastifyPluginAsync } from 'fastify';
import { deleteFileUrlRoute } from './delete-file-url.js';

/** `/api/v1/video_task/*` (API.md "Video tasks"); the task calls come with the generation issue. */
export const videoTaskRoutes: FastifyPluginAsync = async (app) => {
  await app.register(deleteFileUrlRoute);
};
