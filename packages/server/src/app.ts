import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import type { VideoProvider } from './modules/tasks/video-provider.js';
import { accountJobs, type AccountJobsOptions } from './plugins/account-jobs.js';
import { adminAccess } from './plugins/admin-access.js';
import { auth } from './plugins/auth.js';
import { databasePlugin } from './plugins/database.js';
import { errorHandler } from './plugins/error-handler.js';
import { healthChecks } from './plugins/health-checks.js';
import { jsonBody } from './plugins/json-body.js';
import { legacyTaskOutputs } from './plugins/legacy-task-outputs.js';
import { remotesRegistry } from './plugins/remotes-registry.js';
import { requestId } from './plugins/request-id.js';
import { securityHeaders } from './plugins/security-headers.js';
import { staticApps } from './plugins/static-apps.js';
import { fileStorePlugin } from './plugins/file-store.js';
import { templateSeeds } from './plugins/template-seeds.js';
import { trimText } from './plugins/trim-text.js';
import { openApi } from './plugins/swagger.js';
import { uploadSweeper, type UploadSweeperOptions } from './plugins/upload-sweeper.js';
import { workersPlugin } from './plugins/workers.js';
import { routes } from './routes/index.js';
import { logFormatOf, loggerOptions, type LogFormat } from './lib/log-format.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
  }
}

export interface BuildOptions {
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
  /** JSON lines, or pretty for a person (default: pretty when stdout is a terminal and no logStream is given). */
  logFormat?: LogFormat;
  /** An open database to use instead of the one the configuration names (tests share one per file). */
  database?: Database;
  /** The renderer of this process's workers instead of the configured one (tests). */
  provider?: VideoProvider;
  /** When the sweep of abandoned uploads runs (tests); see plugins/upload-sweeper. */
  uploadSweeper?: UploadSweeperOptions;
  /** When 注销账号's sweep and the export runner run (tests); see plugins/account-jobs. */
  accountJobs?: AccountJobsOptions;
}

/** docs/api.md "Conventions": JSON bodies up to 1 MiB; larger ones answer 413. */
const BODY_LIMIT = 1024 * 1024;

/**
 * The whole server as plugins: shared infrastructure first (decorators, hooks, error handler,
 * OpenAPI), then the route folders and the static apps. Not yet listening nor `ready()`,
 * so a test may still add routes.
 */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logFormat = options.logFormat ?? (options.logStream ? 'json' : logFormatOf(process.stdout));
  const { logController, transport } = loggerOptions(logFormat);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream && { stream: options.logStream }),
      ...(transport && { transport }),
      serializers: { req: serializeRequest },
    },
    ...(logController && { logController }),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT,
    // request.ip (what sign-ups are counted under) comes from X-Forwarded-For only when the
    // socket's peer is one of TRUST_PROXY; without it the header is ignored.
    ...(config.trustProxy.length > 0 && { trustProxy: config.trustProxy }),
    // verbose: validation errors carry the failing schema, so rspMsg can use a field's `title`.
    // No type coercion: a number where text belongs is a wrong type (rspCode 2), not a string.
    ajv: { customOptions: { verbose: true, coerceTypes: false } },
  });

  app.decorate('config', config);
  // The API is JSON only (docs/api.md "Conventions"): a text/plain body is refused as a wrong content type.
  app.removeContentTypeParser('text/plain');
  await app.register(jsonBody);
  await app.register(requestId);
  // Before any route: every answer carries them, errors and 404s included.
  await app.register(securityHeaders);
  await app.register(errorHandler);
  await app.register(healthChecks);
  await app.register(openApi);
  await app.register(databasePlugin, { database: options.database });
  await app.register(auth);
  await app.register(adminAccess);
  // The remotes in use (/remotes.json), kept in the database and current in every process.
  await app.register(remotesRegistry);
  await app.register(trimText);
  await app.register(fileStorePlugin);
  await app.register(legacyTaskOutputs);
  await app.register(templateSeeds);
  // WORKERS in-process workers (0 = API only); the routes signal them through app.taskSignals.
  await app.register(workersPlugin, { provider: options.provider });
  await app.register(uploadSweeper, options.uploadSweeper ?? {});
  await app.register(accountJobs, options.accountJobs ?? {});

  await app.register(routes);
  await app.register(staticApps);
  return app;
}

/** The request as logged on "incoming request": Fastify's fields plus the app's `platform` header. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url,
    host: request.host,
    remoteAddress: request.ip,
    platform: request.headers.platform,
  };
}
