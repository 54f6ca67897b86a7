import { eq } from 'drizzle-orm';
import { fromBuffer, type ZipFile } from 'yauzl';
import { accountExports, videoTasks } from '../../../../../src/db/schema.js';
import { keyOfFileUrl } from '../../../../../src/modules/files/file-urls.js';
import { runOneExport } from '../../../../../src/modules/exports/export-runner.js';
import { closeDueAccounts } from '../../../../../src/modules/account-closing/close-accounts.js';
import { makeCode } from '../../../../helpers/codes.js';
import { describeEngines, type EngineContext } from '../../../../helpers/engines.js';
import { fakeCover, fakeVideo } from '../../../../helpers/test-provider.js';
import { outputKeysOf, saveOk, uploadImage, waitUntil } from '../../../../helpers/tasks.js';
import { CHANGE_INFO, PASSWORD, signUp } from './account-calls.js';

const EXPORT = '/api/v1/account/export';
const STATUS = '/api/v1/account/export_status';
const HOUR = 3600 * 1000;

// Only Date is faked (the clock links are signed and checked by); timers, PGlite and sockets run as usual.
const REAL_TIMERS = ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'] as const;
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
  jest.setSystemTime(clock);
};
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: [...REAL_TIMERS] });
  jest.setSystemTime(clock);
});
afterEach(() => jest.useRealTimers());

/** Every entry of a zip, by name, with its bytes. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describeEngines(
  '导出我的数据: export, export_status and the signed download link',
  (ctx: EngineContext) => {
    const runner = () => {
      const app = ctx.app();
      return runOneExport({ db: app.db, store: app.storage, keyOfUrl: (url) => keyOfFileUrl(app.config, url) }, 'test-runner');
    };
    const download = (url: string) => ctx.app().inject({ method: 'GET', url });

    it('prepares a zip of the user info, records, videos with scripts and settings, and their files', async () => {
      const me = await signUp(ctx);
      const code = await makeCode(ctx.db(), { points: 20, days: 30 });
      expect((await ctx.post('/api/v1/activationCode/activate', { token: me.token, code })).body.rspCode).toBe(0);
      const avatar = await uploadImage(ctx, me.token, 'avatar');
      expect((await ctx.post(CHANGE_INFO, { token: me.token, avatar, name: '李四' })).body.rspCode).toBe(0);
      const done = await saveOk(ctx, me.token, { title: '周末野餐', prompt: '草地上的午后，阳光正好。', aspectRatio: '16:9', duration: 8 });
      const keys = await outputKeysOf(ctx, done.id);
      await ctx.app().storage.put(keys.video, fakeVideo(done.id), { contentType: 'video/mp4' });
      await ctx.app().storage.put(keys.cover, fakeCover(done.id), { contentType: 'image/jpeg' });
      await ctx.db().update(videoTasks).set({ status: 'succeeded', videoKey: keys.video, coverKey: keys.cover }).where(eq(videoTasks.id, Number(done.id)));
      const queued = await saveOk(ctx, me.token, { title: '还在排队', prompt: '排队的文案' });

      expect((await ctx.post(STATUS, { token: me.token })).body.data).toEqual({ status: 'none', url: '', expiresAt: 0, size: 0 });
      expect((await ctx.post(EXPORT, { token: me.token })).body).toEqual({ rspCode: 0, rspMsg: '成功', data: { status: 'preparing', url: '', expiresAt: 0, size: 0 } });
      expect(await runner()).toBe(true);
      expect(await runner()).toBe(false);

      const status = (await ctx.post(STATUS, { token: me.token })).body.data;
      expect(status).toMatchObject({ status: 'ready', expiresAt: clock + 24 * HOUR });
      expect(status.url).toMatch(/^\/api\/v1\/account\/export_file\?id=\d+&expires=\d+&sig=[0-9a-f]{64}$/);
      const res = await download(status.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(res.rawPayload.length).toBe(status.size);
      // The zip is served by its signed link only: the store's public /files/ route does not know it.
      const [row] = await ctx.db().select({ fileKey: accountExports.fileKey }).from(accountExports).where(eq(accountExports.userId, Number(me.id)));
      expect(row!.fileKey).toMatch(/^exports\/[0-9a-f]{48}\.zip$/);
      expect((await ctx.app().inject({ method: 'GET', url: `/files/${row!.fileKey}` })).statusCode).toBe(404);

      const entries = await unzip(res.rawPayload);
      expect([...entries.keys()].sort()).toEqual(['avatar', `covers/${done.id}.jpg`, 'exchange-records.json', 'points-records.json', 'user.json', 'videos.json', `videos/${done.id}.mp4`]);
      const json = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
      expect(json('user.json')).toMatchObject({ id: me.id, phone: me.phone, nickname: me.nickname, name: '李四', avatar, points: 17 });
      expect(json('points-records.json').map((r: { type: string; change: number }) => [r.type, r.change])).toEqual([
        ['register', 10],
        ['redeem', 20],
        ['generate', -8],
        ['generate', -5],
      ]);
      expect(json('exchange-records.json')).toEqual([expect.objectContaining({ code, points: 20, days: 30 })]);
      const videos = json('videos.json');
      expect(videos).toEqual([
        expect.objectContaining({ id: done.id, title: '周末野餐', script: '草地上的午后，阳光正好。', status: 'succeeded', video: `videos/${done.id}.mp4`, cover: `covers/${done.id}.jpg` }),
        expect.objectContaining({ id: queued.id, title: '还在排队', script: '排队的文案', status: 'queued', video: null, cover: null }),
      ]);
      expect(videos[0].settings).toMatchObject({ aspectRatio: '16:9', duration: 8, model: 'builtin', captionStyle: 'template' });
      expect(entries.get(`videos/${done.id}.mp4`)).toEqual(fakeVideo(done.id));
      expect(entries.get(`covers/${done.id}.jpg`)).toEqual(fakeCover(done.id));
      expect(entries.get('avatar')!.length).toBeGreaterThan(0);
    });

    it('refuses the link after 24 hours, and the export reads none', async () => {
      const me = await signUp(ctx);
      await ctx.post(EXPORT, { token: me.token });
      await runner();
      const { url } = (await ctx.post(STATUS, { token: me.token })).body.data;
      advance(24 * HOUR - 1000);
      expect((await download(url)).statusCode).toBe(200);
      advance(2000);
      const late = await download(url);
      expect([late.statusCode, late.json()]).toEqual([404, { msg: '下载链接无效或已过期' }]);
      expect((await ctx.post(STATUS, { token: me.token })).body.data.status).toBe('none');
    });

    it('gives the link to its owner only: another user sees none, and a changed link is refused', async () => {
      const me = await signUp(ctx);
      const other = await signUp(ctx);
      await ctx.post(EXPORT, { token: me.token });
      await runner();
      const { url } = (await ctx.post(STATUS, { token: me.token })).body.data as { url: string };
      expect((await ctx.post(STATUS, { token: other.token })).body.data).toEqual({ status: 'none', url: '', expiresAt: 0, size: 0 });
      const id = Number(/id=(\d+)/.exec(url)![1]);
      for (const forged of [url.replace(`id=${id}`, `id=${id + 1}`), url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 1000}`), url.replace(/sig=(.)/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`)]) {
        expect((await download(forged)).statusCode).toBe(404);
      }
      // Another user's own export has a link of its own, which opens the other user's zip only.
      await ctx.post(EXPORT, { token: other.token });
      await runner();
      const theirs = (await ctx.post(STATUS, { token: other.token })).body.data.url as string;
      const zip = await unzip((await download(theirs)).rawPayload);
      expect(JSON.parse(zip.get('user.json')!.toString('utf8')).phone).toBe(other.phone);
    });

    it('prepares one export at a time under parallel requests, and a new one ends the old link', async () => {
      const me = await signUp(ctx);
      await ctx.post(EXPORT, { token: me.token });
      await runner();
      const first = (await ctx.post(STATUS, { token: me.token })).body.data.url as string;
      const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.post(EXPORT, { token: me.token })));
      expect(answers.map((a) => a.body.data.status)).toEqual(Array(8).fill('preparing'));
      const rows = await ctx.db().select().from(accountExports).where(eq(accountExports.userId, Number(me.id)));
      expect(rows.map((row) => row.status).sort()).toEqual(['preparing', 'ready']);
      expect((await download(first)).statusCode).toBe(404);
      expect(await runner()).toBe(true);
      expect(await runner()).toBe(false);
      // The older export went, with its file.
      const after = await ctx.db().select().from(accountExports).where(eq(accountExports.userId, Number(me.id)));
      expect(after.map((row) => row.status)).toEqual(['ready']);
      expect(await ctx.app().storage.head(rows.find((row) => row.status === 'ready')!.fileKey!)).toBeNull();
      expect((await download((await ctx.post(STATUS, { token: me.token })).body.data.url)).statusCode).toBe(200);
    });

    it('removes the exports of an account it closes', async () => {
      const me = await signUp(ctx);
      await ctx.post(EXPORT, { token: me.token });
      await runner();
      const { url } = (await ctx.post(STATUS, { token: me.token })).body.data;
      const [row] = await ctx.db().select().from(accountExports).where(eq(accountExports.userId, Number(me.id)));
      expect((await ctx.post('/api/v1/account/delete', { token: me.token, password: PASSWORD })).body.rspCode).toBe(0);
      await closeDueAccounts({ db: ctx.db(), store: ctx.app().storage, signals: ctx.app().taskSignals }, new Date(clock + 16 * 24 * HOUR));
      expect((await download(url)).statusCode).toBe(404);
      expect(await ctx.app().storage.head(row!.fileKey!)).toBeNull();
    });
  },
  {},
  { accountJobs: { disabled: true }, defaults: { WORKERS: '0' } },
);

describeEngines(
  '导出我的数据 by the app’s own runner',
  (ctx: EngineContext) => {
    it('prepares the zip in the background, woken by the request', async () => {
      jest.useRealTimers();
      const me = await signUp(ctx);
      expect((await ctx.post(EXPORT, { token: me.token })).body.data.status).toBe('preparing');
      await waitUntil(async () => (await ctx.post(STATUS, { token: me.token })).body.data.status === 'ready', 20_000, 'the export to be ready');
      const { url } = (await ctx.post(STATUS, { token: me.token })).body.data;
      const zip = await unzip((await ctx.app().inject({ method: 'GET', url })).rawPayload);
      expect(JSON.parse(zip.get('user.json')!.toString('utf8')).phone).toBe(me.phone);
    });
  },
  {},
  { defaults: { WORKERS: '0' } },
);
