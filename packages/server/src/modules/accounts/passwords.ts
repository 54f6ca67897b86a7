import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at N=2^14, r=8, p=1 (16 MiB, some tens of ms): slow enough to make guessing stolen
 * hashes expensive, cheap enough for a sign-in. The parameters are stored with each hash, so
 * raising them later leaves the old hashes verifiable.
 */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** Stored as `scrypt$N$r$p$<salt base64>$<hash base64>`. */
const STORED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Whether `password` is the one `stored` was made from; a malformed `stored` matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (!match) return false;
  const [, N, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt!, 'base64'), expected.length, { N: Number(N), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

function derive(password: string, salt: Buffer, keyLength: number, params: ScryptOptions): Promise<Buffer> {
  // 128·N·r bytes of work memory, above Node's default 32 MiB cap once N or r are raised.
  const options = { ...params, maxmem: 256 * (params.N ?? 0) * (params.r ?? 0) + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    // NFC: the same password typed on another keyboard or system may arrive decomposed.
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
