import http from 'node:http';
import { baseUrl } from '../src/browser';
import { builtEntry } from '../src/builds';

/** The real server process as the browser sees it (the server's own suite covers the details). */
describe('the server behind the apps', () => {
  it('says where each remote lives: its current build\'s folder', async () => {
    const res = await fetch(`${baseUrl()}/remotes.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ create: builtEntry('create'), account: builtEntry('account'), auth: builtEntry('auth') });
  });

  it('serves the remote entries with CORS, cached for good (a build\'s folder never changes: a new build is a new folder)', async () => {
    for (const name of ['create', 'account', 'auth']) {
      const res = await fetch(`${baseUrl()}${builtEntry(name)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers its health, version and sample calls', async () => {
    expect((await fetch(`${baseUrl()}/healthz`)).status).toBe(200);
    const version = await (await fetch(`${baseUrl()}/api/v1/version/get_version_info`)).json();
    expect(version).toMatchObject({ rspCode: 0, data: { version: '1.0.0' } });
    expect(await (await fetch(`${baseUrl()}/foo?name=x`)).json()).toEqual({ rspCode: 0, rspMsg: '成功', data: { name: 'x' } });
  });
});

describe('the built-in templates of a fresh server', () => {
  const list = async () => {
    const res = await fetch(`${baseUrl()}/api/v1/sysVideo/list`, { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' }, body: '{"pageSize":20}' });
    return (await res.json()).data as { list: { title: string; category: string; videoUrl: string; coverUrl: string; coverThumbUrl: string }[]; total: number };
  };

  // The server answered /healthz before any sample was rendered (the global setup waits for it);
  // the workers render the six samples behind it, one at a time.
  it('fills the home gallery once their samples are rendered, each with a video and cover it serves', async () => {
    const deadline = Date.now() + 150_000;
    let page = await list();
    while (page.total < 6 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      page = await list();
    }
    expect(page.total).toBe(6);
    expect(new Set(page.list.map((t) => t.category)).size).toBe(6);
    for (const template of page.list) {
      const video = await get(`${baseUrl()}${template.videoUrl}`, { range: 'bytes=0-1023' });
      expect([video.status, video.type, video.body.length]).toEqual([206, 'video/mp4', 1024]);
      const cover = await get(`${baseUrl()}${template.coverUrl}`);
      expect([cover.status, cover.type, cover.body.subarray(0, 3)]).toEqual([200, 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff])]);
      // Its thumbnails, made when the sample was stored: a WebP far lighter than the frame.
      const thumb = await get(`${baseUrl()}${template.coverThumbUrl}/320.webp`);
      expect([thumb.status, thumb.type, thumb.body.subarray(8, 12).toString()]).toEqual([200, 'image/webp', 'WEBP']);
      expect(thumb.body.length).toBeLessThan(cover.body.length / 2);
    }
  }, 180_000);
});

/** A GET on a connection of its own, closed after the answer (so none is left for the server's close to wait on). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { ...headers, connection: 'close' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
