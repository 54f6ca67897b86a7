import * as federation from '@module-federation/enhanced/runtime';
import { PAGES } from '@app/shared';
import { LoadFailure } from './load-failure';
import { loadPageComponent, providedShared, registerAll, remoteVersion, resetRemote } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn(), getInstance: jest.fn() }));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: (options: unknown) => ({ name: 'retry-plugin', options }) }));

const runtime = federation as unknown as Record<'loadRemote' | 'registerRemotes' | 'registerPlugins' | 'getInstance', jest.Mock>;

const mine = PAGES.find((p) => p.route === 'pages/my/myIndex')!;
const ENTRY = 'https://cdn.example.com/account/1.0.1/remoteEntry.js';
const accountPages = [...new Set(PAGES.filter((p) => p.remote === 'account').map((p) => p.module))];

function manifest(overrides: { react?: string; exposes?: string[]; name?: string } = {}) {
  return {
    name: overrides.name ?? 'remoteAccount',
    metaData: { buildInfo: { buildVersion: '1.0.1' } },
    shared: [{ name: 'react', requiredVersion: overrides.react ?? '^19.0.0', version: '19.3.1' }],
    exposes: (overrides.exposes ?? accountPages).map((path) => ({ name: path.slice(2), path })),
  };
}

let answers: (() => Promise<Partial<Response>>)[];
const fetched: string[] = [];

beforeEach(() => {
  jest.clearAllMocks();
  fetched.length = 0;
  runtime.getInstance.mockReturnValue({
    options: { name: 'shell', shared: { react: [{ version: '19.3.1', from: 'shell' }, { version: '20.0.0', from: 'remoteOther' }] } },
  });
  runtime.loadRemote.mockResolvedValue({ default: () => null });
  global.fetch = jest.fn(async (url: string) => {
    fetched.push(String(url));
    return (answers.shift() ?? (async () => ({ ok: true, status: 200, json: async () => manifest() })))();
  }) as unknown as typeof fetch;
  answers = [];
  registerAll({ create: 'https://cdn.example.com/create/remoteEntry.js', account: ENTRY, auth: 'https://cdn.example.com/auth/remoteEntry.js' });
  resetRemote('account');
});

const json = (body: unknown) => async () => ({ ok: true, status: 200, json: async () => body });

describe('the run-time gate', () => {
  it('registers the retry plugin with the remotes', () => {
    expect(runtime.registerPlugins).toHaveBeenCalledWith([{ name: 'retry-plugin', options: { script: { retryTimes: 2, retryDelay: 400 } } }]);
  });

  it('reads what the shell itself provides, not what a remote brought', () => {
    expect(providedShared()).toEqual(new Map([['react', '19.3.1']]));
  });

  it('loads a remote whose manifest fits, once per registration, and knows its version', async () => {
    await loadPageComponent(mine);
    await loadPageComponent(mine);
    expect(fetched).toEqual(['https://cdn.example.com/account/1.0.1/mf-manifest.json']);
    expect(runtime.loadRemote).toHaveBeenCalledWith('remoteAccount/Mine');
    expect(remoteVersion('account')).toBe('1.0.1');
  });

  it('refuses, before the remote loads, a build whose shared requirement the shell does not meet or which lacks a page', async () => {
    answers = [json(manifest({ react: '^20.0.0', exposes: ['./Mine'] }))];
    const refusal = loadPageComponent(mine);
    await expect(refusal).rejects.toBeInstanceOf(LoadFailure);
    await expect(refusal).rejects.toMatchObject({ kind: 'incompatible', message: expect.stringContaining('共享模块 react 要求 ^20.0.0，shell 提供的是 19.3.1') });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    // Asked again after a failure: the next build may fit.
    await loadPageComponent(mine);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('refuses another container’s manifest', async () => {
    answers = [json(manifest({ name: 'remoteCreate' }))];
    await expect(loadPageComponent(mine)).rejects.toMatchObject({ kind: 'incompatible' });
  });

  it('names a manifest that is not there missing, and one it cannot reach, after its retries, network', async () => {
    answers = [async () => ({ ok: false, status: 404 })];
    await expect(loadPageComponent(mine)).rejects.toMatchObject({ kind: 'missing' });
    expect(fetched).toHaveLength(1);
    fetched.length = 0;
    const refused = async () => {
      throw new TypeError('Failed to fetch');
    };
    answers = [refused, refused, refused];
    await expect(loadPageComponent(mine)).rejects.toMatchObject({ kind: 'network' });
    expect(fetched).toHaveLength(3);
  });
});
