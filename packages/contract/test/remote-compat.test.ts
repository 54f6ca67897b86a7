import semver from 'semver';
import { compatProblems, entryUrlOf, satisfiesRange, type RemoteManifest } from '../src/remote-compat';

const VERSIONS = [
  '0.0.0', '0.0.1', '0.0.2', '0.1.0', '0.1.5', '0.2.0', '0.2.0-beta.1', '1.0.0-0', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta',
  '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.1.0', '1.1.9', '1.2.0-0', '1.2.0-rc.1', '1.2.0', '1.2.3-pre', '1.2.3',
  '1.2.4', '1.2.10', '1.3.0-0', '1.3.0', '1.9.9', '2.0.0-0', '2.0.0-rc.1', '2.0.0', '2.1.0', '3.0.0', '18.3.1', '19.0.0', '19.3.1', '19.3.2',
  '20.0.0', 'v1.2.3', '1.2.3+build.5',
];

const RANGES = [
  '*', 'x', '', '1.2.3', '=1.2.3', 'v1.2.3', '1.2.3-pre', '^1.2.3', '^1.2', '^1', '^0.2.3', '^0.2', '^0.0.1', '^0.0', '^0', '^1.2.3-pre',
  '^19.3.1', '~1.2.3', '~1.2', '~1', '~0.2.3', '~1.2.3-pre', '~>1.2.3', '>=1.2.3', '>=1.2', '>=1', '>1.2.3', '>1.2', '>1', '<1.2.3', '<1.2',
  '<1', '<=1.2.3', '<=1.2', '<=1', '1.x', '1.2.x', '1.X', '1.2.*', '1.x.x', '1', '1.2', '>=1.2.3 <2.0.0', '>= 1.2.3 < 2', '>1.0.0 <=1.2.3',
  '1.2.3 - 2.3.4', '1.2 - 2.3', '1 - 2', '1.2.3 - 2', '^1.2.3 || ^2.0.0', '1.0.0 || >=1.2.0 <1.3.0', '^0.1.0 || ^19.0.0', '>=0.0.0',
  '<0.0.0-0', '>*', '<*', '1.2.3-beta.2 - 1.2.3', '~0', '~0.0.1',
];

describe('satisfiesRange', () => {
  it('answers as semver does (includePrerelease) for every version and range', () => {
    const wrong: string[] = [];
    for (const range of RANGES) {
      expect(semver.validRange(range, { includePrerelease: true })).not.toBeNull();
      for (const version of VERSIONS) {
        const expected = semver.satisfies(version, range, { includePrerelease: true });
        const got = satisfiesRange(version, range);
        if (got !== expected) wrong.push(`${version} ${JSON.stringify(range)}: semver ${expected}, here ${String(got)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('does not claim to understand what semver refuses', () => {
    for (const range of ['^a.b', '>=1.2.3.4', 'latest', '1.2.3 -', '~~1']) {
      expect(semver.validRange(range)).toBeNull();
      expect(satisfiesRange('1.2.3', range)).toBeUndefined();
    }
    expect(satisfiesRange('not-a-version', '^1.0.0')).toBeUndefined();
  });
});

describe('compatProblems', () => {
  const shell = { shared: new Map([['react', '19.3.1'], ['@app/shared', '1.0.0']]), pages: ['./Mine', './Settings'] };

  it('passes a build whose shared requirements the shell meets and which exposes every routed page', () => {
    const manifest = {
      shared: [
        { name: 'react', requiredVersion: '^19.0.0' },
        { name: '@app/shared', requiredVersion: '^1.0.0' },
        { name: 'left-pad', requiredVersion: '^9.0.0' },
        { name: 'react-dom', requiredVersion: '*' },
      ],
      exposes: [{ name: 'Mine', path: './Mine' }, { name: './Settings' }],
    };
    expect(compatProblems(manifest, shell)).toEqual([]);
  });

  it('names each unmet requirement, unreadable range and missing page', () => {
    const manifest = {
      shared: [{ name: 'react', requiredVersion: '^18.2.0' }, { name: '@app/shared', requiredVersion: 'latest' }],
      exposes: [{ name: 'Mine', path: './Mine' }],
    };
    expect(compatProblems(manifest, shell)).toEqual([
      { kind: 'shared', message: '共享模块 react 要求 ^18.2.0，shell 提供的是 19.3.1' },
      { kind: 'unreadable-range', message: '共享模块 @app/shared 的版本要求 latest 读不懂' },
      { kind: 'not-exposed', message: 'shell 路由到的页面 ./Settings 没有暴露' },
    ]);
  });

  it('refuses a module the shell does not provide when the build brings no copy of it (import: false)', () => {
    const own = { js: { sync: ['__federation_shared_left-pad.js'], async: [] } };
    const none = { js: { sync: [], async: [] } };
    const manifest = {
      shared: [
        { name: 'react', requiredVersion: '^19.0.0', assets: none },
        { name: 'left-pad', requiredVersion: '^9.0.0', assets: own },
        { name: 'react-dom', requiredVersion: '^19.0.0', assets: none },
      ],
      exposes: [{ name: 'Mine' }, { name: 'Settings' }],
    };
    expect(compatProblems(manifest, shell)).toEqual([{ kind: 'shared', message: '共享模块 react-dom 只能由 shell 提供，shell 没有提供' }]);
  });
});

describe('entryUrlOf', () => {
  const manifest = (remoteEntry: unknown) => ({ metaData: { remoteEntry } }) as RemoteManifest;

  it('is the remoteEntry.js the manifest names, beside it', () => {
    expect(entryUrlOf(manifest({ name: 'remoteEntry.js', path: '' }), 'http://127.0.0.1:3002/mf-manifest.json')).toBe('http://127.0.0.1:3002/remoteEntry.js');
    expect(entryUrlOf(manifest({ name: 'remoteEntry.js', path: 'js/' }), 'https://cdn.example.com/account/1.0.1/mf-manifest.json')).toBe('https://cdn.example.com/account/1.0.1/js/remoteEntry.js');
    expect(entryUrlOf(manifest({ name: 'remoteEntry.js' }), '/remotes/account/1.0.0-0123456789/mf-manifest.json')).toBe('/remotes/account/1.0.0-0123456789/remoteEntry.js');
  });

  it('is undefined when the manifest names none', () => {
    expect(entryUrlOf(manifest(undefined), 'http://h/mf-manifest.json')).toBeUndefined();
    expect(entryUrlOf(manifest({ name: '' }), 'http://h/mf-manifest.json')).toBeUndefined();
    expect(entryUrlOf({} as RemoteManifest, 'http://h/mf-manifest.json')).toBeUndefined();
  });
});
