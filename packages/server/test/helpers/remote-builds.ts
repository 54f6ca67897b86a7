import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFiles } from './temp-dirs.js';

/** What a test build of a remote states in its mf-manifest.json. */
export interface BuildSpec {
  container: string;
  version: string;
  /** Shared module → its requiredVersion. */
  shared?: Record<string, string>;
  exposes: string[];
}

/** An mf-manifest.json as @module-federation/enhanced writes it (the fields the gate reads, and a few more). */
export function manifestOf(spec: BuildSpec): string {
  return JSON.stringify({
    id: spec.container,
    name: spec.container,
    metaData: {
      name: spec.container,
      type: 'app',
      buildInfo: { buildVersion: spec.version, buildName: spec.container },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      globalName: spec.container,
      publicPath: 'auto',
    },
    shared: Object.entries(spec.shared ?? { react: '^19.3.1', '@app/shared': '^1.0.0' }).map(([name, requiredVersion]) => ({
      id: `${spec.container}:${name}`,
      name,
      version: requiredVersion.replace(/^\^/, ''),
      singleton: true,
      requiredVersion,
      assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
    })),
    remotes: [],
    exposes: spec.exposes.map((path) => ({ id: `${spec.container}:${path.slice(2)}`, name: path.slice(2), path, assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } } })),
  });
}

/** The pages the test shell routes to each remote, and the versions it provides. */
export const SHELL_PAGES = { create: ['./Home'], account: ['./Mine', './Profile'], auth: ['./Login'] };

/** A built shell in `webRoot` as the gate reads it: its manifest (shared versions) and remote-pages.json. */
export function writeShellBuild(webRoot: string, shared: Record<string, string> = { react: '19.3.1', '@app/shared': '1.0.0' }): void {
  writeFiles(webRoot, {
    'shell/dist/mf-manifest.json': JSON.stringify({
      id: 'shell',
      name: 'shell',
      metaData: { name: 'shell', buildInfo: { buildVersion: '1.0.0' }, remoteEntry: { name: '', path: '', type: 'global' } },
      shared: Object.entries(shared).map(([name, version]) => ({ id: `shell:${name}`, name, version, singleton: true, requiredVersion: `^${version}` })),
      remotes: [],
      exposes: [],
    }),
    'shell/dist/remote-pages.json': JSON.stringify(SHELL_PAGES),
  });
}

/** A plain HTTP server answering fixed bodies by path (a CDN holding remote builds); 404 otherwise. */
export async function startFileServer(files: Record<string, string>): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const body = files[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
