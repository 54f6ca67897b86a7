import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PAGES } from '@app/shared/src/pages/registry';
import { buildDir, copyOfBuild, needsAnotherReactBuild } from '../src/builds';
import { ROOT } from '../src/server';
import { serveFolder } from '../src/static-host';

// `npm run test:remote`, as a remote team's CI runs it: it starts a server of its own and a
// Chromium of its own, so this file only runs the command and reads its exit code and report.

jest.setTimeout(240_000);

function testRemote(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'packages/e2e/src/test-remote.ts'), ...args], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

/** The pages the shell routes to in remote-account (the page registry): the report names each. */
const ACCOUNT_PAGES = PAGES.filter((page) => page.remote === 'account');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('npm run test:remote', () => {
  it('passes a good build (--dist): the gate, then every page of the remote, each named in the report', async () => {
    const { code, out } = await testRemote(['account', '--dist', buildDir('account')]);
    expect([code, out]).toEqual([0, expect.stringContaining(`结果：通过（${ACCOUNT_PAGES.length} 个页面）`)]);
    for (const { title } of ACCOUNT_PAGES) expect(out).toContain(`✓ ${title}（`);
    expect(out).toContain('✓ 兼容检查');
  });

  it('fails, naming the problem, a build that needs another React (--manifest): the gate refuses it, no page is opened', async () => {
    const dir = needsAnotherReactBuild();
    folders.push(dir);
    const host = await serveFolder(dir);
    try {
      const { code, out } = await testRemote(['account', '--manifest', `${host.origin}/mf-manifest.json`]);
      expect(code).toBe(1);
      expect(out).toMatch(/✗ 兼容检查：.*react.*\^20\.0\.0/);
      expect(out).toContain('结果：未通过（构建被兼容检查拒绝，没有打开页面）');
      expect(out).not.toContain('✓ 关于');
    } finally {
      await host.close();
    }
  });

  it('fails a build whose page throws, naming that page and its error; the other pages pass', async () => {
    const dir = copyOfBuild('account', (file, text) =>
      file.startsWith('__federation_expose_About.') ? text.replace('"应用版本"', '(()=>{throw new Error("关于页面坏了")})()') : undefined,
    );
    folders.push(dir);
    const { code, out } = await testRemote(['account', '--dist', dir]);
    expect(code).toBe(1);
    expect(out).toMatch(/✗ 关于（\/pages\/about\/about，\.\/About）/);
    expect(out).toContain('关于页面坏了');
    expect(out).toContain('页面显示加载错误（crashed）');
    expect(out).toContain('✓ 我的（');
    expect(out).toContain(`结果：未通过（1/${ACCOUNT_PAGES.length} 个页面有问题）`);
  });

  it('says how to use it when the arguments are wrong (exit 2)', async () => {
    const { code, out } = await testRemote(['shop', '--dist', '.']);
    expect(code).toBe(2);
    expect(out).toContain('用法：npm run test:remote');
  });
});
