import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { coverSizes, coverSrcSet, FIRST_COVERS, manifestUrlOf, type SysVideo } from '@app/contract';
import { escapeHtml } from '../lib/html-page.js';
import { isSafeBuildFolder } from '../modules/remotes/build-folders.js';
import { AFTER_PAINT_PRELOADS_ID, afterPaint, firstPaint } from './first-paint.js';

/**
 * The shell's index.html as sent for `/`: with `<link rel="preload">` for what the first route
 * (首页, remote-create's `./Home`) needs — the shell's own start chunks, the remote's entry and the
 * chunks of that exposed module —
 * so the browser fetches them while the shell's own scripts load, instead of one after the other
 * (docs/architecture.md "Front end"). The entry is the one the registry names now (so the page
 * follows a deploy or a rollback without a restart); the chunks' names come from that build's
 * `preload.json` (written by webpack.config.base.ts); a remote on another origin gets its entry
 * preloaded only (its chunk names are its own deployment's).
 */
export const FIRST_ROUTE_REMOTE = 'create';
export const FIRST_ROUTE_MODULE = './Home';

/** Where the first route's remote is, as the page for `/` needs it. */
export interface FirstRouteRemote {
  /** The served front end (plugins/static-apps: `remote-<name>/dist` under `/remotes/<name>/`). */
  webRoot: string;
  /**
   * The remote's remoteEntry.js as the registry names it for everyone: the stable build. During a
   * canary a device in it preloads the stable build's entry all the same — the page is the same
   * for every device, since the device id lives in the browser's localStorage, which a page
   * request does not carry — and then fetches its canary build's own files (an extra entry and
   * chunks for the few devices in a canary, never a mix: the shell registers what /remotes.json
   * answers for the device).
   */
  entry: () => string;
}

/** The build folder a remoteEntry.js served by this server comes from (plugins/static-apps), or null. */
function localDist(webRoot: string, entry: string): string | null {
  const prefix = `/remotes/${FIRST_ROUTE_REMOTE}/`;
  if (!entry.startsWith(prefix) || !entry.endsWith('/remoteEntry.js')) return null;
  // `<version>-<hash>/`, or nothing for a build made before builds had folders: never a way out of dist.
  const folder = entry.slice(prefix.length, -'remoteEntry.js'.length);
  if (folder !== '' && !(folder.endsWith('/') && isSafeBuildFolder(folder.slice(0, -1)))) return null;
  return path.join(webRoot, `remote-${FIRST_ROUTE_REMOTE}`, 'dist', folder);
}

/** The plain script file names under `name` in a build's preload.json (none when it has no such list). */
async function listed(dist: string, name: string): Promise<string[]> {
  try {
    const list = JSON.parse(await readFile(path.join(dist, 'preload.json'), 'utf8')) as Record<string, unknown>;
    const named = list[name];
    return Array.isArray(named) ? named.filter((file): file is string => typeof file === 'string' && /^[\w.-]+\.js$/.test(file)) : [];
  } catch {
    // Built before preload.json existed, or not built.
    return [];
  }
}

/** What the page for `/` asks the browser to fetch early. */
export interface FirstRoutePreloads {
  /** Scripts, in order: the shell's start chunks, the remote's entry, the exposed module's chunks. */
  scripts: string[];
  /**
   * The remote's mf-manifest.json, which the shell reads (the run-time compatibility gate,
   * shell/src/federation/remotes.ts) before it runs the entry: fetched beside the scripts instead
   * of after the shell's own start.
   */
  manifest: string;
}

/**
 * The scripts to preload: the shell's own start (its bootstrap chunk and the shared modules it
 * provides, which its entry would only ask for once it runs), then the remote's entry and the
 * exposed module's chunks (same folder as the entry); and the remote's manifest.
 */
export async function firstRoutePreloads(shellDist: string, remote: FirstRouteRemote): Promise<FirstRoutePreloads> {
  const shell = (await listed(shellDist, 'start')).map((file) => `/${file}`);
  const entry = remote.entry();
  const dist = localDist(remote.webRoot, entry);
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const chunks = dist ? (await listed(dist, FIRST_ROUTE_MODULE)).map((file) => `${base}${file}`) : [];
  return { scripts: [...shell, entry, ...chunks], manifest: manifestUrlOf(entry) };
}

/** An image to preload: a cover with thumbnails (the WebP its `<picture>` picks) or a plain one. */
export type ImagePreload = { srcset: string; sizes: string } | { href: string };

/**
 * 首页's first covers (FIRST_COVERS, those the gallery fetches at once), from the data the page
 * carries: offered as the gallery's `<picture>` offers them (coverSrcSet and coverSizes, so the
 * browser picks the same WebP width and takes the preload), so they load beside the scripts.
 */
export function firstCovers(data: unknown): ImagePreload[] {
  const list = (data as { templates?: { list?: unknown } } | undefined)?.templates?.list;
  if (!Array.isArray(list)) return [];
  return (list as Partial<SysVideo>[]).slice(0, FIRST_COVERS).flatMap((template): ImagePreload[] => {
    if (template.coverThumbUrl && template.aspectRatio) {
      return [{ srcset: coverSrcSet(template.coverThumbUrl, 'webp'), sizes: coverSizes('card', template.aspectRatio) }];
    }
    return template.coverUrl ? [{ href: template.coverUrl }] : [];
  });
}

const imageLink = (image: ImagePreload) =>
  'href' in image
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image.href)}">`
    : `<link rel="preload" as="image" fetchpriority="high" type="image/webp" imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes)}">`;

/** The id of the `<script type="application/json">` holding the first route's data (read by shell/src/app/first-route-data.ts). */
export const FIRST_ROUTE_DATA_ID = 'first-route-data';

/** JSON inside a `<script>` element: nothing in it can close the element or open a comment. */
function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * index.html with the preloads just before `</head>` — the scripts as webpack loads them (classic
 * scripts: no crossorigin), the manifest as the shell's `fetch()` asks for it (`as="fetch"` is
 * always a CORS request: `crossorigin` makes its credentials mode the fetch's own, so the fetch
 * takes the preloaded answer), the first covers of the data — and the first route's data, when
 * there is some, as a JSON data block (not a script: the CSP's script rules do not apply to it).
 */
export function withPreloads(html: string, preloads: FirstRoutePreloads, data?: unknown): string {
  const paint = firstPaint(data);
  // With the picture, the shell's start script runs once it is painted (FIRST_PAINT_SCRIPT).
  const started = paint ? afterPaint(html) : { html, scripts: [] };
  const scriptLink = (href: string, priority = '') => `<link rel="preload" as="script"${priority} href="${escapeHtml(href)}">`;
  const scriptLinks = preloads.scripts.map((href) => scriptLink(href)).join('') + `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(preloads.manifest)}">`;
  const links =
    // The covers first: on a connection that takes a few requests at a time (HTTP/1.1), the
    // pictures the first paint shows are not queued behind the scripts.
    firstCovers(data).map(imageLink).join('') +
    // With the picture, the shell's start script (one request) loads behind the covers, to be at
    // hand once they are painted; the scripts it goes on to load, and their manifest, are asked
    // for when it starts: until then the network is the covers' (and Lighthouse's simulation,
    // which counts a script that arrived before the largest paint as needed for it unless it saw
    // the script run after, does not put them before it). A template's links are inert until the
    // inline script inserts them.
    (paint ? started.scripts.map((href) => scriptLink(href, ' fetchpriority="low"')).join('') + `<template id="${AFTER_PAINT_PRELOADS_ID}">${scriptLinks}</template>` : scriptLinks) +
    (data === undefined ? '' : `<script type="application/json" id="${FIRST_ROUTE_DATA_ID}">${scriptJson(data)}</script>`) +
    (paint?.head ?? '');
  // The first paint's picture, first in the body: drawn as soon as the page's bytes arrive.
  const painted = paint ? started.html.replace(/<body[^>]*>/i, (tag) => `${tag}${paint.body}`) : html;
  if (painted.includes('</head>')) return painted.replace('</head>', `${links}</head>`);
  // No head of its own: after the doctype (before it, the page would render in quirks mode).
  const doctype = /^\s*<!doctype[^>]*>/i.exec(painted)?.[0] ?? '';
  return doctype + links + painted.slice(doctype.length);
}

interface Rendered {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Answers `/` and `/index.html`: the page is rendered from the files on each request (a rebuilt
 * shell or remote is picked up at once; both reads are small) with `firstData()` — 首页's first
 * page of templates, the same for everyone, so the gallery draws without waiting for a request
 * that could only start once the app's scripts have run — and compressed once per content. When
 * the data cannot be read the page goes without it (the gallery then asks for it).
 */
export function firstRouteHandler(
  shellDist: string,
  remote: FirstRouteRemote,
  firstData: () => Promise<unknown> = async () => undefined,
  onDataError: (err: unknown) => void = () => undefined,
) {
  let cached: Rendered | undefined;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    // The data, the page and the preload lists are read side by side, not one after the other.
    const [data, index, preloads] = await Promise.all([
      firstData().catch((err: unknown) => {
        onDataError(err);
        return undefined;
      }),
      readFile(path.join(shellDist, 'index.html'), 'utf8'),
      firstRoutePreloads(shellDist, remote),
    ]);
    const html = withPreloads(index, preloads, data);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
    if (cached?.etag !== etag) {
      const identity = Buffer.from(html);
      cached = {
        etag,
        identity,
        br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
    }
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag).header('vary', 'Accept-Encoding');
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    const body = encoding ? cached[encoding] : cached.identity;
    if (encoding) reply.header('content-encoding', encoding);
    return reply.header('content-length', body.length).send(request.method === 'HEAD' ? undefined : body);
  };
}
