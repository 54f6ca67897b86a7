// How long a browser or CDN may keep a stored file without asking again, by its key. Served by
// the embedded store (routes/files/send-stored-file) and stored on each S3 object (s3-store).

/** A year, never asked again: only for files no user can delete (template samples, under fresh keys each render). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Users' uploads and rendered videos: their owner may delete them, and a deleted file must stop
 * being served by caches soon (within a day at most). After an hour a cache asks again with the
 * file's ETag / Last-Modified: a 304 while the file is there (no bytes resent), a 404 once it is
 * gone. `public` rather than `private`: the address itself is the secret (128 random bits or more,
 * see storage/upload-keys and tasks/task-outputs), and a CDN in front may still spare the origin
 * the bytes of a video watched again and again.
 */
export const USER_CONTENT = 'public, max-age=3600';

/**
 * Template samples (`templates/…`) are the server's own public files; everything else is a user's.
 * A thumbnail (`thumbs/<key>/…`, storage/thumbnails) is cached as its picture is.
 */
export function cacheControlOf(key: string): string {
  const picture = key.startsWith('thumbs/') ? key.slice('thumbs/'.length) : key;
  return picture.startsWith('templates/') ? IMMUTABLE : USER_CONTENT;
}
