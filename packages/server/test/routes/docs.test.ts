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

  it('lists exactly the API routes, not static files nor itself', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/v1/version/get_version_info', '/foo', '/healthz', '/remotes.json']);
  });

  it('documents every answer of every route', () => {
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect([route, method, Object.keys(operation.responses ?? {})]).toEqual([route, method, expect.arrayContaining(['200'])]);
      }
    }
    expect(Object.keys(doc.paths['/healthz']?.get?.responses ?? {})).toEqual(['200', '503']);
  });

  it('documents the query parameters', () => {
    expect(doc.paths['/foo']?.get?.parameters).toEqual([expect.objectContaining({ name: 'name', in: 'query', required: true })]);
  });
});
