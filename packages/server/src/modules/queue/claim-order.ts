import { sql } from 'drizzle-orm';

// The one queue order, used by the claim and by every queue position: members first (priority),
// then oldest first; the id breaks ties between tasks saved in the same instant.

/** `ORDER BY` of a claim over the table aliased `q`. */
export const CLAIM_ORDER = sql.raw('q.priority DESC, q.created_at, q.id');

/**
 * The 1-based place of the `video_tasks` row in scope among the queued tasks (0 unless it is
 * queued): 1 + the queued tasks a worker would take before it. Columns are spelled out: drizzle
 * writes those of a one-table query unqualified, which inside the subquery would mean `q`'s.
 */
export const queuePositionSql = sql<number>`CASE WHEN video_tasks.status = 'queued' THEN (
  SELECT count(*)::int + 1 FROM video_tasks q
  WHERE q.status = 'queued'
    AND (q.priority > video_tasks.priority
      OR (q.priority = video_tasks.priority AND (q.created_at, q.id) < (video_tasks.created_at, video_tasks.id)))
) ELSE 0 END`.mapWith(Number);
