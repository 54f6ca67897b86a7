/**
 * The one webpack factory every app calls: the shell (host) and the three remotes differ only in
 * the options they pass. Federation, loaders, defines and the dev server are decided here once.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack, { type Configuration } from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { InjectManifest } from 'workbox-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { appIconFiles, webAppManifest } from './shell/build/app-icons';
import { PAGES } from './shared/src/pages/registry';

export interface AppOptions {
  /** Federation container name (a JS identifier): `shell`, `remoteCreate`, … */
  name: string;
  /** The app's folder (pass `__dirname`). */
  dir: string;
  /** Dev server port (`npm run dev`); `DEV_PORT` overrides it for one dev server run alone. */
  devPort: number;
  /** Remotes: one exposed module per page, `{ './Home': './src/pages/home/home-page.tsx' }`. */
  exposes?: Record<string, string>;
  /** The host only: the HTML page. */
  html?: { title: string; template: string };
  /** The host only: its service worker's source (a production build compiles it to `sw.js`). */
  serviceWorker?: string;
}

/**
 * What the builds compress: scripts, styles, JSON and manifests, pages, SVG and the favicon.
 * Not source maps (never served to the public by default) nor pictures (already compressed).
 */
const COMPRESSIBLE = /\.(?:js|css|html|json|webmanifest|svg|ico)$/;

/**
 * A `.br` (quality 11) and a `.gz` (level 9) beside each compressible file of a production build,
 * made once here rather than on every request: the server sends the one a browser accepts
 * (plugins/static-apps.ts), as can nginx (`brotli_static on; gzip_static on;`). A file that
 * would not shrink by a tenth is left alone.
 */
function compressionPlugins(): webpack.WebpackPluginInstance[] {
  return [
    new CompressionPlugin<zlib.BrotliOptions>({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: COMPRESSIBLE,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 0,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test: COMPRESSIBLE,
      compressionOptions: { level: 9 },
      threshold: 0,
      minRatio: 0.9,
    }),
  ];
}

/**
 * What must be one instance in the page: React (with `react/jsx-runtime`, `react-dom/client`),
 * the query cache, @app/shared (bus, session, requests) and its UI kit in two parts,
 * `@app/shared/kit` and `@app/shared/kit/more` (only the antd-mobile components in use, and
 * only the first part on the first route: see shared/src/ui/kit.ts). Nothing else is shared: a shared
 * module is not tree-shaken, so sharing costs bytes.
 */
function installed(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/**
 * A singleton at the installed version (stated here: some packages that import it don't declare
 * it). `@app/shared`'s version is its API's (shared/api.json, checked by shared/src/api.test.ts):
 * a remote built against a newer minor requires `^1.<newer>`, which the registry's gate and the
 * federation runtime refuse against an older shell.
 */
function singleton(pkg: string) {
  return { singleton: true, requiredVersion: `^${installed(pkg)}` };
}

/**
 * The shared modules. The shell provides them all (`@app/shared/kit/more` too, though it loads
 * only on demand: its provider is registered at start, its chunk fetched on first use). The
 * remotes only consume them (`import: false`): a remote has no copy of its own to fall back on,
 * so it never brings a second React, query cache or @app/shared into the page, and it builds none
 * of their chunks. Their mf-manifest.json still lists each with its requiredVersion, which the
 * registry's gate checks against the shell's.
 */
export function sharedModules(remote: boolean) {
  const shared = {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@app/shared': singleton('@app/shared'),
    '@app/shared/kit': singleton('@app/shared'),
    '@app/shared/kit/more': singleton('@app/shared'),
  };
  if (!remote) return shared;
  return Object.fromEntries(Object.entries(shared).map(([name, rule]) => [name, { ...rule, import: false as const }]));
}

/** `{ create: ['./Home', …], … }`: what the shell loads from each remote. */
function remotePages(): Record<string, string[]> {
  const pages: Record<string, string[]> = {};
  for (const page of PAGES) (pages[page.remote] ??= []).push(page.module);
  return pages;
}

/** @module-federation/inject-external-runtime-core-plugin, ES module build. */
function injectRuntimePlugin(): string {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const commonJs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [enhanced] });
  return commonJs.replace(/\.cjs$/, '.js');
}

type Env = Record<string, string | boolean | undefined>;
type Argv = { mode?: Configuration['mode'] };

export function createWebpackConfig(options: AppOptions) {
  return (_env: Env, argv: Argv): Configuration => {
    const mode = argv.mode ?? 'production';
    const dev = mode === 'development';
    const appEnv = process.env.APP_ENV ?? (dev ? 'develop' : 'release');
    if (!['develop', 'trial', 'release'].includes(appEnv)) {
      throw new Error(`APP_ENV must be develop, trial or release (got "${appEnv}")`);
    }
    const apiBaseUrls = {
      develop: process.env.API_BASE_URL_DEVELOP ?? '',
      trial: process.env.API_BASE_URL_TRIAL ?? '',
      release: process.env.API_BASE_URL_RELEASE ?? '',
    };
    const devPort = Number(process.env.DEV_PORT) || options.devPort;
    const devServer: DevServerConfiguration = {
      port: devPort,
      host: '127.0.0.1',
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // A remote's dev build runs inside a shell served by another origin (README "Ship a remote"):
      // its hot-reload client connects to this dev server, not to the page's origin.
      client: {
        overlay: { warnings: false, runtimeErrors: false },
        ...(options.exposes ? { webSocketURL: `ws://127.0.0.1:${devPort}/ws` } : {}),
      },
      // The shell's dev server forwards the API and remotes.json to the dev API server.
      proxy: options.html
        ? [{ context: ['/api', '/server_api', '/remotes.json', '/healthz', '/foo', '/files'], target: `http://127.0.0.1:${process.env.PORT ?? 8080}` }]
        : undefined,
    };

    return {
      mode,
      context: options.dir,
      entry: options.html ? { main: './src/index.ts' } : {},
      // A remote's dev build is also run inside the production shell, whose CSP allows no eval:
      // its source maps are files, not eval'd modules.
      devtool: dev ? (options.exposes ? 'cheap-module-source-map' : 'eval-cheap-module-source-map') : 'source-map',
      output: {
        // A remote's production build is written to a folder of its own (dist/<version>-<hash>,
        // see remoteBuildFolder): a deploy or a rollback never removes or overwrites the files an
        // open tab still loads. The shell and dev servers keep plain dist.
        path: options.exposes && !dev ? path.join(options.dir, 'dist', BUILDING) : path.join(options.dir, 'dist'),
        publicPath: 'auto',
        uniqueName: `app_${options.name}`,
        // Chunks, and the shell's entry (only index.html, asked for on each start, points at it),
        // are named by their content: cached for good, and precached by the service worker under
        // their own address, where Chromium keeps their compiled code from the worker's install on
        // (a `main.js` precached with a revision got none until a later start). A remote's entry
        // is remoteEntry.js (the federation plugin's `filename`, in the build's own folder). The
        // federation runtime asks for the entry's name before its content hash is known, for the
        // folder depth only: it is given the same folder without the hash.
        filename: dev || options.exposes ? '[name].js' : (data) => (data.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js'),
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      // `app-source`: workspace packages built for Node (@app/contract) are compiled from their
      // TypeScript source here, as ES modules webpack can tree-shake.
      resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'], conditionNames: ['app-source', '...'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              // Types are checked apart (`npm run typecheck`): here each file is only transpiled.
              loader: 'ts-loader',
              options: {
                transpileOnly: true,
                compilerOptions: {
                  noEmit: false,
                  target: 'es2020',
                  // ES modules stay for webpack to tree-shake and split.
                  module: 'esnext',
                  // A remote's JSX always compiles to react/jsx-runtime, the entry both of React's
                  // builds implement: its dev build then runs inside the production shell too,
                  // whose React (shared, import: false) has no working jsx-dev-runtime (jsxDEV is
                  // undefined there, and a development runtime calls dispatcher.getOwner, which
                  // the production renderer lacks). The shell's own dev build keeps the dev runtime.
                  jsx: dev && !options.exposes ? 'react-jsxdev' : 'react-jsx',
                  sourceMap: true,
                },
              },
            },
          },
          // No CSS source maps in production: css-loader would put each stylesheet's map (bigger
          // than the stylesheet) inside the script that injects it.
          { test: /\.css$/, use: ['style-loader', { loader: 'css-loader', options: { sourceMap: dev } }] },
          { test: /\.(png|jpe?g|webp|gif|svg|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __APP_ENV__: JSON.stringify(appEnv),
          __API_BASE_URLS__: JSON.stringify(apiBaseUrls),
          // The service worker is registered by production builds only (the dev server's files change).
          __SERVICE_WORKER__: JSON.stringify(!dev && !!options.serviceWorker),
        }),
        new ModuleFederationPlugin({
          name: options.name,
          ...(options.exposes ? { filename: 'remoteEntry.js' } : {}),
          exposes: options.exposes,
          // Remotes are registered at run time from /remotes.json, never baked in.
          remotes: {},
          shared: sharedModules(!!options.exposes),
          shareStrategy: 'loaded-first',
          // One copy of the federation runtime in the page: the shell puts its own on a global and
          // the remotes use that one (remotes only ever run inside the shell). The plugin is given
          // as its ES module build: `provideExternalRuntime` adds the CommonJS one, which drags in a
          // second, CommonJS copy of the runtime beside the shell's own.
          ...(options.exposes
            ? { experiments: { externalRuntime: true } }
            : {
                runtimePlugins: [injectRuntimePlugin()],
                // The shell's runtime (the one in the page) without what it never uses: the snapshot
                // plugin (remotes registered by a manifest URL; ours are registered by their
                // remoteEntry.js, their manifest read by the shell's own gate first) and Node's loaders.
                // 10 KB less main.js to parse on the first route.
                experiments: { optimization: { disableSnapshot: true, target: 'web' } },
              }),
          // Types of the exposed modules, for teams outside this repository and the federation
          // devtools: a remote's production build writes @mf-types.zip (its exposes' .d.ts, with
          // those of the @app/shared modules they reach) and @mf-types.d.ts (the runtime API's
          // types) beside its mf-manifest.json, which names them (metaData.types). Generated only:
          // consuming types would fetch the remotes' zips over the network. tsc runs incrementally
          // into node_modules/.cache (dist is cleaned on every build, which would make each run a
          // full one); in-process, as a second Node process only repeats TypeScript's start-up.
          // MF_TYPES=0 leaves them out: `npm run test:e2e` builds only remote-auth's (a TypeScript
          // compile per remote; packages/e2e/tests/federated-types.test.ts reads that one's).
          dts:
            options.exposes && !dev && process.env.MF_TYPES !== '0'
              ? {
                  generateTypes: {
                    tsConfigPath: path.join(options.dir, 'tsconfig.json'),
                    outputDir: path.join(options.dir, 'node_modules/.cache/mf-types'),
                    compileInChildProcess: false,
                    abortOnError: true,
                  },
                  consumeTypes: false,
                }
              : false,
          // mf-manifest.json: a remote's exposes, the shared modules it requires and their
          // versions, its version (package.json); the shell's lists what it provides. The
          // registry's gate reads both (packages/server/src/modules/remotes/gate.ts).
          manifest: true,
        }),
        // Which files the first route loads, for the server's preloads (the shell's start, each remote page's).
        preloadList(options.exposes),
        ...(options.html
          ? [
              new HtmlWebpackPlugin({ template: options.html.template, title: options.html.title, chunks: ['main'] }),
              // The server allows the page to reach the API the shell was built for (its CSP's
              // connect-src: packages/server/src/plugins/security-headers.ts), which it learns here.
              emitFile('build-env.json', JSON.stringify({ appEnv, apiBaseUrl: apiBaseUrls[appEnv as keyof typeof apiBaseUrls] })),
              // The installable app: its manifest, icons and favicon (drawn by shell/build/app-icons.ts).
              emitFile('manifest.webmanifest', JSON.stringify(webAppManifest(), null, 2)),
              emitFiles(appIconFiles),
              // The modules this shell routes to in each remote (@app/shared's page registry): the
              // remotes registry refuses a build that does not expose one of them.
              emitFile('remote-pages.json', JSON.stringify(remotePages())),
            ]
          : []),
        ...(options.serviceWorker && !dev
          ? [
              // sw.js: the shell's files precached (their list and revisions injected here), the
              // remotes' chunks cached as they are used; see shell/src/sw.ts.
              new InjectManifest({
                swSrc: options.serviceWorker,
                swDest: 'sw.js',
                include: [/\.(?:js|html|webmanifest|png|ico)$/],
                exclude: [/\.map$/, /\.(?:br|gz)$/, /^build-env\.json$/],
              }),
            ]
          : []),
        ...(dev ? [] : compressionPlugins()),
        ...(options.exposes && !dev ? [remoteBuildFolder(options.dir)] : []),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer,
    };
  };
}

/** A plugin adding generated files to the output folder; `make` runs once per process (watch mode reuses it). */
function emitFiles(make: () => Record<string, Buffer>): webpack.WebpackPluginInstance {
  let files: Record<string, Buffer> | undefined;
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('EmitFiles', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'EmitFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          files ??= make();
          for (const [name, content] of Object.entries(files)) compilation.emitAsset(name, new webpack.sources.RawSource(content));
        });
      });
    },
  };
}

/**
 * `preload.json`: the script files the first route needs, in the order webpack loads them
 * (packages/server/src/plugins/first-route.ts preloads them from the page for `/`). A remote's
 * lists each exposed module's chunk group (`./Home`: the group whose origin is the container's
 * import of its file; shared modules are not among them, the shell provides those). The shell's
 * lists `start`: its bootstrap chunk and the shared modules it provides at start — all but
 * `@app/shared/kit/more`, which loads on demand.
 */
function preloadList(exposes: Record<string, string> | undefined): webpack.WebpackPluginInstance {
  const exposeOf = new Map(Object.entries(exposes ?? {}).map(([name, file]) => [file, name]));
  const startOf = (origin: { request: string; module: { identifier(): string } | null }): string | undefined => {
    if (origin.request === './bootstrap') return 'start';
    const provided = /^provide module \(default\) (.+?)@[^@]* = /.exec(origin.module?.identifier() ?? '')?.[1];
    return provided !== undefined && provided !== '@app/shared/kit/more' ? 'start' : undefined;
  };
  const nameOf = exposes ? (origin: { request: string }) => exposeOf.get(origin.request) : startOf;
  const wanted = exposes ? Object.keys(exposes) : ['start'];
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('PreloadList', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'PreloadList', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          const list: Record<string, string[]> = {};
          for (const group of compilation.chunkGroups) {
            const name = group.origins.map((origin) => nameOf(origin as Parameters<typeof startOf>[0])).find((found) => found !== undefined);
            if (name) list[name] = [...new Set([...(list[name] ?? []), ...group.getFiles().filter((file) => file.endsWith('.js'))])];
          }
          const missing = wanted.filter((name) => !list[name]?.length);
          if (missing.length) compilation.errors.push(new webpack.WebpackError(`preload.json: no chunks found for ${missing.join(', ')}`));
          compilation.emitAsset('preload.json', new webpack.sources.RawSource(JSON.stringify(list, null, 2)));
        });
      });
    },
  };
}

/** A plugin adding one generated file to the output folder. */
function emitFile(name: string, content: string): webpack.WebpackPluginInstance {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('EmitFile', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'EmitFile', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          compilation.emitAsset(name, new webpack.sources.RawSource(content));
        });
      });
    },
  };
}

/** Where a remote's production build is written before it gets its folder's name. */
const BUILDING = '.building';

/** The files under `dir`, relative, sorted (so a folder's hash does not depend on the order they were written). */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)]))
    .sort();
}

/**
 * A remote's build moves, once written, from dist/.building to dist/<version>-<hash> (its
 * package.json version; the first 10 hex digits of a SHA-256 over every file's name and
 * content), and dist/current.json names that folder: the server serves every folder under dist
 * (/remotes/<name>/<folder>/…) and seeds the registry with the current one
 * (packages/server/src/plugins/remotes-registry.ts). A folder never changes once made — the same
 * content gets the same name — so earlier builds stay as they were until pruned (scripts/prune-builds.mjs).
 */
function remoteBuildFolder(dir: string): webpack.WebpackPluginInstance {
  return {
    apply(compiler) {
      compiler.hooks.done.tap('RemoteBuildFolder', (stats) => {
        if (stats.hasErrors()) return;
        const dist = path.join(dir, 'dist');
        const building = path.join(dist, BUILDING);
        const hash = createHash('sha256');
        for (const file of filesUnder(building)) hash.update(`${file.split(path.sep).join('/')}\0`).update(readFileSync(path.join(building, file)));
        const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
        const folder = `${version}-${hash.digest('hex').slice(0, 10)}`;
        if (existsSync(path.join(dist, folder))) rmSync(building, { recursive: true, force: true });
        else renameSync(building, path.join(dist, folder));
        // Replaced in one step (a rename), so a server starting meanwhile reads the old name or the new one.
        writeFileSync(path.join(dist, 'current.json.tmp'), `${JSON.stringify({ build: folder })}\n`);
        renameSync(path.join(dist, 'current.json.tmp'), path.join(dist, 'current.json'));
      });
    },
  };
}
