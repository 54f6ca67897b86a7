import type { FastifyPluginAsync } from 'fastify';
import { cancelTask, deleteFileUrl, deleteTask, getShareLink, musicList, queuePosition, quote, revokeShareLink, save, shareLink, taskDetail, taskList, videoModels, voices } from '@app/contract';
import { ok } from '../../../../lib/envelope.js';
import { serve } from '../../../../lib/contract-route.js';
import { pageOf } from '../../../../lib/page-of.js';
import { deleteUserFile } from '../../../../modules/files/delete-user-file.js';
import { musicChoices } from '../../../../modules/music/music-tracks.js';
import { getQueuePosition } from '../../../../modules/queue/queue-position.js';
import { cancelTask as cancel } from '../../../../modules/tasks/cancel-task.js';
import { deleteTask as remove } from '../../../../modules/tasks/delete-task.js';
import { cancelVendorClips } from '../../../../modules/clips/cancel-clips.js';
import { clipProviders, listVideoModels } from '../../../../modules/clips/video-models.js';
import { quoteTask } from '../../../../modules/tasks/pricing.js';
import { saveTask } from '../../../../modules/tasks/save-task.js';
import { getVideoTask, listVideoTasks } from '../../../../modules/tasks/task-views.js';
import { createShareLink, getShareLink as findShareLink, revokeShareLink as revoke } from '../../../../modules/shares/share-links.js';
import { originOf } from '../../../pages/index.js';
import { VoiceSamples } from '../../../../modules/voices/voice-samples.js';
import { offeredVoices, voiceProviders, voiceView } from '../../../../modules/voices/voices.js';

/** `/api/v1/video_task/*` (docs/api.md): every call but `models` needs sign-in. */
export const videoTaskRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => ({ db: app.db, store: app.storage, config: app.config, signals: app.taskSignals });
  const fileUrl = (key: string) => app.storage.fileUrl(key);

  serve(app, videoModels, async () => ok({ list: listVideoModels(app.config) }));

  // Each voice's 试听 is made once (voice-samples) and listed once it is stored.
  const samples = new VoiceSamples({ store: app.storage, log: app.log });
  serve(app, voices, async () => {
    const list = await Promise.all(offeredVoices(voiceProviders(app.config)).map(async (voice) => voiceView(voice, await samples.urlOf(voice))));
    return ok({ list, pointsPerVideo: app.config.voicePoints });
  });
  serve(app, musicList, async () => ok({ list: await musicChoices(app.db, app.storage) }));

  serve(app, quote, async (request) => ok(await quoteTask(deps(), request.user.points, request.body)));

  serve(app, save, async (request) => ok(await saveTask(deps(), request.user.id, request.body)));

  serve(app, taskList, async (request) => {
    const { page, pageSize, status } = request.body;
    const { list, total } = await listVideoTasks(app.db, fileUrl, request.user.id, { status }, page, pageSize);
    return ok(pageOf(list, total, page, pageSize));
  });

  serve(app, taskDetail, async (request) => ok(await getVideoTask(app.db, fileUrl, request.user.id, request.body.id)));

  serve(app, queuePosition, async (request) =>
    ok(await getQueuePosition(app.db, request.user.id, request.body.id, app.config.workers)),
  );

  // A hosted model's clips still at the vendor are stopped there too, after the answer (never throws).
  const stopClips = (id: string) => {
    const taskId = Number(id);
    if (Number.isSafeInteger(taskId)) void cancelVendorClips({ db: app.db, providers: clipProviders(app.config), log: app.log }, taskId);
  };

  serve(app, cancelTask, async (request) => {
    const task = await cancel(deps(), request.user.id, request.body.id);
    stopClips(task.id);
    return ok(task);
  });

  serve(app, deleteTask, async (request) => {
    await remove(deps(), request.user.id, request.body.id);
    stopClips(request.body.id);
    return ok({});
  });

  // 复制链接 / 取消分享 on 视频详情: the public page is on this server, at the origin the caller reached.
  serve(app, shareLink, async (request) => ok(await createShareLink(app.db, request.user.id, request.body.id, request.body.renew, originOf(request))));
  serve(app, getShareLink, async (request) => ok(await findShareLink(app.db, request.user.id, request.body.id, originOf(request))));
  serve(app, revokeShareLink, async (request) => {
    await revoke(app.db, request.user.id, request.body.id);
    return ok({});
  });

  // A file the caller uploaded and took out of the form before submitting.
  serve(app, deleteFileUrl, async (request) => {
    await deleteUserFile({ db: app.db, store: app.storage, config: app.config }, request.user.id, request.body.url);
    return ok({});
  });
};
