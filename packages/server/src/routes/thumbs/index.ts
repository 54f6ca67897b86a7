import { createHash } from 'node:crypto';
import { serveThumbnail, ThumbnailRefusal } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/contract-route.js';
import { cacheControlOf } from '../../modules/storage/cache-control.js';
import { CONTENT_TYPES, getThumbnail, NotAPictureError, parseThumbnailPath, thumbnailKey } from '../../modules/storage/thumbnails.js';

/**
 * `GET|HEAD /thumbs/<key>/<width>.<format>` (docs/api.md): a stored cover as a right-sized WebP or
 * JPEG, whichever store holds it (made on the first request when it was not made with the cover).
 */
export const thumbnailRoutes: FastifyPluginAsync = async (app) => {
  serve(
    app,
    serveThumbnail,
    async (request, reply) => {
      const spec = parseThumbnailPath(request.params['*']);
      if (!spec) return reply.code(404).send({ msg: ThumbnailRefusal.badSize });
      let bytes: Buffer | null;
      try {
        bytes = await getThumbnail(app.storage, spec);
      } catch (error) {
        if (!(error instanceof NotAPictureError)) throw error;
        request.log.warn({ err: error, key: spec.key }, 'no thumbnail: the file is not a picture');
        return reply.code(404).send({ msg: ThumbnailRefusal.notImage });
      }
      if (!bytes) return reply.code(404).send({ msg: ThumbnailRefusal.notFound });

      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
      reply
        .header('cache-control', cacheControlOf(thumbnailKey(spec)))
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // Pages on another origin show these (an API on a host of its own), as /files does.
        .header('cross-origin-resource-policy', 'cross-origin');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')))) return reply.code(304).send();
      reply.header('content-type', CONTENT_TYPES[spec.format]).header('content-length', bytes.length);
      return request.method === 'HEAD' ? reply.send() : reply.send(bytes);
    },
    { methods: ['GET', 'HEAD'] },
  );
};
