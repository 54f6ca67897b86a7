import { serveFile, upload, UploadRefusal } from '@app/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { serve } from '../../lib/contract-route.js';
import { isPublicKey } from '../../modules/files/file-urls.js';
import { receiveUpload, UploadRefusedError, type UploadPart } from '../../modules/storage/disk-upload.js';
import type { DiskStore } from '../../modules/storage/disk-store.js';
import { AUDIO_UPLOAD_LIMITS, UPLOAD_LIMITS } from '../../modules/storage/store.js';
import { openStoredFile } from '../../modules/storage/stored-files.js';
import { sendStoredFile } from './send-stored-file.js';

/** The largest file any policy allows (an audio upload's); each policy's own range is checked as the bytes arrive. */
const LARGEST_UPLOAD = Math.max(UPLOAD_LIMITS.maxSize, AUDIO_UPLOAD_LIMITS.maxSize);
/** Room for the form fields and multipart framing around a file of the largest allowed size. */
const FORM_ALLOWANCE = 64 * 1024;
/** How much of a refused body is read and thrown away, so the client gets its 403, before hanging up. */
const DISCARD_LIMIT = 2 * LARGEST_UPLOAD;

/**
 * The embedded store's endpoints: `POST /files` takes uploads signed by its policies (the
 * policy's `host`), `GET|HEAD /files/<key>` serves what it holds. Needs @fastify/multipart
 * registered on the same instance.
 */
export const embeddedStoreRoutes: FastifyPluginAsync<{ store: DiskStore }> = async (app, { store }) => {
  serve(app, upload, async (request, reply) => {
    // A body that cannot hold an allowed file is refused before a byte of it is read.
    const declaredLength = Number(request.headers['content-length'] ?? 0);
    const refusal = !request.isMultipart()
      ? UploadRefusal.malformed
      : declaredLength > LARGEST_UPLOAD + FORM_ALLOWANCE
        ? UploadRefusal.tooLarge
        : undefined;
    if (refusal) return refuse(request, reply, refusal);
    try {
      await receiveUpload({ db: app.db, store }, multipartParts(request));
    } catch (error) {
      if (error instanceof UploadRefusedError) return refuse(request, reply, error.msg);
      throw error;
    }
    return reply.code(204).send();
  });

  // HEAD declared with GET, not left to Fastify's automatic HEAD route: that one would read the
  // whole file to throw it away and would not keep the Content-Length.
  serve(
    app,
    serveFile,
    async (request, reply) => {
      const key = request.params['*'];
      // Decoded already: `%2e%2e%2f` arrives as `../` and fails like the plain form.
      // An export is the owner's alone: only its signed link serves it (isPublicKey).
      const file = isPublicKey(key) ? await openStoredFile(app.db, store, key) : null;
      if (!file) return reply.code(404).send({ msg: '文件不存在' });
      return sendStoredFile(request, reply, file);
    },
    { methods: ['GET', 'HEAD'] },
  );
};

/**
 * 403 `{ msg }`. A refusal can come before the body has been read (a file too large, a bad policy
 * before the file): the parser then stops reading, and the client, still sending, would hold the
 * connection open for good. So the rest is read and dropped — up to a limit, past which the
 * connection is cut — and the connection is not kept for another request.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, msg: string): FastifyReply {
  const body = request.raw;
  if (!body.complete) {
    body.unpipe();
    let discarded = 0;
    body.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_LIMIT) body.destroy();
    });
    body.resume();
  }
  return reply.code(403).header('connection', 'close').send({ msg });
}

/**
 * The request's parts as modules/storage reads them. Busboy stops keeping a file one byte past
 * the maximum (so receiveUpload sees it is too large) and refuses more than one file or a handful
 * of fields; a body it cannot parse is a malformed upload.
 */
async function* multipartParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  const parts = request.parts({
    limits: { fileSize: LARGEST_UPLOAD + 1, files: 1, fields: 8, parts: 10, fieldSize: 16 * 1024, headerPairs: 20 },
  });
  for (;;) {
    let next: Awaited<ReturnType<typeof parts.next>>;
    try {
      next = await parts.next();
    } catch {
      throw new UploadRefusedError(UploadRefusal.malformed);
    }
    if (next.done) return;
    const part = next.value;
    yield part.type === 'file'
      ? { type: 'file', name: part.fieldname, mimetype: part.mimetype, stream: part.file }
      : { type: 'field', name: part.fieldname, value: String(part.value), truncated: part.valueTruncated };
  }
}
