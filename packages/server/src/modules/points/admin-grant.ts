import { type Grant, RspMsg } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { changePoints } from './ledger.js';

export interface GrantRequest {
  phone: string;
  /** Signed: a negative grant takes points back (never below 0: rspCode 3). */
  change: number;
  /** Shown to the user as the record's title in 积分记录. */
  reason: string;
}

/** An operator's grant: an `admin` ledger row titled with the reason. */
export async function grantPoints(db: Db, grant: GrantRequest): Promise<Grant> {
  if (grant.change === 0) throw new BusinessError(RspCode.invalidParam, '积分变动不能为 0');
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, grant.phone));
    if (!user) throw new BusinessError(RspCode.notFound, RspMsg.userNotFound);
    const { balance } = await changePoints(tx, { userId: user.id, change: grant.change, type: 'admin', title: grant.reason });
    return { userId: String(user.id), phone: grant.phone, change: grant.change, balance };
  });
}
