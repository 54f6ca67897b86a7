import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../../modules/storage/stored-files.js';

/**
 * Answers GET/HEAD of a stored file as a CDN would: its caching (an hour for users' files, a year
 * for template samples: storage/cache-control), validators and conditional 304s, and byte
 * ranges (browsers seek in MP4 videos with them). One range answers 206; a range past the end,
 * 416; anything this does not serve as a range (several ranges, bad syntax, a stale If-Range) gets
 * the whole file, as RFC 9110 allows.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile): Promise<FastifyReply> {
  const etag = `"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
  const lastModified = new Date(Math.floor(file.mtime.getTime() / 1000) * 1000);
  reply
    .header('cache-control', file.cacheControl)
    .header('etag', etag)
    .header('last-modified', lastModified.toUTCString())
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    // Pages on another origin show these (an API on a host of its own: remote-create/src/lib/file-url.ts).
    .header('cross-origin-resource-policy', 'cross-origin');

  if (isNotModified(request, etag, lastModified)) return reply.code(304).send();

  const range = rangeOf(request, etag, lastModified, file.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send({ msg: '请求的范围无效' });
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
  reply.header('content-type', file.contentType).header('content-length', end - start + 1);
  if (request.method === 'HEAD' || file.size === 0) return reply.send();
  return reply.send(createReadStream(file.path, { start, end }));
}

/** If-None-Match (weak comparison), else If-Modified-Since. */
function isNotModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const trimmed = tag.trim();
      return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
    });
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && lastModified.getTime() <= since;
}

type Range = { start: number; end: number };

/** The one byte range asked for, 'unsatisfiable', or null to send everything. */
function rangeOf(request: FastifyRequest, etag: string, lastModified: Date, size: number): Range | 'unsatisfiable' | null {
  const header = request.headers.range;
  if (header === undefined || !ifRangeHolds(headerText(request.headers['if-range']), etag, lastModified)) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** A Range counts only while the file is still the one If-Range names (an ETag or a date). */
function ifRangeHolds(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  return Date.parse(ifRange) === lastModified.getTime();
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
