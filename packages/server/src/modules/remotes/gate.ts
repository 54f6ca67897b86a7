import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compatProblems, entryUrlOf, manifestUrlOf, manifestVersion, type RemoteManifest, type RemoteName } from '@app/contract';
import type { Build } from './registry.js';

/** Federation container name of each remote (its webpack config's `name`; the shell registers it so). */
export const CONTAINER_NAMES: Record<RemoteName, string> = { create: 'remoteCreate', account: 'remoteAccount', auth: 'remoteAuth' };

/** What the deployed shell provides and needs: from its build (shell/dist/mf-manifest.json, remote-pages.json). */
export interface ShellFacts {
  /** Shared module → the version the shell provides. */
  shared: Map<string, string>;
  /** Remote → the modules the shell routes to in it (`./Mine`, …). */
  pages: Partial<Record<RemoteName, string[]>>;
}

/** Reads a URL's body: the registry fetches absolute URLs, and asks this server itself for a path. */
export type Fetcher = (url: string) => Promise<{ status: number; body: string }>;

/** A refused build: every problem found, each a sentence for the operator. */
export class GateRefusal extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('；'));
    this.name = 'GateRefusal';
  }
}

type Manifest = RemoteManifest;

const MANIFEST_FILE = 'mf-manifest.json';


/** The shell's facts, read from its build in WEB_ROOT; undefined with the reason when it is not built. */
export async function readShellFacts(webRoot: string): Promise<ShellFacts | string> {
  const dist = path.join(webRoot, 'shell', 'dist');
  try {
    const manifest = JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), 'utf8')) as Manifest;
    const pages = JSON.parse(await readFile(path.join(dist, 'remote-pages.json'), 'utf8')) as ShellFacts['pages'];
    const shared = new Map<string, string>();
    for (const entry of manifest.shared ?? []) {
      if (typeof entry.name === 'string' && typeof entry.version === 'string') shared.set(entry.name, entry.version);
    }
    return { shared, pages };
  } catch {
    return `读不到 shell 的构建清单（${path.join(dist, MANIFEST_FILE)}、remote-pages.json），请先构建 shell`;
  }
}

/**
 * The compatibility gate: fetches the build's mf-manifest.json and checks it against the shell.
 * Returns the build (its remoteEntry.js and version), or throws GateRefusal naming every problem:
 * the manifest cannot be fetched or read; it is another remote's; a shared module's required
 * version is not satisfied by the version the shell provides; a page the shell routes to this
 * remote is not exposed.
 */
export async function checkBuild(name: RemoteName, url: string, shell: ShellFacts | string, fetchText: Fetcher): Promise<Build> {
  const manifestUrl = manifestUrlOf(url);
  let manifest: Manifest;
  try {
    const answer = await fetchText(manifestUrl);
    if (answer.status !== 200) throw new GateRefusal([`取不到清单 ${manifestUrl}：HTTP ${answer.status}`]);
    try {
      manifest = JSON.parse(answer.body) as Manifest;
    } catch {
      throw new GateRefusal([`清单 ${manifestUrl} 不是 JSON`]);
    }
  } catch (error) {
    if (error instanceof GateRefusal) throw error;
    throw new GateRefusal([`取不到清单 ${manifestUrl}：${(error as Error).message}`]);
  }
  const entryInfo = manifest?.metaData?.remoteEntry;
  if (typeof manifest !== 'object' || manifest === null || !Array.isArray(manifest.exposes) || !Array.isArray(manifest.shared) || typeof entryInfo?.name !== 'string') {
    throw new GateRefusal([`清单 ${manifestUrl} 读不懂：缺少 exposes、shared 或 metaData.remoteEntry`]);
  }

  const problems: string[] = [];
  if (typeof shell === 'string') problems.push(shell);
  if (manifest.name !== CONTAINER_NAMES[name]) {
    problems.push(`清单是 ${String(manifest.name)} 的，不是 ${name} 的（应为 ${CONTAINER_NAMES[name]}）`);
  }
  if (typeof shell !== 'string') {
    problems.push(...compatProblems(manifest, { shared: shell.shared, pages: shell.pages[name] ?? [] }).map((p) => p.message));
  }
  if (problems.length > 0) throw new GateRefusal(problems);

  const entry = manifestUrl === url ? entryUrlOf(manifest, manifestUrl) ?? url : url;
  return { url, entry, version: manifestVersion(manifest) };
}
