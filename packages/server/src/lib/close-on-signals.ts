import type { FastifyInstance } from 'fastify';

/** How long closing (in-flight requests, renders handing back their tasks) gets before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * How long connections still open once closing began get before they are cut. Closing shuts the
 * idle keep-alive ones at once, but a connection a client holds with a request it never finishes
 * sending (or one Node still counts as busy) would keep the server open until the hard exit
 * above — which skips closing the database.
 */
const CONNECTIONS_GRACE_MS = 2_000;

/** SIGINT/SIGTERM close the app and exit; a second signal, or a close that hangs, exits at once. */
export function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal}: closing`);
    setTimeout(() => {
      app.log.error(`still closing after ${SHUTDOWN_TIMEOUT_MS} ms: exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    setTimeout(() => app.server.closeAllConnections(), CONNECTIONS_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
