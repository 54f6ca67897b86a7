// Narrated videos through the real workers: the script read by a voice provider's stand-in, the
// render handed the audio and the span of every sentence, a reading longer than the estimate
// lengthening the video, vendor failures failing the task with a Chinese reason and one refund,
// and one real render by the built-in engine that takes the narration's file.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '@app/engine';
import type { VideoTask } from '@app/contract';
import { createProvider } from '../../src/modules/tasks/create-provider.js';
import { scriptPhrases } from '../../src/modules/voices/script-phrases.js';
import { voiceProviders } from '../../src/modules/voices/voices.js';
import { parseWav, pcmSeconds } from '../../src/modules/voices/wav.js';
import { VOICE_FAILED, VOICE_MODERATION } from '../../src/workers/task-narration.js';
import { startWorkers, type WorkerPool } from '../../src/workers/worker-pool.js';
import { describeTaskEngines } from '../helpers/task-engines.js';
import { callOk, ledgerOfTask, saveOk, taskRow, testWorkers, uploadImage, waitForStatus } from '../helpers/tasks.js';
import { makeTempDir } from '../helpers/temp-dirs.js';
import { TestProvider, type RenderCall } from '../helpers/test-provider.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../helpers/users.js';
import { MINIMAX_SENSITIVE, startMinimaxStandIn, type MinimaxStandIn } from '../stand-ins/minimax-tts.js';
import { spokenSeconds } from '../stand-ins/speech-audio.js';
import { startVolcStandIn, type VolcStandIn } from '../stand-ins/volc-tts.js';
import type { ProgressListener, RenderResult, RenderTask } from '../../src/modules/tasks/video-provider.js';

jest.setTimeout(120_000);

/** A test provider that also keeps the narration's audio as it found it in the work directory. */
class RecordingProvider extends TestProvider {
  readonly narrations = new Map<string, Buffer>();
  override async render(task: RenderTask, onProgress: ProgressListener, signal: AbortSignal): Promise<RenderResult> {
    if (task.narration) this.narrations.set(task.id, await readFile(task.narration.file));
    return super.render(task, onProgress, signal);
  }
}

let minimax: MinimaxStandIn;
let volc: VolcStandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  [minimax, volc] = await Promise.all([startMinimaxStandIn(), startVolcStandIn()]);
  Object.assign(env, { MINIMAX_API_KEY: minimax.apiKey, MINIMAX_BASE_URL: minimax.url, VOLC_TTS_APPID: volc.appId, VOLC_TTS_TOKEN: volc.token, VOLC_TTS_BASE_URL: volc.url });
});
afterAll(() => Promise.all([minimax.close(), volc.close()]));

const FAST_RETRY = { attempts: 3, backoffMs: 1, maxBackoffMs: 5 };

describeTaskEngines('narrated videos (voice stand-ins)', (ctx) => {
  let pool: WorkerPool | undefined;
  let provider: RecordingProvider;
  beforeEach(() => {
    provider = new RecordingProvider({ steps: 2, stepMs: 1 });
    pool = testWorkers(ctx, provider, { pollMs: 50, voices: { providers: voiceProviders(ctx.app().config), retry: FAST_RETRY } });
  });
  afterEach(async () => {
    await pool?.stop();
    pool = undefined;
    minimax.limits.requestsPerWindow = 1000;
  });
  const lastCall = (id: string): RenderCall => provider.calls.findLast((call) => call.task.id === id)!;

  it('hands the render the narration: a WAV in the work directory and every caption phrase with its span in it', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 50 });
    const prompt = '清晨的阳光洒在湖面上，我们划着小船出发。远处的山，近处的花，都在向我们问好！';
    const saved = await saveOk(ctx, token, { prompt, duration: 12, voice: 'volc:BV700_streaming', voiceSpeed: 1.2 });
    await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
    const { task } = lastCall(saved.id);
    expect(path.dirname(task.narration!.file)).toBe(task.workDir);
    const phrases = scriptPhrases(prompt);
    expect(task.narration!.sentences.map((s) => s.text)).toEqual(phrases);
    const wav = parseWav(provider.narrations.get(saved.id)!);
    const seconds = pcmSeconds(wav);
    expect(task.narration!.sentences.at(-1)!.end).toBeCloseTo(seconds, 2);
    for (const [i, sentence] of task.narration!.sentences.entries()) {
      expect(sentence.end - sentence.start).toBeCloseTo(spokenSeconds(phrases[i]!, 1.2), 2);
      if (i > 0) expect(sentence.start).toBeGreaterThan(task.narration!.sentences[i - 1]!.end);
    }
    // The reading fits the 12 s paid for: the video keeps its length.
    expect(task.duration).toBe(12);
    expect(volc.calls.filter((c) => phrases.includes(c.text)).every((c) => c.voiceType === 'BV700_streaming' && c.speedRatio === 1.2)).toBe(true);
  });

  it('a task without a voice renders as before: no narration, no call to a provider', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 50 });
    const before = minimax.calls.length + volc.calls.length;
    const saved = await saveOk(ctx, token, { prompt: '没有配音的视频' });
    await waitForStatus(ctx, saved.id, 'succeeded', 30_000);
    expect(lastCall(saved.id).task.narration).toBeUndefined();
    expect(minimax.calls.length + volc.calls.length).toBe(before);
  });

  it('a reading longer than the estimate lengthens the video to hold it all, at no extra charge', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 50 });
    // Twelve two-character phrases: 6 s by the estimate, more with the pauses between them.
    const prompt = '春天，夏天，秋天，冬天，早晨，中午，傍晚，夜里，山上，海边，城里，家中';
    const saved = await saveOk(ctx, token, { prompt, duration: 8, voice: 'minimax:female-shaonv' });
    await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
    const { task } = lastCall(saved.id);
    const end = task.narration!.sentences.at(-1)!.end;
    expect(end + 1.5 + 0.5).toBeGreaterThan(8);
    expect(task.duration).toBe(Math.ceil(1.5 + end + 0.5 - 1e-9));
    expect((await taskRow(ctx, saved.id)).duration).toBe(task.duration);
    expect((await userState(ctx.db(), user.id)).points).toBe(50 - 8 - 2);
  });

  it('sensitive text refused by the vendor fails the video with a reason users understand, refunded once', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 30 });
    const saved = await saveOk(ctx, token, { prompt: `这段文案里有${MINIMAX_SENSITIVE}。`, duration: 6, voice: 'minimax:female-yujie' });
    await waitForStatus(ctx, saved.id, 'failed', 60_000);
    expect(await callOk<VideoTask>(ctx, 'detail', { token, id: saved.id })).toMatchObject({ status: 'failed', errorMsg: VOICE_MODERATION });
    expect((await ledgerOfTask(ctx, saved.id)).map((row) => [row.type, row.change])).toEqual([['generate', -8], ['refund', 8]]);
    expect((await userState(ctx.db(), user.id)).points).toBe(30);
    await expectLedgerMatchesBalances(ctx.db());
  });

  it('a rate limit that outlasts the retries fails the video, refunded once, and never reaches the renderer', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 30 });
    minimax.limits.requestsPerWindow = 0;
    const saved = await saveOk(ctx, token, { prompt: '限流中的配音', duration: 5, voice: 'minimax:male-qn-qingse' });
    await waitForStatus(ctx, saved.id, 'failed', 60_000);
    expect((await taskRow(ctx, saved.id)).errorMsg).toBe(VOICE_FAILED);
    expect(provider.calls.some((call) => call.task.id === saved.id)).toBe(false);
    expect((await ledgerOfTask(ctx, saved.id)).map((row) => row.change)).toEqual([-7, 7]);
    expect((await userState(ctx.db(), user.id)).points).toBe(30);
  });
}, env);

describeTaskEngines('a narrated video rendered by the built-in engine', (ctx) => {
  let pool: WorkerPool | undefined;
  afterEach(async () => {
    await pool?.stop();
    pool = undefined;
  });

  it('takes the narration file and makes a video with sound of the paid length', async () => {
    const app = ctx.app();
    pool = startWorkers({ db: app.db, store: app.storage, config: app.config, signals: app.taskSignals, log: app.log, provider: createProvider(app.config), count: 1, pollMs: 50 });
    const { token } = await signedInUser(ctx.db(), { points: 50 });
    const image = await uploadImage(ctx, token);
    const saved = await saveOk(ctx, token, { prompt: '海风轻轻吹过，我们在沙滩上奔跑。', duration: 6, images: [image], voice: 'volc:BV001_streaming' });
    await waitForStatus(ctx, saved.id, 'succeeded', 90_000);
    const done = await callOk<VideoTask>(ctx, 'detail', { token, id: saved.id });
    const video = await app.inject({ method: 'GET', url: done.videoUrl });
    const file = path.join(makeTempDir(), 'narrated.mp4');
    await writeFile(file, video.rawPayload);
    const { stderr } = await promisify(execFile)(ffmpegPath, ['-hide_banner', '-i', file, '-f', 'null', '-'], { maxBuffer: 16 * 2 ** 20 }).catch((error: { stderr: string }) => ({ stderr: error.stderr }));
    expect(stderr).toMatch(/Stream #0:\d.*Audio/);
    const [, h, m, s] = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr)!;
    expect(Number(h) * 3600 + Number(m) * 60 + Number(s)).toBeCloseTo(6, 0);
  });
}, env);
