import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { baseUrl } from '../src/browser';
import { buildDir, currentBuild } from '../src/builds';
import { ROOT } from '../src/server';

// A remote's production build carries the types of what it exposes (@mf-types.zip, named by its
// mf-manifest.json), for a team outside this repository and for the federation devtools.
// `npm run test:e2e` builds remote-auth with them (scripts/build.mjs --types=remote-auth).

interface TypesMeta {
  zip: string;
  api: string;
}

const manifest = () =>
  JSON.parse(readFileSync(path.join(buildDir('auth'), 'mf-manifest.json'), 'utf8')) as {
    metaData: { types: TypesMeta };
    exposes: { name: string; path: string }[];
  };

/** Every file in a zip, by its path. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (err, zip?: ZipFile) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe("a remote's federated types", () => {
  let files: Map<string, Buffer>;

  beforeAll(async () => {
    const { zip } = manifest().metaData.types;
    // As a team's tooling fetches them: from where the build is served.
    const res = await fetch(`${baseUrl()}/remotes/auth/${currentBuild('auth')}/${zip}`);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(readFileSync(path.join(buildDir('auth'), zip)))).toBe(true);
    files = await unzip(body);
  });

  it('are named by the manifest and written beside it', () => {
    const { zip, api } = manifest().metaData.types;
    expect(zip).toBe('@mf-types.zip');
    expect(api).toBe('@mf-types.d.ts');
    const apiTypes = readFileSync(path.join(buildDir('auth'), api), 'utf8');
    for (const { name } of manifest().exposes) expect(apiTypes).toContain(`'REMOTE_ALIAS_IDENTIFIER/${name}'`);
  });

  it('declare every exposed module, and each declaration it points to is in the zip', () => {
    const exposes = manifest().exposes.map((e) => e.name);
    expect(exposes.sort()).toEqual(['ForgotPassword', 'Login']);
    for (const name of exposes) {
      const declaration = files.get(`${name}.d.ts`)?.toString('utf8');
      expect(declaration).toMatch(/export \{ default \} from '\.\/compiled-types\//);
      for (const [, target] of declaration!.matchAll(/from '\.\/(compiled-types\/[^']+)'/g)) {
        expect(files.has(`${target}.d.ts`)).toBe(true);
      }
    }
  });

  it('type-check a consumer of the remote, and catch its mistakes', () => {
    // Under the repository's node_modules, so `react` and the rest resolve as in a team's project.
    const cache = path.join(ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(path.join(cache, 'e2e-mf-types-'));
    try {
      for (const [name, data] of files) {
        const file = path.join(dir, '@mf-types', 'auth', name);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, data);
      }
      const consumer = path.join(dir, 'consumer.ts');
      writeFileSync(
        consumer,
        [
          "import { createElement, type JSX } from 'react';",
          "import Login, { FORGOT_PASSWORD_URL } from 'auth/Login';",
          "import ForgotPassword, { RESET_PASSWORD_URL } from 'auth/ForgotPassword';",
          'export const pages: JSX.Element[] = [createElement(Login), createElement(ForgotPassword)];',
          "export const urls: ['/pagesA/login/forgotPassword', '/api/v1/account/reset_password'] = [FORGOT_PASSWORD_URL, RESET_PASSWORD_URL];",
          '// @ts-expect-error a string is not a number: the types are real, not `any`',
          'export const wrong: number = FORGOT_PASSWORD_URL;',
          '// @ts-expect-error the remote exposes no such module',
          "export { default as Missing } from 'auth/Missing';",
          '',
        ].join('\n'),
      );
      const program = ts.createProgram([consumer], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        jsx: ts.JsxEmit.ReactJSX,
        types: [],
        paths: { 'auth/*': [path.join(dir, '@mf-types', 'auth', '*')] },
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
      // The consumer really read the remote's declarations.
      expect(program.getSourceFiles().some((f) => f.fileName.endsWith('remote-auth/src/pages/login/login-page.d.ts'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
