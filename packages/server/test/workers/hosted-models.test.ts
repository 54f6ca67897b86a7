// Videos on a hosted model, end to end: the real server and workers, the real engine composing,
// and the DashScope stand-in (test/stand-ins/dashscope) in the vendor's place.
import { eq } from 'drizzle-orm';
import type { VideoTask } from '@app/contract';
import { taskClips } from '../../src/db/schema.js';
import { createProvider } from '../../src/modules/tasks/create-provider.js';
import { CLIP_MESSAGES } from '../../src/workers/run-clips.js';
import { startWorkers, type WorkerPool } from '../../src/workers/worker-pool.js';
import { describeTaskEngines } from '../helpers/task-engines.js';
import { callOk, ledgerOfTask, saveOk, taskRow, uploadImage, waitForStatus, waitUntil, TASK_API } from '../helpers/tasks.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../helpers/users.js';
import { startArkStandIn, type ArkStandIn } from '../stand-ins/ark.js';
import { startDashScopeStandIn, type DashScopeStandIn } from '../stand-ins/dashscope.js';
import { startComfyuiStandIn, type ComfyuiStandIn } from '../stand-ins/comfyui.js';
import { startKlingStandIn, type KlingStandIn } from '../stand-ins/kling.js';
import path from 'node:path';

jest.setTimeout(120_000);

let standIn: DashScopeStandIn;
let ark: ArkStandIn;
let kling: KlingStandIn;
let comfy: ComfyuiStandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  [standIn, ark, kling, comfy] = await Promise.all([startDashScopeStandIn(), startArkStandIn(), startKlingStandIn(), startComfyuiStandIn()]);
  Object.assign(env, {
    DASHSCOPE_API_KEY: standIn.apiKey, DASHSCOPE_BASE_URL: standIn.url, DASHSCOPE_POINTS_PER_SECOND: '3',
    ARK_API_KEY: ark.apiKey, ARK_BASE_URL: ark.url, ARK_POINTS_PER_SECOND: '4',
    KLING_ACCESS_KEY: kling.accessKey, KLING_SECRET_KEY: kling.secretKey, KLING_BASE_URL: kling.url, KLING_POINTS_PER_SECOND: '5',
    COMFYUI_URL: comfy.url, COMFYUI_WORKFLOW: path.join(__dirname, '..', 'stand-ins', 'comfyui-workflow.json'), COMFYUI_POINTS_PER_SECOND: '2',
  });
});
afterAll(() => Promise.all([standIn.close(), ark.close(), kling.close(), comfy.close()]));

describeTaskEngines('hosted video models (DashScope Wan through its stand-in)', (ctx) => {
  let pool: WorkerPool | undefined;
  const startPool = (maxTries = 4, timeoutMs = 60_000) => {
    const app = ctx.app();
    pool = startWorkers({
      db: app.db, store: app.storage, config: app.config, signals: app.taskSignals, log: app.log,
      provider: createProvider(app.config), count: 1, pollMs: 50,
      clipTiming: { pollMs: 20, backoffMs: 10, maxTries, timeoutMs },
    });
  };
  beforeEach(() => {
    Object.assign(standIn.settings, { pendingPolls: 1, runningPolls: 1, urlTtlMs: 24 * 3600_000, staleUrls: 0 });
  });
  afterEach(async () => {
    await pool?.stop();
    pool = undefined;
  });
  const clipsOf = (taskId: string) => ctx.db().select().from(taskClips).where(eq(taskClips.taskId, Number(taskId))).orderBy(taskClips.position);
  // The stand-in outlives the engine runs: prompts carry the engine's name.
  const submitsFor = (prompt: string) => [...standIn.tasks.values()].filter((t) => t.prompt.includes(`${prompt}-${ctx.engine}`));
  const vendorTasksOf = async (taskId: string) => (await clipsOf(taskId)).map((clip) => standIn.tasks.get(clip.vendorTaskId!));

  it('lists the built-in renderer and the configured model, without sign-in; the others are not offered', async () => {
    const { list } = await callOk<{ list: { id: string; pointsPerSecond: number; default: boolean; modes: string[] }[] }>(ctx, 'models', {});
    expect(list.map((m) => [m.id, m.pointsPerSecond, m.default])).toEqual([['builtin', 1, true], ['wan', 3, false], ['seedance', 4, false], ['kling', 5, false], ['comfyui', 2, false]]);
    expect(list[1]!.modes).toEqual(['text', 'image']);
    for (const secret of [standIn.apiKey, ark.apiKey, kling.secretKey]) expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('quotes and charges the model\'s price × duration; a model not configured is refused naming it', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    expect(await callOk(ctx, 'quote', { token, duration: 10, model: 'wan' })).toMatchObject({ cost: 30, enough: true });
    expect(await callOk(ctx, 'quote', { token, duration: 10 })).toMatchObject({ cost: 10 });
    // The ComfyUI workflow here is text-to-video only: pictures are refused, naming the model.
    const image = await uploadImage(ctx, token);
    const refused = await ctx.post(`${TASK_API}/save`, { token, title: 't', prompt: 'p', aspectRatio: '9:16', duration: 5, model: 'comfyui', images: [image] });
    expect(refused.body).toMatchObject({ rspCode: 2, rspMsg: 'ComfyUI（自建）不能用图片生成，请去掉图片或换一个模型' });
  });

  it('text-to-video: one clip from the vendor, composed to the asked length; stages shown; clip kept then removed', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 100 });
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 8, prompt: `文生视频一-${ctx.engine}。海浪涌来。`, aspectRatio: '16:9' });
    expect(saved).toMatchObject({ model: 'wan', cost: 24, stage: { step: 'queued', label: '排队中' } });
    startPool();
    await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
    const done = await callOk<VideoTask>(ctx, 'detail', { token, id: saved.id });
    expect(done.stage).toEqual({ step: 'ended', clipsDone: 1, clipsTotal: 1, label: '已完成' });
    expect(done.videoUrl).not.toBe('');
    const sent = submitsFor('文生视频一');
    expect(sent.map((t) => [t.model, t.size, t.duration])).toEqual([['wan2.5-t2v-preview', '1280*720', 10]]);
    const [clip] = await clipsOf(saved.id);
    expect(clip).toMatchObject({ status: 'stored', vendorTaskId: sent[0]!.id, submits: 1 });
    // Once the video is made, the clip goes from our store.
    await waitUntil(async () => (await ctx.app().storage.head(clip!.clipKey!)) === null, 10_000, 'the clip removed');
    const video = await ctx.app().storage.head((await taskRow(ctx, saved.id)).videoKey!);
    expect(video!.size).toBeGreaterThan(10_000);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.change)).toEqual([-24]);
    expect((await userState(ctx.db(), user.id)).points).toBe(76);
  });

  it('image-to-video: a clip per picture, each picture sent inline to the i2v model', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const images = [await uploadImage(ctx, token), await uploadImage(ctx, token)];
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 10, images, prompt: '图生视频二。第一张。第二张。' });
    startPool();
    await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
    const sent = await vendorTasksOf(saved.id);
    expect(sent.map((t) => [t!.model, t!.resolution, t!.duration, t!.image?.contentType])).toEqual([
      ['wan2.5-i2v-preview', '720P', 5, 'image/png'],
      ['wan2.5-i2v-preview', '720P', 5, 'image/png'],
    ]);
    expect((await clipsOf(saved.id)).map((c) => c.status)).toEqual(['stored', 'stored']);
  });

  it('a moderation refusal fails the task with a reason users understand, refunded once', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 50 });
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 5, prompt: `违禁的文案-${ctx.engine}` });
    startPool();
    await waitForStatus(ctx, saved.id, 'failed', 60_000);
    expect((await taskRow(ctx, saved.id)).errorMsg).toBe(CLIP_MESSAGES.moderation);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.change)).toEqual([-15, 15]);
    expect((await userState(ctx.db(), user.id)).points).toBe(50);
  });

  it('429 twice, then the submit goes through: one paid clip', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 50 });
    standIn.failNext(2, 429);
    const before = standIn.counts.submits;
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 5, prompt: `限流后成功-${ctx.engine}` });
    startPool();
    await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
    expect(standIn.counts.submits - before).toBe(3);
    expect(submitsFor('限流后成功')).toHaveLength(1);
  });

  it('a vendor that keeps answering 500 fails the task as busy after bounded tries, refunded', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 50 });
    standIn.failNext(3, 500);
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 5, prompt: `一直出错-${ctx.engine}` });
    startPool(3);
    await waitForStatus(ctx, saved.id, 'failed', 60_000);
    expect((await taskRow(ctx, saved.id)).errorMsg).toBe(CLIP_MESSAGES.busy);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.change)).toEqual([-15, 15]);
    expect(submitsFor('一直出错')).toHaveLength(0);
  });

  it('cancel while the clip waits at the vendor cancels the vendor task; points come back once', async () => {
    standIn.settings.pendingPolls = 10_000;
    const { user, token } = await signedInUser(ctx.db(), { points: 50 });
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 5, prompt: `排队时取消-${ctx.engine}` });
    startPool();
    await waitUntil(async () => (await clipsOf(saved.id))[0]?.status === 'submitted', 30_000, 'the clip submitted');
    const stage = (await callOk<VideoTask>(ctx, 'detail', { token, id: saved.id })).stage;
    expect(stage).toMatchObject({ step: 'clips', clipsDone: 0, clipsTotal: 1, label: 'AI 生成片段 0/1' });
    // Two cancels at once: one takes the task, the other finds it ended.
    const answers = await Promise.all([1, 2].map(() => ctx.post(`${TASK_API}/cancel`, { token, id: saved.id })));
    expect(answers.map((a) => a.body.rspCode).sort()).toEqual([0, 5]);
    const [vendorTask] = submitsFor('排队时取消');
    await waitUntil(() => vendorTask!.status === 'CANCELED', 10_000, 'the vendor task cancelled');
    expect((await clipsOf(saved.id))[0]!.status).toBe('cancelled');
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.change)).toEqual([-15, 15]);
    expect((await userState(ctx.db(), user.id)).points).toBe(50);
  });

  it('a clip that never finishes fails the task after the time limit, refunded, and is cancelled at the vendor', async () => {
    standIn.settings.pendingPolls = 1_000_000;
    const { user, token } = await signedInUser(ctx.db(), { points: 50 });
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 5, prompt: `永远排队-${ctx.engine}` });
    startPool(4, 300);
    await waitForStatus(ctx, saved.id, 'failed', 30_000);
    expect((await taskRow(ctx, saved.id)).errorMsg).toBe(CLIP_MESSAGES.timeout);
    expect(submitsFor('永远排队').map((t) => t.status)).toEqual(['CANCELED']);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.change)).toEqual([-15, 15]);
    expect((await userState(ctx.db(), user.id)).points).toBe(50);
  });

  it('an expired result URL is polled again for a fresh one: the clip is not paid for twice', async () => {
    // The first result URL is long expired (403 Request has expired); a new poll signs a good one.
    standIn.settings.staleUrls = 1;
    const downloadsBefore = standIn.counts.downloads;
    const { token } = await signedInUser(ctx.db(), { points: 50 });
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 5, prompt: `链接过期一次-${ctx.engine}` });
    startPool();
    await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
    expect(submitsFor('链接过期一次')).toHaveLength(1);
    expect(standIn.counts.downloads - downloadsBefore).toBe(1);
  });

  it('a clip whose result stays expired is made again once, then the task fails, refunded', async () => {
    standIn.settings.staleUrls = 1000;
    const { token } = await signedInUser(ctx.db(), { points: 50 });
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 5, prompt: `链接一直过期-${ctx.engine}` });
    startPool();
    await waitForStatus(ctx, saved.id, 'failed', 60_000);
    expect(submitsFor('链接一直过期')).toHaveLength(2);
    expect((await taskRow(ctx, saved.id)).errorMsg).toBe(CLIP_MESSAGES.failed);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.change)).toEqual([-15, 15]);
    await expectLedgerMatchesBalances(ctx.db());
  });

  it('Seedance (Ark) and Kling make their videos through the same pipeline', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const image = await uploadImage(ctx, token);
    const onArk = await saveOk(ctx, token, { model: 'seedance', duration: 5, aspectRatio: '1:1', prompt: `方舟-${ctx.engine}` });
    const onKling = await saveOk(ctx, token, { model: 'kling', duration: 5, images: [image], prompt: `可灵-${ctx.engine}` });
    expect([onArk.cost, onKling.cost]).toEqual([20, 25]);
    startPool();
    await waitForStatus(ctx, onArk.id, 'succeeded', 60_000);
    await waitForStatus(ctx, onKling.id, 'succeeded', 60_000);
    expect([...ark.tasks.values()].filter((t) => t.prompt.includes(`方舟-${ctx.engine}`)).map((t) => [t.ratio, t.duration])).toEqual([['1:1', 5]]);
    expect([...kling.tasks.values()].filter((t) => t.prompt.includes(`可灵-${ctx.engine}`)).map((t) => [t.kind, t.duration, t.image?.contentType])).toEqual([['image2video', '5', 'image/png']]);
  });

  it('a clip whose submit answer was lost is found at Kling by our id, not sent again', async () => {
    kling.settings.submittedPolls = 1_000_000;
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const saved = await saveOk(ctx, token, { model: 'kling', duration: 5, prompt: `丢失的回答-${ctx.engine}` });
    startPool();
    await waitUntil(async () => (await clipsOf(saved.id))[0]?.status === 'submitted', 30_000, 'the clip submitted');
    await pool!.stop();
    pool = undefined;
    const [clip] = await clipsOf(saved.id);
    // As if the worker had died between Kling's answer and writing it down, two minutes ago.
    await ctx.db().update(taskClips).set({ status: 'submitting', vendorTaskId: null, updatedAt: new Date(Date.now() - 120_000) }).where(eq(taskClips.id, clip!.id));
    kling.settings.submittedPolls = 0;
    startPool();
    await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
    expect([...kling.tasks.values()].filter((t) => t.prompt.includes(`丢失的回答-${ctx.engine}`))).toHaveLength(1);
    expect((await clipsOf(saved.id))[0]).toMatchObject({ status: 'stored', vendorTaskId: clip!.vendorTaskId, submits: 1 });
  });

  it('ComfyUI: made on the GPU server\'s queue; a restart that lost the queue has the clip made again, once', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    comfy.settings.runPolls = 1_000_000;
    const saved = await saveOk(ctx, token, { model: 'comfyui', duration: 5, prompt: `自建-${ctx.engine}` });
    startPool();
    await waitUntil(async () => (await clipsOf(saved.id))[0]?.vendorStatus === 'running', 30_000, 'the prompt running');
    comfy.restart();
    comfy.settings.runPolls = 1;
    await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
    expect((await clipsOf(saved.id))[0]).toMatchObject({ status: 'stored', submits: 2 });
  });
}, env);
