import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the server keeps the admin token when ADMIN_TOKEN is not set (the CLI reads it there). */
export const ADMIN_TOKEN_FILE = 'admin-token';
const MIN_LENGTH = 16;

/**
 * The token of `<dataDir>/admin-token`, made on first use: 256 random bits, readable by the
 * owner only. Several processes starting at once agree on one token: each writes its own file
 * complete, and hard-linking it into place (which fails when the name exists) picks the first.
 */
export async function loadOrCreateAdminToken(dataDir: string): Promise<{ token: string; file: string; created: boolean }> {
  const file = path.join(dataDir, ADMIN_TOKEN_FILE);
  const existing = await readToken(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) return { token: existing, file, created: false };

  await mkdir(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  let created = true;
  try {
    await writeFile(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
      created = false;
    });
  } finally {
    await rm(draft, { force: true });
  }
  return { token: await readToken(file), file, created };
}

async function readToken(file: string): Promise<string> {
  const token = (await readFile(file, 'utf8')).trim();
  if (token.length < MIN_LENGTH) throw new Error(`${file} must hold a token of at least ${MIN_LENGTH} characters (delete it to have a new one made)`);
  return token;
}

/** Compares in constant time (over hashes, so the length does not leak either). */
export function isAdminToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
