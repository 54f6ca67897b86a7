import type { Db } from '../../src/db/database.js';
import { users } from '../../src/db/schema.js';
import { issueToken } from '../../src/modules/sessions/tokens.js';
import { uniquePhone } from './engines.js';

export interface SignedInUser {
  id: number;
  token: string;
}

/** A user with a valid token, made straight in the database: storage tests need no account routes. */
export async function createSignedInUser(db: Db): Promise<SignedInUser> {
  const [user] = await db.insert(users).values({ phone: uniquePhone(), passwordHash: 'not-a-real-hash', nickname: '测试用户' }).returning({ id: users.id });
  if (!user) throw new Error('no user inserted');
  return { id: user.id, token: await issueToken(db, user.id) };
}
