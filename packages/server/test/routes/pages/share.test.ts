import { sql } from 'drizzle-orm';
import { shareLinks, videoTasks } from '../../../src/db/schema.js';
import type { WorkerPool } from '../../../src/workers/worker-pool.js';
import { describeTaskEngines } from '../../helpers/task-engines.js';
import { TestProvider } from '../../helpers/test-provider.js';
import { callOk, saveOk, TASK_API, testWorkers, waitForStatus } from '../../helpers/tasks.js';
import { signedInUser } from '../../helpers/users.js';

const HOST = 'share.example.com';

describeTaskEngines('share links: /api/v1/video_task/*share_link and the page /s/<token>', (ctx) => {
  const pools: WorkerPool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.stop()));
    await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
  });

  /** A finished video of a new user: its id and the user's token. */
  async function finishedVideo(title = '春日出游') {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token, { title });
    pools.push(testWorkers(ctx, new TestProvider()));
    await waitForStatus(ctx, saved.id, 'succeeded');
    return { token, id: saved.id };
  }
  const page = (url: string) => ctx.app().inject({ method: 'GET', url, headers: { host: HOST } });
  const pathOf = (url: string) => new URL(url).pathname;

  it('makes one link a video, whose page plays it with its title and Open Graph tags', async () => {
    const { token, id } = await finishedVideo('海边<日落> & "晚风"');
    expect(await callOk(ctx, 'get_share_link', { token, id })).toEqual({ url: '', createdAt: 0 });

    const link = (await ctx.post(`${TASK_API}/share_link`, { token, id }, { host: HOST })).body.data;
    expect(link.url).toMatch(new RegExp(`^http://${HOST}/s/[A-Za-z0-9_-]{24}$`));
    // Asked again (or looked up): the same link.
    expect((await ctx.post(`${TASK_API}/share_link`, { token, id }, { host: HOST })).body.data).toEqual(link);
    expect((await ctx.post(`${TASK_API}/get_share_link`, { token, id }, { host: HOST })).body.data).toEqual(link);

    const res = await page(pathOf(link.url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const detail = await callOk(ctx, 'detail', { token, id });
    const video = `http://${HOST}${detail.videoUrl}`;
    const cover = `http://${HOST}${detail.coverUrl}`;
    const html = res.body;
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<meta property="og:title" content="海边&lt;日落&gt; &amp; &quot;晚风&quot;">');
    expect(html).toContain('<meta property="og:type" content="video.other">');
    expect(html).toContain(`<meta property="og:video" content="${video}">`);
    expect(html).toContain(`<meta property="og:image" content="${cover}">`);
    expect(html).toContain(`<meta property="og:url" content="${link.url}">`);
    expect(html).toContain(`<video src="${video}" poster="${cover}"`);
    expect(html).toContain('<h1>海边&lt;日落&gt; &amp; &quot;晚风&quot;</h1>');
    expect(html).not.toContain('<script');
    // Its own policy lets the page load its video and cover, and nothing else.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`media-src 'self' http://${HOST}`);
    expect(csp).toContain(`img-src 'self' http://${HOST}`);
    expect(csp).toContain("default-src 'none'");
    // The video itself plays from there.
    expect((await page(detail.videoUrl)).statusCode).toBe(200);
  });

  it('取消分享 ends the page at once; a new link works and the old one does not', async () => {
    const { token, id } = await finishedVideo();
    const first = await callOk(ctx, 'share_link', { token, id });
    const renewed = await callOk(ctx, 'share_link', { token, id, renew: true });
    expect(renewed.url).not.toBe(first.url);
    expect((await page(pathOf(first.url))).statusCode).toBe(404);
    expect((await page(pathOf(renewed.url))).statusCode).toBe(200);

    expect(await callOk(ctx, 'revoke_share_link', { token, id })).toEqual({});
    const gone = await page(pathOf(renewed.url));
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gone.body).toContain('链接已失效');
    expect(await callOk(ctx, 'get_share_link', { token, id })).toEqual({ url: '', createdAt: 0 });
    // Revoking what is not shared is fine.
    expect(await callOk(ctx, 'revoke_share_link', { token, id })).toEqual({});
  });

  it('deleting the video ends its link', async () => {
    const { token, id } = await finishedVideo();
    const link = await callOk(ctx, 'share_link', { token, id });
    await callOk(ctx, 'delete', { token, id });
    expect((await page(pathOf(link.url))).statusCode).toBe(404);
    expect(await ctx.db().select().from(shareLinks).where(sql`${shareLinks.taskId} = ${Number(id)}`)).toEqual([]);
  });

  it('an unknown or malformed token answers the Chinese 404 page', async () => {
    for (const url of ['/s/AAAAAAAAAAAAAAAAAAAAAAAA', '/s/short', '/s/%3Cscript%3E']) {
      const res = await page(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).toContain('这个分享链接不存在');
    }
  });

  it('shares only finished videos of the caller', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const queued = await saveOk(ctx, token);
    expect((await ctx.post(`${TASK_API}/share_link`, { token, id: queued.id })).body).toEqual({ rspCode: 5, rspMsg: '视频生成完成后才能分享' });
    const other = await finishedVideo();
    for (const call of ['share_link', 'get_share_link', 'revoke_share_link']) {
      expect([call, (await ctx.post(`${TASK_API}/${call}`, { token, id: other.id })).body]).toEqual([call, { rspCode: 4, rspMsg: '视频不存在' }]);
    }
    expect((await ctx.post(`${TASK_API}/share_link`, { id: other.id })).body.rspCode).toBe(6);
  });

  it('tokens are distinct 144-bit strings', async () => {
    const { token, id } = await finishedVideo();
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i += 1) tokens.add(pathOf((await callOk(ctx, 'share_link', { token, id, renew: true })).url).slice(3));
    expect(tokens.size).toBe(20);
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(18);
  });
});
