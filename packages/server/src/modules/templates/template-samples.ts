import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { files, sysVideos } from '../../db/schema.js';
import type { StoredOutput } from '../tasks/complete-task.js';

// The sample videos of templates that have none yet (the seeded ones), rendered by the same
// workers as users' videos but behind them: a worker looks for a sample only when no task is
// waiting, and only one sample renders at a time in the whole system, so users' videos keep the
// other workers and a sample never holds back more than one short render.

export type TemplateRow = typeof sysVideos.$inferSelect;

export interface SampleLease {
  owner: string;
  leaseMs: number;
  /** Claims a sample gets; one whose workers keep dying then fails. */
  maxAttempts: number;
}

/** Any constant: every claim of a sample takes it, so two workers never both decide "no sample is rendering". */
const SAMPLE_CLAIM_LOCK = 7_302_514_002;

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/** `WHERE` of a sample this worker still holds. */
function heldSample(id: number, owner: string) {
  return and(eq(sysVideos.id, id), eq(sysVideos.sampleLeaseOwner, owner), eq(sysVideos.sampleStatus, 'rendering'));
}

/**
 * Takes the next template waiting for its sample (lowest sort first), or one whose worker died
 * with attempts left — unless another sample is being rendered now. The lock makes the check and
 * the claim one step across processes (each statement after it sees the claims committed before).
 */
export async function claimNextSample(db: Db, lease: SampleLease): Promise<TemplateRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SAMPLE_CLAIM_LOCK})`);
    // Samples whose workers died on their last attempt: no one will take them again until a restart re-seeds them.
    await tx
      .update(sysVideos)
      .set({ sampleStatus: 'failed', sampleLeaseOwner: null, sampleLeaseExpiresAt: null })
      .where(sql`sample_status = 'rendering' AND sample_lease_expires_at < now() AND sample_attempts >= ${lease.maxAttempts}`);
    const [claimed] = await tx
      .update(sysVideos)
      .set({
        sampleStatus: 'rendering',
        sampleLeaseOwner: lease.owner,
        sampleLeaseExpiresAt: leaseEnd(lease.leaseMs),
        sampleAttempts: sql`${sysVideos.sampleAttempts} + 1`,
      })
      .where(
        sql`sys_videos.id = (
          SELECT s.id FROM sys_videos s
          WHERE s.sample_status = 'pending' OR (s.sample_status = 'rendering' AND s.sample_lease_expires_at < now())
          ORDER BY s.sort, s.id
          LIMIT 1
        ) AND NOT EXISTS (
          SELECT 1 FROM sys_videos r WHERE r.sample_status = 'rendering' AND r.sample_lease_expires_at >= now()
        )`,
      )
      .returning();
    return claimed ?? null;
  });
}

/** Extends the lease; false when the sample is no longer this worker's to render. */
export async function renewSampleLease(db: Db, id: number, owner: string, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(sysVideos)
    .set({ sampleLeaseExpiresAt: leaseEnd(leaseMs) })
    .where(heldSample(id, owner))
    .returning({ id: sysVideos.id });
  return renewed.length > 0;
}

/**
 * The sample is stored: the template shows from now on, with these URLs; its files are recorded
 * as the server's (kind template), so the embedded store serves them with their types. False when
 * the sample was no longer this worker's (the caller then removes what it stored).
 */
export async function completeSample(
  db: Db,
  held: { id: number; owner: string },
  outputs: { video: StoredOutput & { url: string }; cover: StoredOutput & { url: string } },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(sysVideos)
      .set({ sampleStatus: 'ready', videoUrl: outputs.video.url, coverUrl: outputs.cover.url, sampleLeaseOwner: null, sampleLeaseExpiresAt: null })
      .where(heldSample(held.id, held.owner))
      .returning({ id: sysVideos.id });
    if (!done) return false;
    for (const output of [outputs.video, outputs.cover]) {
      await tx
        .insert(files)
        .values({ key: output.key, userId: null, kind: 'template', contentType: output.contentType, size: output.size, uploadedAt: new Date() });
    }
    return true;
  });
}

/** Back to waiting, the attempt not counted: the worker stopped on purpose (shutdown). */
export async function releaseSample(db: Db, id: number, owner: string): Promise<void> {
  await db
    .update(sysVideos)
    .set({ sampleStatus: 'pending', sampleLeaseOwner: null, sampleLeaseExpiresAt: null, sampleAttempts: sql`greatest(${sysVideos.sampleAttempts} - 1, 0)` })
    .where(heldSample(id, owner));
}

/** The renderer failed on it: rendering it again would fail the same way, so it stays hidden (and logged) until a restart. */
export async function failSample(db: Db, id: number, owner: string): Promise<void> {
  await db.update(sysVideos).set({ sampleStatus: 'failed', sampleLeaseOwner: null, sampleLeaseExpiresAt: null }).where(heldSample(id, owner));
}
