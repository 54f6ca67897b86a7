import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/build-test-app.js';
import { makeTempDir, removeTempDirs, writeFiles } from '../helpers/temp-dirs.js';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

describe('GET /docs/json', () => {
  let app: FastifyInstance;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    const webRoot = makeTempDir();
    writeFiles(webRoot, { 'shell/dist/index.html': '', 'remote-create/dist/remoteEntry.js': '' });
    ({ app } = await buildTestApp({ WEB_ROOT: webRoot }));
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await app.close();
    removeTempDirs();
  });

  it('is an OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('AI视频生成工具 API');
  });

  it('lists exactly the API routes (docs/api.md), not static files nor itself', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/healthz',
        '/remotes.json',
        '/foo',
        '/api/v1/version/get_version_info',
        '/api/v1/account/login_or_register',
        '/api/v1/account/getAccountInfo',
        '/api/v1/account/change_info',
        '/api/v1/account/logout',
        '/api/v1/account/send_code',
        '/api/v1/account/reset_password',
        '/api/v1/account/change_password',
        '/api/v1/account/logout_all',
        '/api/v1/account/delete_info',
        '/api/v1/account/delete',
        '/api/v1/account/cancel_delete',
        '/api/v1/account/export',
        '/api/v1/account/export_status',
        '/api/v1/account/export_file',
        '/admin/api/users/show',
        '/admin/api/users/reset_password',
        '/api/v1/activationCode/activate',
        '/api/v1/activationCode/activation_records',
        '/api/v1/credit_consumption/list',
        '/api/v1/remotes/report',
        '/api/v1/sysVideo/list',
        '/api/v1/sysVideo/detail',
        '/api/v1/video_task/quote',
        '/api/v1/video_task/save',
        '/api/v1/video_task/query_user_task',
        '/api/v1/video_task/detail',
        '/api/v1/video_task/get_queue_position',
        '/api/v1/video_task/cancel',
        '/api/v1/video_task/delete',
        '/api/v1/video_task/delete_file_url',
        '/api/v1/video_task/share_link',
        '/api/v1/video_task/get_share_link',
        '/api/v1/video_task/revoke_share_link',
        '/s/{token}',
        '/legal/{name}',
        '/server_api/oss/stsPolicy',
        '/files',
        '/files/{*}',
        '/thumbs/{*}',
        '/admin/api/codes/create',
        '/admin/api/codes/batches',
        '/admin/api/codes/list',
        '/admin/api/codes/disable',
        '/admin/api/points/grant',
        '/admin/api/remotes/list',
        '/admin/api/remotes/{name}/promote',
        '/admin/api/remotes/{name}/rollback',
        '/admin/api/remotes/{name}/set',
        '/admin/api/remotes/{name}/token',
        '/admin/api/templates/add',
        '/admin/api/music/add',
        '/admin/api/music/list',
        '/admin/api/music/remove',
        '/api/v1/ai/features',
        '/api/v1/ai/write_script',
        '/api/v1/video_task/models',
        '/api/v1/video_task/music',
        '/api/v1/video_task/voices',
      ].sort(),
    );
  });

  it('documents a success answer of every route, and the body of every POST', () => {
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.keys(operation.responses ?? {}).filter((code) => /^2\d\d$/.test(code));
        expect([route, method, success.length > 0]).toEqual([route, method, true]);
        // Two POSTs take a file, described in words: the embedded store's upload (multipart) and an
        // operator's music track (the audio itself); every other POST takes JSON.
        if (method === 'post' && route !== '/files' && route !== '/admin/api/music/add') {
          expect([route, Boolean((operation as { requestBody?: unknown }).requestBody)]).toEqual([route, true]);
        }
      }
    }
    expect(Object.keys(doc.paths['/healthz']?.get?.responses ?? {})).toEqual(['200', '503']);
  });

  it('documents the query parameters', () => {
    expect(doc.paths['/foo']?.get?.parameters).toEqual([expect.objectContaining({ name: 'name', in: 'query', required: true })]);
  });
});
