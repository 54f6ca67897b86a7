import { THUMBNAIL_FORMATS, THUMBNAIL_WIDTHS, type ThumbnailFormat, type ThumbnailWidth } from '@app/contract';
import sharp from 'sharp';
import { isSafeKey } from '../files/file-urls.js';
import type { FileStore } from './store.js';

// Cover thumbnails (docs/api.md, GET /thumbs/*): a stored picture scaled to one of a few widths,
// as WebP and as JPEG, made once and kept in the same store under `thumbs/<key>/<width>.<format>`.

/** Where thumbnails live in the store; storage/cache-control gives them their picture's caching. */
export const THUMBS_PREFIX = 'thumbs/';
/** The largest picture a thumbnail is made from (a rendered cover is a few hundred KB). */
const SOURCE_MAX = 10 * 1024 * 1024;
/** More than any thumbnail made here weighs (a 640 px JPEG is well under 200 KB). */
const THUMBNAIL_MAX = 1024 * 1024;
/** Refuses decompression bombs: no cover has more than 40 megapixels. */
const PIXELS_MAX = 40_000_000;

export const CONTENT_TYPES: Record<ThumbnailFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

export interface ThumbnailSpec {
  key: string;
  width: ThumbnailWidth;
  format: ThumbnailFormat;
}

export function thumbnailKey({ key, width, format }: ThumbnailSpec): string {
  return `${THUMBS_PREFIX}${key}/${width}.${format}`;
}

/** Every thumbnail a picture may have (to remove them with it). */
export function thumbnailKeys(key: string): string[] {
  return THUMBNAIL_WIDTHS.flatMap((width) => THUMBNAIL_FORMATS.map((format) => thumbnailKey({ key, width, format })));
}

/** `<key>/<width>.<format>` as the route receives it; null when the width or format is not one served, or the key is not a safe one. */
export function parseThumbnailPath(path: string): ThumbnailSpec | null {
  const match = /^(.+)\/(\d+)\.([a-z]+)$/.exec(path);
  if (!match) return null;
  const [, key = '', widthText = '', formatText = ''] = match;
  const width = THUMBNAIL_WIDTHS.find((w) => String(w) === widthText);
  const format = THUMBNAIL_FORMATS.find((f) => f === formatText);
  if (width === undefined || format === undefined || !isSafeKey(key) || key.startsWith(THUMBS_PREFIX)) return null;
  return { key, width, format };
}

/** A picture scaled to `width` (never enlarged), turned upright by its EXIF, in `format`. */
export async function makeThumbnail(source: Buffer | string, width: ThumbnailWidth, format: ThumbnailFormat): Promise<Buffer> {
  const resized = sharp(source, { limitInputPixels: PIXELS_MAX, failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
  return format === 'webp'
    ? resized.webp({ quality: 72, effort: 4 }).toBuffer()
    : resized.jpeg({ quality: 75, progressive: true, mozjpeg: true }).toBuffer();
}

/** Thrown for a stored file that is not a picture sharp can read. */
export class NotAPictureError extends Error {}

const making = new Map<string, Promise<Buffer | null>>();

/**
 * The thumbnail's bytes: the stored one, else made from the picture now and stored (concurrent
 * requests for the same one share the work). Null when the picture is not stored (or no longer:
 * a thumbnail outliving its picture is never served).
 */
export async function getThumbnail(store: FileStore, spec: ThumbnailSpec): Promise<Buffer | null> {
  if (!(await store.head(spec.key))) return null;
  const thumbKey = thumbnailKey(spec);
  const stored = await store.readStart(thumbKey, THUMBNAIL_MAX);
  if (stored && stored.length > 0) return stored;
  let pending = making.get(thumbKey);
  if (!pending) {
    pending = makeAndStore(store, spec).finally(() => making.delete(thumbKey));
    making.set(thumbKey, pending);
  }
  return pending;
}

async function makeAndStore(store: FileStore, spec: ThumbnailSpec): Promise<Buffer | null> {
  const source = await store.readStart(spec.key, SOURCE_MAX + 1);
  if (!source) return null;
  if (source.length > SOURCE_MAX) throw new NotAPictureError('the picture is too large for a thumbnail');
  let bytes: Buffer;
  try {
    bytes = await makeThumbnail(source, spec.width, spec.format);
  } catch (error) {
    throw new NotAPictureError(error instanceof Error ? error.message : String(error));
  }
  await store.put(thumbnailKey(spec), bytes, { contentType: CONTENT_TYPES[spec.format] });
  return bytes;
}

/**
 * Makes and stores every thumbnail of a picture just stored under `key` from its local file, so
 * the first page to show it finds them ready.
 */
export async function storeThumbnails(store: FileStore, key: string, file: string): Promise<void> {
  for (const width of THUMBNAIL_WIDTHS) {
    for (const format of THUMBNAIL_FORMATS) {
      const bytes = await makeThumbnail(file, width, format);
      await store.put(thumbnailKey({ key, width, format }), bytes, { contentType: CONTENT_TYPES[format] });
    }
  }
}

/** Removes a picture's thumbnails (removing ones never made is no error). */
export async function deleteThumbnails(store: FileStore, key: string): Promise<void> {
  await Promise.all(thumbnailKeys(key).map((thumbKey) => store.delete(thumbKey)));
}
