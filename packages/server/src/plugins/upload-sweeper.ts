import { appPlugin } from '../lib/app-plugin.js';
import { sweepAbandonedUploads } from '../modules/files/sweep-uploads.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// A type, not an interface: plugin options must be assignable to Record<string, unknown>.
export type UploadSweeperOptions = {
  /** Default: a minute after the server is ready, so a start is not slowed by it. */
  firstAfterMs?: number;
  /** Between the end of one sweep and the start of the next; default an hour. */
  intervalMs?: number;
};

/**
 * UPLOAD_RETENTION_HOURS (default 24; 0 keeps every upload): removes users' uploads older than
 * that which nothing refers to (modules/files/sweep-uploads). Every API process sweeps; they
 * skip each other's rows. On close a sweep under way finishes before the database closes.
 */
export const uploadSweeper = appPlugin<UploadSweeperOptions>('upload-sweeper', async (app, options) => {
  const hours = app.config.uploadRetentionHours;
  if (hours === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;

  const schedule = (ms: number) => {
    timer = setTimeout(sweep, ms);
    timer.unref();
  };
  const sweep = () => {
    running = sweepAbandonedUploads({ db: app.db, store: app.storage, log: app.log }, new Date(Date.now() - hours * HOUR))
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'abandoned uploads removed');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'sweeping abandoned uploads failed; trying again later'))
      .finally(() => {
        running = undefined;
        if (!closing) schedule(options.intervalMs ?? HOUR);
      });
  };

  app.addHook('onReady', async () => schedule(options.firstAfterMs ?? MINUTE));
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
});
