import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { databasePlugin } from '../plugins/database.js';
import { healthChecks } from '../plugins/health-checks.js';
import { legacyTaskOutputs } from '../plugins/legacy-task-outputs.js';
import { fileStorePlugin } from '../plugins/file-store.js';
import { templateSeeds } from '../plugins/template-seeds.js';
import { workersPlugin, type WorkersPluginOptions } from '../plugins/workers.js';

/**
 * The worker role (`npm run worker`): the database, the store and WORKERS workers, no HTTP. A
 * Fastify instance without routes holds them, so the plugins (and their order of closing) are the
 * same as in the API process.
 */
export async function buildWorkerApp(config: ServerConfig, options: WorkersPluginOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel } });
  app.decorate('config', config);
  await app.register(healthChecks);
  await app.register(databasePlugin);
  await app.register(fileStorePlugin);
  // Whichever process starts first after the upgrade moves the old files (the others skip them).
  await app.register(legacyTaskOutputs);
  // A worker process may be the first to start against a fresh database.
  await app.register(templateSeeds);
  await app.register(workersPlugin, options);
  return app;
}
