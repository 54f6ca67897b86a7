// What every vendor stand-in needs the same way: reading a JSON body, checking an inline picture
// really is the type it claims, serving a "generated" clip at a signed URL that expires as an
// object store's does (403 with an XML error once past its time).
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sampleClip } from './sample-clip';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const IMAGE_MAGIC: [string, (b: Buffer) => boolean][] = [
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8],
  ['image/png', (b) => b.subarray(1, 4).toString() === 'PNG'],
  ['image/webp', (b) => b.subarray(8, 12).toString() === 'WEBP'],
];

/** The type a picture's bytes really are, or undefined. */
export function sniffImage(bytes: Buffer): string | undefined {
  return IMAGE_MAGIC.find(([, test]) => test(bytes))?.[0];
}

/** `data:<type>;base64,…` whose bytes really are that type: the picture, or what is wrong with it. */
export function decodeDataUri(value: unknown): { contentType: string; bytes: number } | string {
  if (typeof value !== 'string' || value === '') return 'missing';
  const match = /^data:(image\/(?:jpeg|png|webp|bmp));base64,([A-Za-z0-9+/=]+)$/.exec(value);
  if (!match) return 'not a URL or data URI';
  const bytes = Buffer.from(match[2]!, 'base64');
  const actual = sniffImage(bytes);
  if (actual !== match[1]) return `bytes are not ${match[1]}`;
  return { contentType: actual!, bytes: bytes.length };
}

/**
 * Result URLs as object stores sign them: `<base>/<prefix>/<id>.mp4?Expires=…&Signature=…`. The
 * next `settings.staleUrls` URLs signed are already past their time (a worker that was down for
 * hours); `serve` answers a GET of one.
 */
export function resultUrls(prefix: string, settings: { urlTtlMs: number; staleUrls: number }) {
  const secret = randomBytes(16).toString('hex');
  const sign = (path: string, expires: number) => createHmac('sha1', secret).update(`GET\n${expires}\n${path}`).digest('base64url');
  let served = 0;
  return {
    sign(base: string, id: string): string {
      const path = `/${prefix}/${id}.mp4`;
      const stale = settings.staleUrls > 0 && settings.staleUrls-- > 0;
      const expires = Math.floor((Date.now() + (stale ? -3600_000 : settings.urlTtlMs)) / 1000);
      return `${base}${path}?Expires=${expires}&Signature=${sign(path, expires)}`;
    },
    /** The id of a result path, or null when the path is not one. */
    match(pathname: string): string | null {
      return new RegExp(`^/${prefix}/([^/]+)\\.mp4$`).exec(pathname)?.[1] ?? null;
    },
    /** Answers a GET of a result URL: 403 when forged or expired, else a real MP4 of `seconds` at `size`. */
    async serve(url: URL, res: ServerResponse, clip: { seconds: number; width: number; height: number } | undefined): Promise<void> {
      const expires = Number(url.searchParams.get('Expires'));
      const xml = (code: string, message: string) => {
        res.writeHead(403, { 'Content-Type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
      };
      if (url.searchParams.get('Signature') !== sign(url.pathname, expires) || !clip) return xml('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
      if (Date.now() / 1000 > expires) return xml('AccessDenied', 'Request has expired.');
      served++;
      const bytes = await sampleClip(clip.seconds, clip.width, clip.height, (served * 47) % 360);
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(bytes.length) });
      res.end(bytes);
    },
    get served() {
      return served;
    },
  };
}
