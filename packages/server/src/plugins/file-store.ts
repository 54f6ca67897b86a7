import { appPlugin } from '../lib/app-plugin.js';
import { createStore } from '../modules/storage/create-store.js';
import type { FileStore } from '../modules/storage/store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads and rendered files live (disk or S3, by configuration). */
    storage: FileStore;
  }
}

/** Decorates `app.storage`. Needs the database (the disk store's signing key is kept there). */
export const fileStorePlugin = appPlugin('file-store', async (app) => {
  const store = await createStore(app.config, app.db);
  app.decorate('storage', store);
  app.addHook('onClose', async () => store.close());
});
