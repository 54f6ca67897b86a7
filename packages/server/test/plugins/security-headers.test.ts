import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { contentSecurityPolicy } from '../../src/plugins/security-headers.js';
import { FIRST_PAINT_SCRIPT_SOURCE } from '../../src/plugins/first-paint.js';
import { type UploadPolicy } from '@app/contract';
import { buildTestApp } from '../helpers/build-test-app.js';
import { describeEngines } from '../helpers/engines.js';
import { createSignedInUser } from '../helpers/storage-users.js';
import { makeTempDir, removeTempDirs, writeFiles } from '../helpers/temp-dirs.js';
import { JPEG, uploadForm } from '../modules/storage/upload-fixtures.js';

afterAll(removeTempDirs);

/** A web root as `npm run build` leaves it: entries, hashed chunks and their source maps. */
function builtApps(buildEnv = { appEnv: 'release', apiBaseUrl: '' }): string {
  const webRoot = makeTempDir();
  writeFiles(webRoot, {
    'shell/dist/index.html': '<!doctype html><title>shell</title><script defer src="main.js"></script>',
    'shell/dist/main.js': 'console.log("shell entry")\n//# sourceMappingURL=main.js.map',
    'shell/dist/main.js.map': '{"version":3,"sources":["webpack://shell/./src/index.ts"]}',
    'shell/dist/build-env.json': JSON.stringify(buildEnv),
    'remote-create/dist/remoteEntry.js': 'var remoteCreate;\n//# sourceMappingURL=remoteEntry.js.map',
    'remote-create/dist/remoteEntry.js.map': '{"version":3}',
    'remote-create/dist/123.3f2a1b9c.js.map': '{"version":3}',
  });
  return webRoot;
}

/** The CSP header as directive → sources. */
function csp(headers: Record<string, unknown>): Record<string, string[]> {
  const header = String(headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectProtections(headers: Record<string, unknown>): void {
  expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
  const policy = csp(headers);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['script-src']).toEqual(["'self'", FIRST_PAINT_SCRIPT_SOURCE, 'https://account.example.com', 'http://127.0.0.1:3003']);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['default-src']).toEqual(["'self'"]);
  // Left to whatever terminates TLS; and plain http must keep working.
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(policy['upgrade-insecure-requests']).toBeUndefined();
}

const REMOTES = {
  REMOTE_ACCOUNT_URL: 'https://account.example.com/remoteEntry.js',
  REMOTE_AUTH_URL: 'http://127.0.0.1:3003/remoteEntry.js',
};

describeEngines(
  'browser protections on every answer',
  (ctx) => {
    it('on the page', async () => {
      const res = await ctx.app().inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expectProtections(res.headers);
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    });

    it('on a script of the shell and of a remote, which other origins may still load', async () => {
      const shell = await ctx.app().inject({ method: 'GET', url: '/main.js' });
      expect(shell.statusCode).toBe(200);
      expectProtections(shell.headers);
      const remote = await ctx.app().inject({ method: 'GET', url: '/remotes/create/remoteEntry.js', headers: { origin: 'https://shell.example.com' } });
      expect(remote.statusCode).toBe(200);
      expectProtections(remote.headers);
      expect(remote.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(remote.headers['access-control-allow-origin']).toBe('*');
    });

    it('on an API answer, an error and a 404', async () => {
      const version = await ctx.app().inject({ method: 'GET', url: '/api/v1/version/get_version_info' });
      expect(version.statusCode).toBe(200);
      expectProtections(version.headers);
      const refused = await ctx.post('/server_api/oss/stsPolicy', { token: 'not-a-token', kind: 'image' });
      expect(refused.body.rspCode).not.toBe(0);
      expectProtections(refused.headers);
      const missing = await ctx.app().inject({ method: 'GET', url: '/api/v1/nothing' });
      expect(missing.statusCode).toBe(404);
      expectProtections(missing.headers);
    });

    it('on a stored file, which a page on another origin may show', async () => {
      const user = await createSignedInUser(ctx.db());
      const policy: UploadPolicy = (await ctx.post('/server_api/oss/stsPolicy', { token: user.token, kind: 'image' })).body.data;
      const upload = await ctx.app().inject({ method: 'POST', url: '/files', payload: uploadForm(policy, { bytes: JPEG, type: 'image/jpeg' }) });
      expect(upload.statusCode).toBe(204);
      expectProtections(upload.headers);
      const file = await ctx.app().inject({ method: 'GET', url: policy.url });
      expect(file.statusCode).toBe(200);
      expectProtections(file.headers);
      expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });
  },
  { WEB_ROOT: builtApps(), ...REMOTES },
);

describe('source maps', () => {
  const MAPS = ['/main.js.map', '/MAIN.JS.MAP', '/remotes/create/remoteEntry.js.map', '/remotes/create/123.3f2a1b9c.js.map'];

  describe('by default', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      ({ app } = await buildTestApp({ WEB_ROOT: builtApps() }));
      await app.ready();
    });
    afterAll(() => app.close());

    it('are not served: 404 like a missing file', async () => {
      for (const url of MAPS) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 404]);
        expect(res.json()).toEqual({ msg: '接口不存在' });
      }
    });

    it('while the scripts still are', async () => {
      expect((await app.inject({ method: 'GET', url: '/main.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/remotes/create/remoteEntry.js' })).statusCode).toBe(200);
    });
  });

  describe('with SERVE_SOURCE_MAPS=1', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      ({ app } = await buildTestApp({ WEB_ROOT: builtApps(), SERVE_SOURCE_MAPS: '1' }));
      await app.ready();
    });
    afterAll(() => app.close());

    it('are served', async () => {
      for (const url of ['/main.js.map', '/remotes/create/remoteEntry.js.map', '/remotes/create/123.3f2a1b9c.js.map']) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect(res.json()).toMatchObject({ version: 3 });
      }
    });
  });
});

describe('the Content Security Policy', () => {
  it('allows only this origin when everything is served from here', () => {
    const policy = contentSecurityPolicy(loadConfig({}));
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'script-src': ["'self'", FIRST_PAINT_SCRIPT_SOURCE],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
    });
  });

  it("adds each remote's origin once, for its scripts, styles, pictures and fonts", () => {
    const policy = contentSecurityPolicy(
      loadConfig({
        REMOTE_CREATE_URL: 'https://cdn.example.com/create/remoteEntry.js',
        REMOTE_ACCOUNT_URL: 'https://account.example.com/remoteEntry.js',
        REMOTE_AUTH_URL: 'https://cdn.example.com/auth/remoteEntry.js',
      }),
    );
    expect(policy['script-src']).toEqual(["'self'", FIRST_PAINT_SCRIPT_SOURCE, 'https://cdn.example.com', 'https://account.example.com']);
    expect(policy['font-src']).toEqual(["'self'", 'data:', 'https://cdn.example.com', 'https://account.example.com']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'https://account.example.com']);
  });

  it('lets the page upload to the S3 endpoint and show and fetch what S3_PUBLIC_URL serves', () => {
    const policy = contentSecurityPolicy(
      loadConfig({
        S3_ENDPOINT: 'https://s3.example.com',
        S3_BUCKET: 'videos',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_PUBLIC_URL: 'https://media.example.com/videos/',
      }),
    );
    expect(policy['connect-src']).toEqual(["'self'", 'https://media.example.com', 'https://s3.example.com']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://media.example.com']);
    expect(policy['media-src']).toEqual(["'self'", 'blob:', 'https://media.example.com']);
    expect(policy['script-src']).toEqual(["'self'", FIRST_PAINT_SCRIPT_SOURCE]);
  });

  it('lets the page call, and show the files of, the API the shell was built for', async () => {
    const { app } = await buildTestApp({ WEB_ROOT: builtApps({ appEnv: 'release', apiBaseUrl: 'https://api.example.com/base' }) });
    await app.ready();
    try {
      const policy = csp((await app.inject({ method: 'GET', url: '/' })).headers);
      expect(policy['connect-src']).toEqual(["'self'", 'https://api.example.com']);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://api.example.com']);
      expect(policy['media-src']).toEqual(["'self'", 'blob:', 'https://api.example.com']);
      expect(policy['script-src']).toEqual(["'self'", FIRST_PAINT_SCRIPT_SOURCE]);
    } finally {
      await app.close();
    }
  });

  describe('a page asked for with ?remote.<name>=<URL> (the dev override)', () => {
    const page = '/?remote.account=http%3A%2F%2F127.0.0.1%3A3002%2Fmf-manifest.json&remote.nothing=https%3A%2F%2Fother.example.com%2Fx.json';

    it("allows that build's origin, for scripts, styles, pictures, fonts and requests, when ALLOW_REMOTE_OVERRIDE is on", async () => {
      const { app } = await buildTestApp({ WEB_ROOT: builtApps(), ALLOW_REMOTE_OVERRIDE: '1' });
      await app.ready();
      try {
        const policy = csp((await app.inject({ method: 'GET', url: page })).headers);
        for (const name of ['script-src', 'style-src', 'img-src', 'font-src']) {
          expect([name, policy[name]?.filter((source) => /^(http|ws)/.test(source))]).toEqual([name, ['http://127.0.0.1:3002']]);
        }
        // …and its dev server's WebSocket (hot reload).
        expect(policy['connect-src']?.filter((source) => /^(http|ws)/.test(source))).toEqual(['http://127.0.0.1:3002', 'ws://127.0.0.1:3002']);
        // The page without the parameter allows no other origin.
        expect(csp((await app.inject({ method: 'GET', url: '/' })).headers)['script-src']).toEqual(["'self'", FIRST_PAINT_SCRIPT_SOURCE]);
      } finally {
        await app.close();
      }
    });

    it('allows no other origin when the setting is off (the default)', async () => {
      const { app } = await buildTestApp({ WEB_ROOT: builtApps() });
      await app.ready();
      try {
        const policy = csp((await app.inject({ method: 'GET', url: page })).headers);
        expect(policy['script-src']).toEqual(["'self'", FIRST_PAINT_SCRIPT_SOURCE]);
        expect(policy['connect-src']).toEqual(["'self'"]);
      } finally {
        await app.close();
      }
    });
  });
});
