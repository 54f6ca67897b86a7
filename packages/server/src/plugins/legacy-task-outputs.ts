import { appPlugin } from '../lib/app-plugin.js';
import { moveLegacyOutputs } from '../modules/tasks/legacy-outputs.js';

/**
 * Moves rendered files still at their old `tasks/<id>/` keys (saved before migration 0004) to
 * their tasks' random keys, before the server answers (modules/tasks/legacy-outputs). With
 * nothing left to move it is one indexed query. Needs the database and the store.
 */
export const legacyTaskOutputs = appPlugin('legacy-task-outputs', async (app) => {
  const moved = await moveLegacyOutputs({ db: app.db, store: app.storage, log: app.log });
  if (moved > 0) app.log.info({ moved }, 'rendered files moved from their old keys to random ones');
});
