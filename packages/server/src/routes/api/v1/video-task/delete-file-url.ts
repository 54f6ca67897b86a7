import type { FastifyPluginAsync } from 'fastify';
import { envelopeSchema, ok } from '../../../../lib/envelope.js';
import { text, tokenProperty } from '../../../../lib/schemas.js';
import { deleteUserFile } from '../../../../modules/files/delete-user-file.js';

interface DeleteFileUrlBody {
  token?: string;
  url: string;
}

const deleteFileUrlSchema = {
  tags: ['video_task'],
  summary: '删除自己上传的文件',
  description:
    'Removes a file the caller uploaded (an image taken out of the uploader before submit): the object and its record. ' +
    'A URL this server did not issue, an unknown key, another user\'s file, or a video/cover (they go with their task): ' +
    'rspCode 4 `文件不存在`. A file still in use (an image of a live task, the current avatar): rspCode 5.',
  body: {
    type: 'object',
    required: ['url'],
    properties: { token: tokenProperty, url: text('文件地址', { min: 1, max: 2048 }) },
  },
  response: { 200: envelopeSchema({ type: 'object', properties: {} }) },
} as const;

/** `/api/v1/video_task/delete_file_url` (docs/api.md). */
export const deleteFileUrlRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Body: DeleteFileUrlBody }>(
    '/delete_file_url',
    { schema: deleteFileUrlSchema, preHandler: app.authenticate },
    async (request) => {
      await deleteUserFile({ db: app.db, store: app.storage, config: app.config }, request.user.id, request.body.url);
      return ok({});
    },
  );
};
