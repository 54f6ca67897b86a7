import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { ServerConfig } from '../config.js';
import { appPlugin } from '../lib/app-plugin.js';
import { FIRST_PAINT_SCRIPT_SOURCE } from './first-paint.js';

/** The origins of the remotes the registry uses now (beside REMOTE_*_URL's, fixed at start). */
export interface RemoteOrigins {
  origins: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    remoteOrigins: RemoteOrigins;
  }
}

/**
 * The browser protections on every answer — the page, the apps' scripts, the API's JSON, stored
 * files, errors — set by @fastify/helmet: a Content Security Policy (below), `nosniff`,
 * `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`, and helmet's other defaults.
 *
 * Not sent: `Strict-Transport-Security`, which belongs to whatever terminates TLS in front of
 * this server (a one-year pin of a host and its subdomains is not an app server's call), and
 * `upgrade-insecure-requests`, which would break a deployment on plain http other than localhost.
 *
 * `Cross-Origin-Resource-Policy` is `same-origin` here; the files other origins must load (the
 * remotes' scripts, stored pictures and videos) say `cross-origin` themselves
 * (plugins/static-apps.ts, routes/files/send-stored-file.ts).
 */
export const securityHeaders = appPlugin('security-headers', async (app) => {
  const fixed = contentSecurityPolicy(app.config, apiBaseUrlOfBuild(app.config.webRoot));
  // The remotes registry moves a remote to another origin without a restart: the origins it uses
  // now are read on every answer (modules/remotes/live-registry.ts keeps them up to date).
  const live: RemoteOrigins = { origins: [] };
  app.decorate('remoteOrigins', live);
  // With ALLOW_REMOTE_OVERRIDE, a page asked for with `?remote.<name>=<URL>` may also load that
  // build (the shell points its tab at it: shell/src/federation/overrides.ts); without it, never.
  const overrides = (req: IncomingMessage): string[] => (app.config.allowRemoteOverride ? overrideOrigins(req.url ?? '') : []);
  const directives: Record<string, (string | ((req: IncomingMessage) => string))[]> = { ...fixed };
  for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src']) {
    directives[name] = [
      (req) => {
        const overriding = overrides(req);
        // A dev server's hot reload: its WebSocket, on the same host (ws: is not implied by http:).
        const sockets = name === 'connect-src' ? overriding.map((origin) => origin.replace(/^http/, 'ws')) : [];
        return unique([...fixed[name]!, ...live.origins, ...overriding, ...sockets]).join(' ');
      },
    ];
  }
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
});

/**
 * What the apps need, and nothing more: their scripts from this origin and the remotes' origins
 * (REMOTE_*_URL), styles inline too (style-loader adds <style> elements, antd-mobile sets style
 * attributes), pictures and videos from the store (this server, S3_PUBLIC_URL, or the API's host),
 * blob: and data: pictures (previews of a picked picture, inlined assets), requests to the API,
 * to the S3 endpoint (the presigned POST of an upload) and to the store (下载 fetches the video).
 * The service worker and the web app manifest come from this origin. No page may frame this one.
 */
export function contentSecurityPolicy(config: Pick<ServerConfig, 'remoteUrls' | 's3'>, apiBaseUrl = ''): Record<string, string[]> {
  const remotes = origins(Object.values(config.remoteUrls));
  const api = origins([apiBaseUrl]);
  const store = [...api, ...origins([config.s3?.publicUrl])];
  const self = "'self'";
  return {
    'default-src': [self],
    'base-uri': [self],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': [self],
    // The page's one inline script: whether it shows its first paint (plugins/first-paint.ts).
    'script-src': [self, FIRST_PAINT_SCRIPT_SOURCE, ...remotes],
    'script-src-attr': ["'none'"],
    'style-src': [self, "'unsafe-inline'", ...remotes],
    'img-src': unique([self, 'data:', 'blob:', ...remotes, ...store]),
    'media-src': unique([self, 'blob:', ...store]),
    'font-src': [self, 'data:', ...remotes],
    'connect-src': unique([self, ...remotes, ...api, ...store, ...origins([config.s3?.endpoint])]),
    // The shell's service worker (/sw.js) and web app manifest, from this origin only.
    'worker-src': [self],
    'manifest-src': [self],
  };
}

/** A page's override parameters: `remote.create`, `remote.account`, `remote.auth`. */
export const OVERRIDE_PARAM = /^remote\.(create|account|auth)$/;

/** The origins a request's override parameters name (`/?remote.account=http://127.0.0.1:3002/mf-manifest.json`). */
export function overrideOrigins(url: string): string[] {
  const query = url.indexOf('?');
  if (query < 0) return [];
  const params = new URLSearchParams(url.slice(query + 1).split('#')[0]);
  return origins([...params].filter(([key]) => OVERRIDE_PARAM.test(key)).map(([, value]) => value));
}

/** The distinct http(s) origins of some URLs; paths (same origin) and blanks add none. */
export function origins(urls: (string | undefined)[]): string[] {
  const found: string[] = [];
  for (const url of urls) {
    if (!url || url.startsWith('/')) continue;
    try {
      const { protocol, origin } = new URL(url);
      if (protocol === 'http:' || protocol === 'https:') found.push(origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return unique(found);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * The API base URL the built shell calls (API_BASE_URL_<APP_ENV> at build time), which the shell's
 * build writes to `shell/dist/build-env.json` (webpack.config.base.ts); empty when it calls this
 * origin, or when the shell is not built.
 */
export function apiBaseUrlOfBuild(webRoot: string): string {
  try {
    const info = JSON.parse(readFileSync(path.join(webRoot, 'shell', 'dist', 'build-env.json'), 'utf8')) as { apiBaseUrl?: unknown };
    return typeof info.apiBaseUrl === 'string' ? info.apiBaseUrl : '';
  } catch {
    return '';
  }
}
