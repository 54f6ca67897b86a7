import { appPlugin } from '../lib/app-plugin.js';
import { refreshScenelessSamples, seedTemplates } from '../modules/templates/seed-templates.js';

/**
 * SEED_TEMPLATES (default on): adds the built-in templates a database lacks. Only rows are written
 * here (one statement), never a render: the workers render the samples in the background, behind
 * users' videos, so start is not held up and /healthz answers at once.
 */
export const templateSeeds = appPlugin('template-seeds', async (app) => {
  if (!app.config.seedTemplates) return;
  const inserted = await seedTemplates(app.db);
  if (inserted > 0) app.log.info({ inserted }, 'built-in templates seeded; their samples render in the background');
  const refreshed = await refreshScenelessSamples(app.db);
  if (refreshed > 0) app.log.info({ refreshed }, 'built-in templates from before drawn scenes: their samples render again in the background');
});
