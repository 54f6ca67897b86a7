import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server';

/**
 * The folder of a remote's current build (remote-<name>/dist/<version>-<hash>, named by
 * dist/current.json: webpack.config.base.ts), which the registry starts with.
 */
export function currentBuild(name: string): string {
  return (JSON.parse(readFileSync(path.join(ROOT, `remote-${name}`, 'dist', 'current.json'), 'utf8')) as { build: string }).build;
}

/** Where that build is on disk. */
export function buildDir(name: string): string {
  return path.join(ROOT, `remote-${name}`, 'dist', currentBuild(name));
}

/** The shell's entry as its build names it (`/main.<content hash>.js`, the script index.html starts). */
export function shellEntry(): string {
  const src = /<script defer src="?(main\.[0-9a-f]{8}\.js)/.exec(readFileSync(path.join(ROOT, 'shell', 'dist', 'index.html'), 'utf8'))?.[1];
  if (!src) throw new Error('shell/dist/index.html starts no main.<hash>.js: build the shell');
  return `/${src}`;
}

/** Where the server serves that build's remoteEntry.js (a path on its origin). */
export function builtEntry(name: string): string {
  return `/remotes/${name}/${currentBuild(name)}/remoteEntry.js`;
}

/**
 * A copy of a remote's current build in a folder of its own (a team's next build, or a broken one),
 * each of its top-level text files (scripts, mf-manifest.json) passed through `edit`, which returns
 * the new text or undefined to leave the file alone. The caller removes the folder.
 */
export function copyOfBuild(name: string, edit: (file: string, text: string) => string | undefined): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `e2e-${name}-build-`));
  cpSync(buildDir(name), dir, { recursive: true });
  for (const file of readdirSync(dir).filter((entry) => /\.(?:js|json)$/.test(entry))) {
    const changed = edit(file, readFileSync(path.join(dir, file), 'utf8'));
    if (changed !== undefined) {
      writeFileSync(path.join(dir, file), changed);
      // The precompressed copies would still hold the old text.
      rmSync(path.join(dir, `${file}.br`), { force: true });
      rmSync(path.join(dir, `${file}.gz`), { force: true });
    }
  }
  return dir;
}

/** Edits a build's mf-manifest.json (for copyOfBuild). */
export function editManifest(change: (manifest: Record<string, any>) => void): (file: string, text: string) => string | undefined {
  return (file, text) => {
    if (file !== 'mf-manifest.json') return undefined;
    const manifest = JSON.parse(text) as Record<string, any>;
    change(manifest);
    return JSON.stringify(manifest);
  };
}

/**
 * remote-account's current build copied as a team's next one: a visible change (关于's label
 * 应用版本 becomes `label`) and, when given, another version in its manifest.
 */
export function relabelledAccountBuild(label: string, version?: string): string {
  const manifest = editManifest((m) => {
    if (version !== undefined) m.metaData.buildInfo.buildVersion = version;
  });
  return copyOfBuild('account', (file, text) => manifest(file, text) ?? (text.includes('应用版本') ? text.replaceAll('应用版本', label) : undefined));
}

/** remote-account's current build copied as one the gate refuses: it requires React ^20, which no shell here provides. */
export function needsAnotherReactBuild(): string {
  return copyOfBuild(
    'account',
    editManifest((manifest) => {
      for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^20.0.0';
    }),
  );
}
