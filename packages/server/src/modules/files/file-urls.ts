import type { ServerConfig } from '../../config.js';

/** Path under which the embedded store serves files (and accepts signed uploads). */
export const FILES_PREFIX = '/files/';

/**
 * A key as this server makes them: `/`-separated segments of letters, digits, `.`, `_`, `-`, each
 * starting with a letter or digit — so no `.` or `..` segment, no hidden name, no leading or
 * doubled `/`, no backslash. Every key that reaches the disk passes this first.
 */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 512;

export function isSafeKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && SAFE_KEY.test(key);
}

/**
 * Where 导出我的数据's zips are kept: handed out only through the signed, expiring link of
 * /api/v1/account/export_file, never by the embedded store's public /files/ route (on S3, keep the
 * prefix out of the bucket's public read policy: README "Closed accounts and data exports").
 */
export const EXPORTS_DIR = 'exports/';

/** A key the public /files/ route may serve: everything stored but the exports. */
export function isPublicKey(key: string): boolean {
  return isSafeKey(key) && !key.startsWith(EXPORTS_DIR);
}

/** Where a stored file is read: the embedded store on this server, or the object store's public URL. */
export function fileUrl(config: Pick<ServerConfig, 's3'>, key: string): string {
  return config.s3 ? `${config.s3.publicUrl}/${key}` : `${FILES_PREFIX}${key}`;
}

/** The key of a URL this server issued (`fileUrl`), or null for any other URL. */
export function keyOfFileUrl(config: Pick<ServerConfig, 's3'>, url: string): string | null {
  const base = config.s3 ? `${config.s3.publicUrl}/` : FILES_PREFIX;
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  return isSafeKey(key) ? key : null;
}

/** Every key a user may write starts with this (the policy's `dir`). */
export function userDir(userId: number): string {
  return `users/${userId}/`;
}

/** Where a stored picture's thumbnails are asked for (GET /thumbs/*: append `/<width>.<format>`), on this server. */
export function thumbUrlOfKey(key: string): string {
  return `/thumbs/${key}`;
}

/** The thumbnails of a cover URL this server issued; empty for any other (an operator's own address). */
export function coverThumbUrl(config: Pick<ServerConfig, 's3'>, coverUrl: string): string {
  const key = coverUrl ? keyOfFileUrl(config, coverUrl) : null;
  return key ? thumbUrlOfKey(key) : '';
}
