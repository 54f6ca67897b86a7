import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { appSecrets } from '../../db/schema.js';

const NAME = 'upload-policy-key';

/**
 * The key that signs the embedded store's upload policies: made once (32 random bytes) and kept
 * in the database, so every API process signs and checks with the same one. Whoever inserts first
 * wins; the others read what won.
 */
export function loadUploadSecret(db: Queryable): Promise<Buffer> {
  return loadAppSecret(db, NAME);
}

/** The secret kept under `name` in app_secrets, made (32 random bytes) by whichever process asks first. */
export async function loadAppSecret(db: Queryable, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app_secrets has no ${name} right after inserting it`);
  return Buffer.from(row.value, 'base64');
}
