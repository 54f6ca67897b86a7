import type { VideoProvider } from '../../src/modules/tasks/video-provider.js';
import { describeEngines, type EngineContext } from './engines.js';

/** EngineContext's databaseUrl() is the test database's URL on PostgreSQL (other processes may join it). */
export type TaskEngineContext = EngineContext;

type Env = Record<string, string | undefined>;

/**
 * describeEngines for the video-task suites: on PostgreSQL the app opens the test database from
 * DATABASE_URL itself, as in production, so its task signals go through LISTEN/NOTIFY. WORKERS
 * defaults to 0 here: a suite starts the workers it wants, with a test provider (or sets WORKERS
 * and passes `provider` for the app's own).
 */
export function describeTaskEngines(title: string, suite: (ctx: TaskEngineContext) => void, env: Env = {}, provider?: VideoProvider): void {
  describeEngines(title, suite, env, { ownConnection: true, provider, defaults: { WORKERS: '0' } });
}
