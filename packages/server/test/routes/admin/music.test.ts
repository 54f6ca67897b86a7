import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { TrackRefusal } from '@app/contract';
import { files, musicTracks, videoTasks } from '../../../src/db/schema.js';
import { AUDIO_TYPES, audioFile, type AudioFormat } from '../../helpers/audio-fixtures.js';
import { describeEngines } from '../../helpers/engines.js';
import { saveOk } from '../../helpers/tasks.js';
import { removeTempDirs } from '../../helpers/temp-dirs.js';
import { signedInUser } from '../../helpers/users.js';
import { PNG } from '../../modules/storage/upload-fixtures.js';

const ADMIN_TOKEN = 'admin-token-for-the-music-tests';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

afterAll(removeTempDirs);

describeEngines(
  'admin API: background music tracks',
  (ctx) => {
    const add = (bytes: Buffer, query: Record<string, string>, headers: Record<string, string> = auth) =>
      ctx.app().inject({
        method: 'POST',
        url: `/admin/api/music/add?${new URLSearchParams(query).toString()}`,
        headers: { 'content-type': 'application/octet-stream', ...headers },
        payload: bytes,
      });
    const list = async () => (await ctx.post('/admin/api/music/list', {}, auth)).body.data.list;
    const remove = (id: string) => ctx.post('/admin/api/music/remove', { id }, auth);
    const filesDir = () => path.join(ctx.app().config.dataDir, 'files');

    it.each([
      ['mp3', 3],
      ['m4a', 2],
      ['aac', 2],
      ['wav', 1.5],
    ] as [AudioFormat, number][])('adds a %s track: sniffed, measured by decoding, stored, listed', async (format, seconds) => {
      const bytes = audioFile(format, seconds);
      const res = await add(bytes, { title: `晨光 ${format}`, mood: 'family' });
      expect(res.json()).toMatchObject({ rspCode: 0, data: { title: `晨光 ${format}`, mood: 'family', contentType: AUDIO_TYPES[format], size: bytes.length } });
      const track = res.json().data;
      // AAC encoders pad a frame or two; the decode measures what is there.
      expect(track.durationSeconds).toBeGreaterThanOrEqual(seconds);
      expect(track.durationSeconds).toBeLessThan(seconds + 0.2);
      expect(track.url).toMatch(new RegExp(`^/files/music/[0-9a-f]{32}\\.${format}$`));
      const served = await ctx.app().inject({ method: 'GET', url: track.url });
      expect([served.statusCode, served.headers['content-type'], served.rawPayload.equals(bytes)]).toEqual([200, AUDIO_TYPES[format], true]);
      expect((await list())[0]).toEqual(track);
    });

    it.each([
      ['a PNG', PNG, TrackRefusal.notAudio],
      ['a text file', Buffer.from('not music at all'), TrackRefusal.notAudio],
      ['an empty body', Buffer.alloc(0), TrackRefusal.empty],
      ['a WAV header with nothing after it', audioFile('wav').subarray(0, 44), TrackRefusal.unreadable],
      ['half a second of sound', audioFile('mp3', 0.5), TrackRefusal.tooShort],
    ])('refuses %s with rspCode 2 and its reason, storing nothing', async (_name, bytes, msg) => {
      const before = await ctx.db().select().from(musicTracks);
      const res = await add(bytes, { title: '坏文件', mood: 'tech' });
      expect(res.json()).toEqual({ rspCode: 2, rspMsg: msg });
      expect(await ctx.db().select().from(musicTracks)).toEqual(before);
      expect((await ctx.db().select().from(files).where(eq(files.kind, 'music'))).length).toBe(before.length);
    });

    it('refuses an unknown mood and a missing title in words', async () => {
      const mood = await add(audioFile('mp3'), { title: '晨光', mood: 'jazz' });
      expect(mood.json()).toMatchObject({ rspCode: 2, rspMsg: expect.stringContaining('情绪') });
      const title = await add(audioFile('mp3'), { mood: 'tech' });
      expect(title.json()).toMatchObject({ rspCode: 2, rspMsg: expect.stringContaining('标题') });
    });

    it('needs the admin token before it reads the file (401)', async () => {
      const res = await add(audioFile('mp3'), { title: '晨光', mood: 'tech' }, { authorization: 'Bearer wrong-token-wrong-token' });
      expect(res.statusCode).toBe(401);
    });

    it('removes a track and its file; refuses while a queued video uses it; unknown: rspCode 4', async () => {
      const track = (await add(audioFile('mp3'), { title: '待删', mood: 'business' })).json().data;
      const { token } = await signedInUser(ctx.db(), { points: 100 });
      const task = await saveOk(ctx, token, { music: `track:${track.id}` });

      expect((await remove(track.id)).body).toEqual({ rspCode: 5, rspMsg: TrackRefusal.inUse });
      await ctx.db().update(videoTasks).set({ status: 'succeeded' }).where(eq(videoTasks.id, Number(task.id)));

      expect((await remove(track.id)).body).toMatchObject({ rspCode: 0 });
      const key = track.url.replace(/^\/files\//, '');
      expect(existsSync(path.join(filesDir(), key))).toBe(false);
      expect(await ctx.db().select().from(files).where(eq(files.key, key))).toEqual([]);
      expect((await list()).map((t: { id: string }) => t.id)).not.toContain(track.id);
      expect((await remove(track.id)).body).toEqual({ rspCode: 4, rspMsg: TrackRefusal.notFound });
    });
  },
  { ADMIN_TOKEN },
);
