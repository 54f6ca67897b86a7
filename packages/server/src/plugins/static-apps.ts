import { statSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { REMOTE_NAMES, TEMPLATE_PAGE_SIZE } from '@app/contract';
import { galleryPage } from '../modules/templates/templates.js';
import { FIRST_ROUTE_REMOTE, firstRouteHandler } from './first-route.js';

/**
 * Serves the built front end from `config.webRoot`: the shell at `/` (its page with the first
 * route's preloads: ./first-route; its service worker `/sw.js`, web app manifest and icons), each
 * remote under `/remotes/<name>/` (with CORS, so a shell on another origin can load it): every build
 * kept in its dist, each in its own folder (`/remotes/<name>/<version>-<hash>/remoteEntry.js`), so a
 * tab opened before a deploy or a rollback still finds its files; beside each build's
 * mf-manifest.json, its exposed modules' types (@mf-types.zip, @mf-types.d.ts). A dist folder that is
 * missing is skipped with a warning; without the shell, `/` explains how to build it.
 */
export const staticApps: FastifyPluginAsync = async (app) => {
  const { webRoot, serveSourceMaps } = app.config;
  // The builds keep their source maps (for an error tracker); the public gets them only with
  // SERVE_SOURCE_MAPS=1, else a `.map` answers 404 like a file that is not there.
  const STATIC_OPTIONS = {
    ...COMMON_OPTIONS,
    ...(!serveSourceMaps && { allowedPath: (pathName: string) => !pathName.toLowerCase().endsWith('.map') }),
  } satisfies Partial<FastifyStaticOptions>;

  const shellDist = path.join(webRoot, 'shell', 'dist');
  if (isDirectory(shellDist)) {
    // The page itself carries the first route's preloads (plugins/first-route); the rest is files.
    // The page carries 首页's first page of templates, as the list call would answer it (all categories).
    const page = firstRouteHandler(
      shellDist,
      // The registry's stable build of the first route's remote (plugins/remotes-registry).
      { webRoot, entry: () => app.remotes.states().find((state) => state.name === FIRST_ROUTE_REMOTE)?.entry ?? app.config.remoteUrls[FIRST_ROUTE_REMOTE] },
      async () => ({ templates: await galleryPage(app.db, app.config, undefined, 1, TEMPLATE_PAGE_SIZE) }),
      (err) => app.log.warn({ err }, 'the page for / goes without its templates'),
    );
    app.get('/', { schema: { hide: true } }, page);
    app.get('/index.html', { schema: { hide: true } }, page);
    await app.register(fastifyStatic, { ...STATIC_OPTIONS, root: shellDist, prefix: '/' });
  } else {
    app.log.warn(`${shellDist} does not exist: "/" answers 503 until the front end is built (npm run build)`);
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE),
    );
  }

  await app.register(
    async (remotes) => {
      await remotes.register(cors, { origin: '*' });
      // A shell on another origin loads these scripts: helmet's `same-origin` would block them.
      remotes.addHook('onRequest', async (_request, reply) => {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      });
      for (const name of REMOTE_NAMES) {
        const dist = path.join(webRoot, `remote-${name}`, 'dist');
        if (!isDirectory(dist)) {
          app.log.warn(`${dist} does not exist: /remotes/${name}/ is not served`);
          continue;
        }
        await remotes.register(fastifyStatic, { ...STATIC_OPTIONS, root: dist, prefix: `/${name}/` });
      }
    },
    { prefix: '/remotes' },
  );
};

const COMMON_OPTIONS = {
  // The builds write a `.br` and a `.gz` beside each script, manifest and page
  // (webpack.config.base.ts): sent with its Content-Encoding to a client that accepts it (br
  // first), the file itself to one that accepts neither; `Vary: Accept-Encoding` on all of them.
  preCompressed: true,
  cacheControl: false, // set per file by setCacheHeaders
  setHeaders: (reply: FastifyReply, filePath: string) => {
    setCacheHeaders(reply, filePath);
    // A remote's types (@mf-types.d.ts beside its mf-manifest.json; webpack.config.base.ts):
    // by extension `.ts` would be sent as an MPEG transport stream.
    if (filePath.endsWith('.d.ts')) reply.header('content-type', 'text/plain; charset=utf-8');
  },
  decorateReply: false, // several instances; nothing here uses reply.sendFile
} satisfies Partial<FastifyStaticOptions>;

/** A content hash in the name (`123.3f2a1b9c.js`, `main-3f2a1b9c4d.css`): 8+ hex digits between separators. */
const HASHED_NAME = /(?:^|[.\-_])[0-9a-f]{8,}\./i;

/**
 * A remote build's own folder, `remote-<name>/dist/<version>-<hash>/` (webpack.config.base.ts
 * names it after a hash of all its files): nothing in it ever changes.
 */
const BUILD_FOLDER = /[\\/]remote-[a-z]+[\\/]dist[\\/]\d+\.\d+\.\d+[^\\/]*-[0-9a-f]{10}[\\/]/;

/**
 * Only what cannot change may be cached for good: a content-hashed file (its name changes with
 * its content), and every file of a remote's build folder — remoteEntry.js and mf-manifest.json
 * too, since a new build is a new folder; what changes is which folder the registry names, and
 * /remotes.json is never cached. Everything else — index.html, the shell's unhashed entry chunk
 * (federated apps cannot hash `output.filename`), a remote built before builds had folders —
 * names hashed files, so it must be revalidated (ETag) each time.
 */
export function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const immutable = HASHED_NAME.test(path.basename(filePath)) || BUILD_FOLDER.test(filePath);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>前端尚未构建</title>
</head>
<body>
<h1>前端尚未构建</h1>
<p>请在仓库根目录运行 <code>npm run build</code>，然后重启服务。</p>
</body>
</html>
`;
