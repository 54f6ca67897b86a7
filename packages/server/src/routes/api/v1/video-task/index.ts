import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../../lib/envelope.js';
import { pageOf } from '../../../../lib/schemas.js';
import { getQueuePosition } from '../../../../modules/queue/queue-position.js';
import { cancelTask } from '../../../../modules/tasks/cancel-task.js';
import { deleteTask } from '../../../../modules/tasks/delete-task.js';
import { quoteTask } from '../../../../modules/tasks/pricing.js';
import { saveTask } from '../../../../modules/tasks/save-task.js';
import { getVideoTask, listVideoTasks } from '../../../../modules/tasks/task-views.js';
import { deleteFileUrlRoute } from './delete-file-url.js';
import {
  cancelSchema,
  deleteSchema,
  detailSchema,
  listSchema,
  queuePositionSchema,
  quoteSchema,
  saveSchema,
  type ListBody,
  type QuoteBody,
  type SaveBody,
  type TaskIdBody,
} from './schema.js';

/** `/api/v1/video_task/*` (docs/api.md): every call needs sign-in. */
export const videoTaskRoutes: FastifyPluginAsync = async (app) => {
  await app.register(deleteFileUrlRoute);

  const deps = () => ({ db: app.db, store: app.storage, config: app.config, signals: app.taskSignals });
  const fileUrl = (key: string) => app.storage.fileUrl(key);
  const signedIn = { preHandler: app.authenticate };

  app.post<{ Body: QuoteBody }>('/quote', { schema: quoteSchema, ...signedIn }, async (request) =>
    ok(await quoteTask(deps(), request.user.points, request.body)),
  );

  app.post<{ Body: SaveBody }>('/save', { schema: saveSchema, ...signedIn }, async (request) =>
    ok(await saveTask(deps(), request.user.id, request.body)),
  );

  app.post<{ Body: ListBody }>('/query_user_task', { schema: listSchema, ...signedIn }, async (request) => {
    const { page, pageSize, status } = request.body;
    const { list, total } = await listVideoTasks(app.db, fileUrl, request.user.id, { status }, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  app.post<{ Body: TaskIdBody }>('/detail', { schema: detailSchema, ...signedIn }, async (request) =>
    ok(await getVideoTask(app.db, fileUrl, request.user.id, request.body.id)),
  );

  app.post<{ Body: TaskIdBody }>('/get_queue_position', { schema: queuePositionSchema, ...signedIn }, async (request) =>
    ok(await getQueuePosition(app.db, request.user.id, request.body.id, app.config.workers)),
  );

  app.post<{ Body: TaskIdBody }>('/cancel', { schema: cancelSchema, ...signedIn }, async (request) =>
    ok(await cancelTask(deps(), request.user.id, request.body.id)),
  );

  app.post<{ Body: TaskIdBody }>('/delete', { schema: deleteSchema, ...signedIn }, async (request) => {
    await deleteTask(deps(), request.user.id, request.body.id);
    return ok({});
  });
};
