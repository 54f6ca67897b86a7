// The voices on offer, and narration on the quote and the save: what it costs, which voices and
// speeds are taken, and a script too long to be read in the video refused before anything is charged.
import { followVoiceDuration, type Voice } from '@app/contract';
import { SAMPLE_TEXT } from '../../../../../src/modules/voices/voice-samples.js';
import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { callOk, ledgerOfTask, TASK_API, taskBody, waitUntil } from '../../../../helpers/tasks.js';
import { signedInUser, userState } from '../../../../helpers/users.js';
import { startMinimaxStandIn, type MinimaxStandIn } from '../../../../stand-ins/minimax-tts.js';
import { startVolcStandIn, type VolcStandIn } from '../../../../stand-ins/volc-tts.js';

let minimax: MinimaxStandIn;
let volc: VolcStandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  [minimax, volc] = await Promise.all([startMinimaxStandIn(), startVolcStandIn()]);
  Object.assign(env, {
    MINIMAX_API_KEY: minimax.apiKey, MINIMAX_BASE_URL: minimax.url,
    VOLC_TTS_APPID: volc.appId, VOLC_TTS_TOKEN: volc.token, VOLC_TTS_BASE_URL: volc.url,
    VOICE_POINTS: '3',
  });
});
afterAll(() => Promise.all([minimax.close(), volc.close()]));

describeTaskEngines('voices: none configured', (ctx) => {
  it('lists no voice, so the app offers none; a voice asked for anyway is refused naming it, and nothing is charged', async () => {
    expect(await callOk(ctx, 'voices', {})).toEqual({ list: [], pointsPerVideo: 2 });
    const { user, token } = await signedInUser(ctx.db(), { points: 50 });
    expect((await ctx.post(`${TASK_API}/quote`, { token, duration: 5, voice: 'minimax:female-shaonv' })).body).toEqual({ rspCode: 2, rspMsg: '配音「minimax:female-shaonv」暂不可用' });
    expect((await ctx.post(`${TASK_API}/save`, { token, ...taskBody({ voice: 'minimax:female-shaonv' }) })).body).toEqual({ rspCode: 2, rspMsg: '配音「minimax:female-shaonv」暂不可用' });
    expect((await userState(ctx.db(), user.id)).points).toBe(50);
    // No voice ('' or absent) is no narration, at no price.
    expect(await callOk(ctx, 'quote', { token, duration: 5, voice: '' })).toEqual({ cost: 5, balance: 50, enough: true, voicePoints: 0 });
  });
});

describeTaskEngines('voices: MiniMax and Volcengine configured (through their stand-ins)', (ctx) => {
  it('lists every voice of both, namespaced by provider, without sign-in and without a key in sight', async () => {
    const { list, pointsPerVideo } = await callOk<{ list: Voice[]; pointsPerVideo: number }>(ctx, 'voices', {});
    expect(pointsPerVideo).toBe(3);
    expect(list.map((v) => v.id)).toEqual(expect.arrayContaining(['minimax:female-shaonv', 'minimax:male-qn-qingse', 'volc:BV001_streaming', 'volc:BV002_streaming']));
    expect(list.find((v) => v.id === 'minimax:male-qn-qingse')).toMatchObject({ name: '青涩青年', gender: 'male', provider: 'minimax', language: 'zh-CN', minSpeed: 0.5, maxSpeed: 2 });
    expect(list.find((v) => v.id === 'volc:BV001_streaming')).toMatchObject({ name: '通用女声', gender: 'female', provider: 'volc', minSpeed: 0.8, maxSpeed: 2 });
    for (const secret of [minimax.apiKey, volc.token]) expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('makes each sample once, keeps it in the store, and lists its URL from then on: a WAV that plays', async () => {
    await callOk(ctx, 'voices', {});
    let list: Voice[] = [];
    await waitUntil(async () => {
      list = (await callOk<{ list: Voice[] }>(ctx, 'voices', {})).list;
      return list.every((v) => v.sampleUrl !== '');
    }, 60_000, 'every sample stored');
    const sample = list.find((v) => v.id === 'volc:BV700_streaming')!;
    const res = await ctx.app().inject({ method: 'GET', url: sample.sampleUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    // Asked again and again, synthesized once per voice (per engine run: both share the stand-ins).
    const spokenSamples = volc.calls.filter((c) => c.voiceType === 'BV700_streaming' && SAMPLE_TEXT.includes(c.text));
    await callOk(ctx, 'voices', {});
    expect(volc.calls.filter((c) => c.voiceType === 'BV700_streaming' && SAMPLE_TEXT.includes(c.text))).toHaveLength(spokenSamples.length);
  });

  it('quotes narration as VOICE_POINTS on top of the seconds, and states it', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    expect(await callOk(ctx, 'quote', { token, duration: 8, voice: 'volc:BV002_streaming' })).toEqual({ cost: 11, balance: 10, enough: false, voicePoints: 3 });
    expect(await callOk(ctx, 'quote', { token, duration: 5, voice: 'minimax:female-yujie', voiceSpeed: 1.5 })).toEqual({ cost: 8, balance: 10, enough: true, voicePoints: 3 });
  });

  it('refuses a speed the voice does not take, or outside the API range, with a reason', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    expect((await ctx.post(`${TASK_API}/quote`, { token, duration: 5, voice: 'volc:BV001_streaming', voiceSpeed: 0.6 })).body).toEqual({ rspCode: 2, rspMsg: '配音「通用女声」的语速可选 0.8–2 倍' });
    expect((await ctx.post(`${TASK_API}/quote`, { token, duration: 5, voice: 'minimax:female-shaonv', voiceSpeed: 3 })).body.rspCode).toBe(2);
  });

  it('saves the voice, its name and speed, and charges the seconds plus the narration once', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 20 });
    const saved = await callOk(ctx, 'save', { token, ...taskBody({ duration: 6, voice: 'minimax:male-qn-jingying', voiceSpeed: 1.2 }) });
    expect(saved).toMatchObject({ voice: 'minimax:male-qn-jingying', voiceName: '精英青年', voiceSpeed: 1.2, followVoice: false, cost: 9, duration: 6 });
    expect((await userState(ctx.db(), user.id)).points).toBe(11);
    expect((await ledgerOfTask(ctx, saved.id)).map((row) => row.change)).toEqual([-9]);
    expect(await callOk(ctx, 'detail', { token, id: saved.id })).toMatchObject({ voice: 'minimax:male-qn-jingying', voiceName: '精英青年' });
  });

  it('refuses a script too long to be read in the video, saying how long it needs, and charges nothing', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 100 });
    const prompt = '我们沿着海岸线一路向南，看见了最美的日落和最蓝的大海。'; // 25 characters: 6.25 s at 4 a second
    const res = await ctx.post(`${TASK_API}/save`, { token, ...taskBody({ prompt, duration: 5, voice: 'volc:BV001_streaming' }) });
    expect(res.body).toEqual({ rspCode: 2, rspMsg: '文案朗读约需 9 秒，请加长视频或精简文案' });
    expect((await userState(ctx.db(), user.id)).points).toBe(100);
    // Faster speech fits more in the same time; so does a longer video.
    expect(await callOk(ctx, 'save', { token, ...taskBody({ prompt, duration: 9, voice: 'volc:BV001_streaming' }) })).toMatchObject({ duration: 9 });
    expect(await callOk(ctx, 'save', { token, ...taskBody({ prompt, duration: 7, voice: 'volc:BV001_streaming', voiceSpeed: 1.5 }) })).toMatchObject({ duration: 7 });
  });

  it('跟随配音时长: the server sets the duration from the script and the speed, and prices that; it needs a voice', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const prompt = '春天来了，花开满园。我们带着孩子去郊外踏青，放风筝，野餐，拍下一张张笑脸。';
    const expected = followVoiceDuration(prompt, 1.2);
    const saved = await callOk(ctx, 'save', { token, ...taskBody({ prompt, duration: 60, voice: 'minimax:female-tianmei', voiceSpeed: 1.2, followVoice: true }) });
    expect(saved).toMatchObject({ duration: expected, cost: expected + 3, followVoice: true });
    expect((await ctx.post(`${TASK_API}/save`, { token, ...taskBody({ followVoice: true }) })).body).toEqual({ rspCode: 2, rspMsg: '请先选择配音，再选跟随配音时长' });
  });
}, env);
