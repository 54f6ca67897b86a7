import { createHmac, timingSafeEqual } from 'node:crypto';

// The download link of an export (docs/api.md, /api/v1/account/export_file): a signed, expiring
// link, handed only to its owner by export_status (a signed-in call). The route checks the
// signature, the time, and that the export is still its owner's newest ready one.

export const EXPORT_FILE_PATH = '/api/v1/account/export_file';

function signatureOf(secret: Buffer, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`account-export:${id}:${expires}`).digest('hex');
}

export function exportLink(secret: Buffer, id: number, expiresAt: Date): string {
  const expires = expiresAt.getTime();
  return `${EXPORT_FILE_PATH}?id=${id}&expires=${expires}&sig=${signatureOf(secret, id, expires)}`;
}

/** The export id a link names, when its signature is right and it has not expired; else null. */
export function checkExportLink(secret: Buffer, query: { id: string; expires: string; sig: string }, now = new Date()): number | null {
  const id = Number(query.id);
  const expires = Number(query.expires);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(expires) || expires <= now.getTime()) return null;
  const expected = Buffer.from(signatureOf(secret, id, expires), 'hex');
  const given = Buffer.from(query.sig, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
