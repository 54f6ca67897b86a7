import { ALL_CALLS } from '@app/contract';
import { buildTestApp } from '../helpers/build-test-app.js';

interface OpenApi {
  paths: Record<string, Record<string, { summary?: string; security?: unknown }>>;
}

/** `GET /files/*` and `GET /s/:token` as OpenAPI writes them: `/files/{*}`, `/s/{token}`. */
const openApiPath = (path: string) => path.replace(/\*$/, '{*}').replace(/:(\w+)/g, '{$1}');

describe('the server serves @app/contract', () => {
  it('answers every call of the contract at its method and path, and no call outside it', async () => {
    const { app } = await buildTestApp();
    try {
      const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApi;
      const served = Object.entries(doc.paths).flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => method !== 'head')
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
      const contract = ALL_CALLS.map((call) => `${call.method} ${openApiPath(call.path)}`);
      expect([...served].sort()).toEqual([...contract].sort());
      for (const call of ALL_CALLS) {
        expect(doc.paths[openApiPath(call.path)]?.[call.method.toLowerCase()]?.summary).toBe(call.summary);
      }
    } finally {
      await app.close();
    }
  });

  /** A valid body (but for the token) of each signed-in call with required fields: validation comes before sign-in. */
  const VALID_BODIES: Record<string, Record<string, unknown>> = {
    '/api/v1/activationCode/activate': { code: 'ABCD-EFGH-JKLM-NPQR' },
    '/api/v1/video_task/quote': { duration: 5 },
    '/api/v1/video_task/save': { title: '标题', prompt: '文案', aspectRatio: '9:16', duration: 5 },
    '/api/v1/video_task/detail': { id: '1' },
    '/api/v1/video_task/get_queue_position': { id: '1' },
    '/api/v1/video_task/cancel': { id: '1' },
    '/api/v1/video_task/delete': { id: '1' },
    '/api/v1/video_task/share_link': { id: '1' },
    '/api/v1/video_task/get_share_link': { id: '1' },
    '/api/v1/video_task/revoke_share_link': { id: '1' },
    '/api/v1/video_task/delete_file_url': { url: '/files/users/1/image/x.png' },
    '/server_api/oss/stsPolicy': { kind: 'image' },
    '/api/v1/ai/write_script': { title: '标题', duration: 5 },
    '/api/v1/account/change_password': { newPassword: 'secret-456' },
  };

  it('holds each call to its access: a user call without a token is rspCode 6, an admin call without the admin token 401', async () => {
    const { app } = await buildTestApp();
    try {
      for (const call of ALL_CALLS.filter((c) => c.access !== 'public')) {
        const required = (call.body?.required ?? []).length > 0;
        if (call.access === 'user' && required) expect(VALID_BODIES).toHaveProperty([call.path]);
        const payload = call.access === 'user' ? (VALID_BODIES[call.path] ?? {}) : {};
        const res = await app.inject({ method: call.method, url: call.path, payload });
        if (call.access === 'admin') expect([call.path, res.statusCode]).toEqual([call.path, 401]);
        else expect([call.path, res.statusCode, res.json().rspCode]).toEqual([call.path, 200, 6]);
      }
    } finally {
      await app.close();
    }
  });
});
