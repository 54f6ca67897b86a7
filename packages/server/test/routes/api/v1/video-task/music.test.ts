import { eq } from 'drizzle-orm';
import { MUSIC_MOOD_TITLES, MUSIC_MOODS, MusicRefusal, type UploadPolicy } from '@app/contract';
import { videoTasks } from '../../../../../src/db/schema.js';
import { fileUse } from '../../../../../src/modules/files/file-in-use.js';
import { keyOfFileUrl } from '../../../../../src/modules/files/file-urls.js';
import { MUSIC_GONE } from '../../../../../src/modules/music/music-choice.js';
import { addTemplate } from '../../../../../src/modules/templates/templates.js';
import type { WorkerPool } from '../../../../../src/workers/worker-pool.js';
import { audioFile, type AudioFormat } from '../../../../helpers/audio-fixtures.js';
import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { TestProvider } from '../../../../helpers/test-provider.js';
import { callOk, ledgerOfTask, saveOk, TASK_API, taskBody, testWorkers, uploadImage, waitForStatus } from '../../../../helpers/tasks.js';
import { removeTempDirs } from '../../../../helpers/temp-dirs.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../../../helpers/users.js';
import { uploadForm } from '../../../../modules/storage/upload-fixtures.js';

const ADMIN_TOKEN = 'admin-token-for-the-task-music-tests';

afterAll(removeTempDirs);

describeTaskEngines(
  'background music: the list, save\'s music and volumes, and what the renderer is handed',
  (ctx) => {
    const pools: WorkerPool[] = [];
    afterEach(async () => {
      await Promise.all(pools.splice(0).map((pool) => pool.stop()));
    });

    const addTrack = async (title: string, format: AudioFormat = 'mp3') =>
      (
        await ctx.app().inject({
          method: 'POST',
          url: `/admin/api/music/add?${new URLSearchParams({ title, mood: 'food' }).toString()}`,
          headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${ADMIN_TOKEN}` },
          payload: audioFile(format),
        })
      ).json().data as { id: string; url: string; durationSeconds: number };

    /** The user's own music through the audio upload policy, as the app sends it; answers its URL. */
    async function uploadAudio(token: string, bytes: Buffer = audioFile('m4a'), type = 'audio/x-m4a'): Promise<string> {
      const policy: UploadPolicy = (await ctx.post('/server_api/oss/stsPolicy', { token, kind: 'audio' })).body.data;
      const res = await ctx.app().inject({ method: 'POST', url: '/files', payload: uploadForm(policy, { bytes, type }) });
      if (res.statusCode !== 204) throw new Error(`audio upload answered ${res.statusCode} ${res.body}`);
      return policy.url;
    }

    const saveFails = async (token: string, overrides: Record<string, unknown>) => (await ctx.post(`${TASK_API}/save`, { token, ...taskBody(overrides) })).body;

    it('lists the engine\'s music, one per mood, then the operators\' tracks with their file as the sample', async () => {
      const track = await addTrack('小馆时光');
      const { list } = await callOk(ctx, 'music', {});
      expect(list.slice(0, MUSIC_MOODS.length)).toEqual(
        MUSIC_MOODS.map((mood) => ({ id: `gen:${mood}`, title: MUSIC_MOOD_TITLES[mood], mood, durationSeconds: 0, sampleUrl: null, kind: 'generated' })),
      );
      expect(list.map((m: { title: string }) => m.title).slice(0, 6)).toEqual(['轻快旅行', '温馨美食', '喜庆节日', '科技律动', '温暖亲子', '沉稳商务']);
      expect(list).toContainEqual({ id: `track:${track.id}`, title: '小馆时光', mood: 'food', durationSeconds: 3, sampleUrl: track.url, kind: 'track' });
    });

    it('saves each choice with its volumes, and hands the renderer the music each names', async () => {
      const template = await addTemplate(ctx.db(), ctx.app().config, {
        title: '美食探店',
        description: '',
        category: '美食',
        style: '温馨',
        coverUrl: '/files/templates/c.jpg',
        videoUrl: '/files/templates/v.mp4',
        duration: 15,
        aspectRatio: '9:16',
        sort: 0,
        params: {},
      });
      const track = await addTrack('小馆时光', 'wav');
      const { token } = await signedInUser(ctx.db(), { points: 100 });
      const upload = await uploadAudio(token);

      const choices = ['', 'none', 'gen:festival', `track:${track.id}`, upload];
      const saved = [];
      for (const music of choices) saved.push(await saveOk(ctx, token, { templateId: template.id, music, musicVolume: 35, voiceVolume: 80 }));
      // Left out: the template's own music at the default volumes.
      saved.push(await saveOk(ctx, token));
      for (const [i, music] of choices.entries()) expect(saved[i]).toMatchObject({ music, musicVolume: 35, voiceVolume: 80, cost: 5 });
      expect(saved[5]).toMatchObject({ music: '', musicVolume: 60, voiceVolume: 100 });

      const provider = new TestProvider({ steps: 1, stepMs: 1 });
      pools.push(testWorkers(ctx, provider));
      for (const task of saved) await waitForStatus(ctx, task.id, 'succeeded');
      const handed = (id: string) => provider.calls.find((call) => call.task.id === id)!;

      // The template's style 温馨 is the food mood; the seed is its title, so each template sounds its own.
      expect(handed(saved[0]!.id).task).toMatchObject({ music: { mood: 'food', seed: '美食探店' }, musicVolume: 0.35, voiceVolume: 0.8 });
      expect(handed(saved[1]!.id).task.music).toBeNull();
      expect(handed(saved[2]!.id).task.music).toEqual({ mood: 'festival', seed: '美食探店' });
      const trackCall = handed(saved[3]!.id);
      expect(trackCall.task.music).toEqual({ file: expect.stringMatching(/music\.wav$/) });
      expect(trackCall.musicBytes?.equals(audioFile('wav'))).toBe(true);
      const uploadCall = handed(saved[4]!.id);
      expect(uploadCall.task.music).toEqual({ file: expect.stringMatching(/music\.m4a$/) });
      expect(uploadCall.musicBytes?.equals(audioFile('m4a'))).toBe(true);
      // No template: the default mood, seeded by the mood itself.
      expect(handed(saved[5]!.id).task).toMatchObject({ music: { mood: 'travel', seed: 'travel' }, musicVolume: 0.6, voiceVolume: 1 });
    });

    it.each([
      ['an unknown mood', 'gen:jazz', MusicRefusal.unknown],
      ['an unknown track', 'track:987654321', MusicRefusal.unknown],
      ['a track id that is no number', 'track:abc', MusicRefusal.unknown],
      ['a URL this server never issued', 'https://example.com/song.mp3', MusicRefusal.notYours],
    ])('refuses %s with rspCode 2, charging nothing', async (_name, music, msg) => {
      const { user, token } = await signedInUser(ctx.db(), { points: 50 });
      expect(await saveFails(token, { music })).toEqual({ rspCode: 2, rspMsg: msg });
      expect((await userState(ctx.db(), user.id)).points).toBe(50);
    });

    it('refuses another user\'s music, and the user\'s own picture given as music', async () => {
      const other = await signedInUser(ctx.db(), { points: 10 });
      const theirs = await uploadAudio(other.token);
      const { token } = await signedInUser(ctx.db(), { points: 10 });
      expect(await saveFails(token, { music: theirs })).toEqual({ rspCode: 2, rspMsg: MusicRefusal.notYours });
      expect(await saveFails(token, { music: await uploadImage(ctx, token) })).toEqual({ rspCode: 2, rspMsg: MusicRefusal.notYours });
    });

    it('refuses music shorter than a second (measured by decoding at save)', async () => {
      const { token } = await signedInUser(ctx.db(), { points: 10 });
      const short = await uploadAudio(token, audioFile('mp3', 0.5), 'audio/mpeg');
      expect(await saveFails(token, { music: short })).toEqual({ rspCode: 2, rspMsg: MusicRefusal.tooShort });
    });

    it('refuses volumes outside 0–100 in words', async () => {
      const { token } = await signedInUser(ctx.db(), { points: 10 });
      expect(await saveFails(token, { musicVolume: 101 })).toMatchObject({ rspCode: 2, rspMsg: expect.stringContaining('音乐音量') });
      expect(await saveFails(token, { voiceVolume: -1 })).toMatchObject({ rspCode: 2, rspMsg: expect.stringContaining('配音音量') });
    });

    it('keeps the music of a live task in use: delete_file_url refuses it until the task ends', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 10 });
      const music = await uploadAudio(token);
      const task = await saveOk(ctx, token, { music });
      expect(await fileUse(ctx.db(), { userId: user.id, url: music })).toBe('live-task');
      expect((await ctx.post(`${TASK_API}/delete_file_url`, { token, url: music })).body).toEqual({ rspCode: 5, rspMsg: '文件正在使用，无法删除' });
      await callOk(ctx, 'cancel', { token, id: task.id });
      // The cancelled task still shows it (kept by the upload sweep), but its owner may remove it.
      expect(await fileUse(ctx.db(), { userId: user.id, url: music })).toBe('task');
      expect((await ctx.post(`${TASK_API}/delete_file_url`, { token, url: music })).body.rspCode).toBe(0);
    });

    it('fails a task whose music is gone from storage with a reason, and refunds it once', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 10 });
      const music = await uploadAudio(token);
      const task = await saveOk(ctx, token, { music });
      await ctx.app().storage.delete(keyOfFileUrl(ctx.app().config, music)!);
      pools.push(testWorkers(ctx, new TestProvider({ steps: 1, stepMs: 1 })));
      await waitForStatus(ctx, task.id, 'failed');
      const [row] = await ctx.db().select().from(videoTasks).where(eq(videoTasks.id, Number(task.id)));
      expect(row?.errorMsg).toBe(MUSIC_GONE);
      expect((await ledgerOfTask(ctx, task.id)).map((entry) => entry.change)).toEqual([-5, 5]);
      expect((await userState(ctx.db(), user.id)).points).toBe(10);
      await expectLedgerMatchesBalances(ctx.db());
    });
  },
  { ADMIN_TOKEN },
);
