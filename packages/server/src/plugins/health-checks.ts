import { appPlugin } from '../lib/app-plugin.js';

/** Resolves when the dependency is usable; throws (or rejects) when it is not. */
export type HealthCheck = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** What `GET /healthz` runs. Plugins owning a dependency (e.g. the database) push their check. */
    healthChecks: HealthCheck[];
  }
}

export const healthChecks = appPlugin('health-checks', async (app) => {
  app.decorate('healthChecks', [] as HealthCheck[]);
});

/** A check that has not answered by then counts as failed: a hung database must not hang /healthz. */
const CHECK_TIMEOUT_MS = 5000;

/** Runs every check at once; answers the errors of those that failed (empty = healthy). */
export async function runHealthChecks(checks: readonly HealthCheck[], timeoutMs = CHECK_TIMEOUT_MS): Promise<unknown[]> {
  const results = await Promise.allSettled(checks.map((check) => withTimeout(Promise.resolve().then(check), timeoutMs)));
  return results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
}

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`health check timed out after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
