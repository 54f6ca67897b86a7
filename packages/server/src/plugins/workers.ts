import { appPlugin } from '../lib/app-plugin.js';
import { createSignals } from '../modules/queue/create-signals.js';
import type { TaskSignals } from '../modules/queue/signals.js';
import type { VideoProvider } from '../modules/tasks/video-provider.js';
import { createProvider } from '../modules/tasks/create-provider.js';
import { startWorkers, type WorkerOptions, type WorkerPool } from '../workers/worker-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells workers (here and, on PostgreSQL, in other processes) that a task was queued or cancelled. */
    taskSignals: TaskSignals;
  }
}

export type WorkerSettings = Pick<WorkerOptions, 'leaseMs' | 'maxAttempts' | 'pollMs' | 'progressEveryMs' | 'clipTiming'>;

// A type, not an interface: plugin options must be assignable to Record<string, unknown>.
export type WorkersPluginOptions = {
  /** Default: the configured one (modules/tasks/providers). */
  provider?: VideoProvider;
  /** Default: WORKERS. */
  count?: number;
  settings?: WorkerSettings;
};

/**
 * Decorates `app.taskSignals` (the API needs it even with no workers here) and runs the workers of
 * this process once the app is ready; on close they stop and hand their tasks back to the queue
 * before the database closes.
 */
export const workersPlugin = appPlugin<WorkersPluginOptions>('workers', async (app, options) => {
  const signals = createSignals(app.database, app.config.databaseUrl, app.log);
  app.decorate('taskSignals', signals);
  const count = options.count ?? app.config.workers;
  let pool: WorkerPool | undefined;
  if (count > 0) {
    const provider = options.provider ?? createProvider(app.config);
    app.addHook('onReady', async () => {
      pool = startWorkers({ db: app.db, store: app.storage, config: app.config, provider, signals, log: app.log, count, ...options.settings });
      app.log.info({ workers: count }, 'video workers started');
    });
  }
  app.addHook('preClose', async () => {
    await pool?.stop();
    await signals.close();
  });
});
