/**
 * npm run test:remote -- NAME --manifest URL | --dist FOLDER
 *
 * The contract test a remote team runs in its own CI (README "Ship a remote"): starts this
 * repository's built server on a fresh database, with the other remotes as deployed (the builds
 * it hosts, or REMOTE_*_URL), stitches the team's build in with `remotes set` — the compatibility
 * gate, whose refusal ends the test — then opens every page the shell routes to that remote (the
 * page registry) in Chromium: each must render, with the seed's title and no console error.
 * Prints a readable report; exits 0 when everything passed, 1 when something failed, 2 on a usage
 * mistake.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PAGES, type PageDef, type RemoteName } from '../../../shared/src/pages/registry';
import { launch, phoneContext, screenshot } from './browser';
import { ROOT, startServer, type RunningServer } from './server';
import { serveFolder, type StaticHost } from './static-host';

const NAMES: RemoteName[] = ['create', 'account', 'auth'];
const USAGE = 'npm run test:remote -- <create|account|auth> (--manifest <mf-manifest.json 的地址> | --dist <构建目录>)';
/** How long a page may take to show its content (or its error). */
const PAGE_TIMEOUT_MS = 30_000;

interface Args {
  name: RemoteName;
  manifest?: string;
  dist?: string;
}

class UsageError extends Error {}

export function parseArgs(argv: string[]): Args {
  const [name, ...rest] = argv;
  if (!NAMES.includes(name as RemoteName)) throw new UsageError(`第一个参数是远程模块的名字（${NAMES.join('、')}），收到 ${name ?? '（空）'}`);
  const args: Args = { name: name as RemoteName };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} 后面缺少值`);
    if (flag === '--manifest') args.manifest = value;
    else if (flag === '--dist') args.dist = value;
    else throw new UsageError(`不认识的参数 ${flag}`);
  }
  if ((args.manifest === undefined) === (args.dist === undefined)) throw new UsageError('--manifest 和 --dist 二选一，且必须给一个');
  if (args.manifest !== undefined && !/^https?:\/\//.test(args.manifest)) throw new UsageError(`--manifest 要 http(s) 地址，收到 ${args.manifest}`);
  if (args.dist !== undefined) {
    args.dist = path.resolve(args.dist);
    if (!existsSync(path.join(args.dist, 'mf-manifest.json')) || !statSync(args.dist).isDirectory()) {
      throw new UsageError(`${args.dist} 里没有 mf-manifest.json：--dist 要给构建目录（如 remote-account/dist/1.0.0-xxxxxxxxxx）`);
    }
  }
  return args;
}

/** The admin command line against the server (its token given, as a deploy token would be). */
function admin(server: RunningServer, token: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'packages/server/dist/cli/admin.js'), ...args],
      { env: { ...process.env, ADMIN_URL: server.url, ADMIN_TOKEN: token, DEPLOY_TOKEN: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

interface PageResult {
  page: PageDef;
  problems: string[];
  screenshot?: string;
}

/** A console message for the report: its first line and the two innermost frames of a stack. */
function brief(text: string): string {
  const lines = text.split('\n');
  return [lines[0], ...lines.slice(1, 3).map((line) => `      ${line.trim()}`), ...(lines.length > 3 ? ['      …'] : [])].join('\n');
}

/** Opens one page in a fresh phone-sized tab and says what is wrong with it, if anything. */
async function checkPage(browser: Browser, server: RunningServer, page: PageDef, buildBase: string): Promise<PageResult> {
  const context = await phoneContext(browser);
  const tab: Page = await context.newPage();
  const problems: string[] = [];
  let fromBuild = 0;
  tab.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(buildBase)) fromBuild += 1;
  });
  tab.on('console', (message) => {
    if (message.type() === 'error') problems.push(`控制台错误：${brief(message.text())}`);
  });
  tab.on('pageerror', (error) => problems.push(`未捕获的异常：${brief(error.stack ?? error.message)}`));
  let shot: string | undefined;
  try {
    await tab.goto(`${server.url}/#/${page.route}`);
    const shown = tab.locator(`.app-page[aria-hidden="false"][data-route="${page.route}"] .app-page-body`);
    try {
      await tab.waitForFunction(
        (route) => {
          const body = document.querySelector(`.app-page[aria-hidden="false"][data-route="${route}"] .app-page-body`);
          return !!body && body.childElementCount > 0 && !body.querySelector('.app-page-loading');
        },
        page.route,
        { timeout: PAGE_TIMEOUT_MS },
      );
    } catch {
      problems.push(`${PAGE_TIMEOUT_MS / 1000} 秒内没有显示出来`);
    }
    const error = shown.locator('.app-page-error');
    if ((await error.count()) > 0) {
      problems.push(`页面显示加载错误（${await error.getAttribute('data-kind')}）：${(await error.innerText()).trim()}`);
    } else if ((await shown.count()) > 0 && (await shown.evaluate((body) => (body.textContent ?? '').trim() === '' && !body.querySelector('img,svg,canvas,video')))) {
      problems.push('页面是空的');
    }
    if (fromBuild === 0) problems.push(`没有从这个构建（${buildBase}）加载脚本`);
    const title = await tab.title();
    if (title !== page.title) problems.push(`标题是「${title}」，应为「${page.title}」`);
    shot = await screenshot(tab, `test-remote-${page.remote}-${page.route.replace(/[^\w]+/g, '-')}`);
  } finally {
    await context.close();
  }
  return { page, problems, screenshot: shot };
}

export async function testRemote(args: Args, log: (line: string) => void = console.log): Promise<number> {
  // The platform's own parts, built when missing (a remote team's CI checks out this repository).
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--missing'], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  if (built.status !== 0) {
    log('构建 shell、服务器或其他远程模块失败（见上）');
    return 1;
  }

  let host: StaticHost | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    if (args.dist) host = await serveFolder(args.dist);
    const manifest = args.manifest ?? `${host!.origin}/mf-manifest.json`;
    log(`test:remote ${args.name}：${args.dist ? `${args.dist}（${manifest}）` : manifest}`);

    const token = randomBytes(24).toString('hex');
    server = await startServer({ ADMIN_TOKEN: token, SEED_TEMPLATES: '0', WORKERS: '0', SIGNUP_LIMIT: '0', LOG_LEVEL: 'error' });

    // The compatibility gate, as `remotes set` runs it on a deploy.
    const set = await admin(server, token, ['remotes', 'set', args.name, manifest]);
    if (set.code !== 0) {
      log(`✗ 兼容检查：${(set.stderr || set.stdout).trim()}`);
      log('结果：未通过（构建被兼容检查拒绝，没有打开页面）');
      return 1;
    }
    log(`✓ 兼容检查：${set.stdout.trim()}`);

    const pages = PAGES.filter((page) => page.remote === args.name);
    browser = await launch();
    const results: PageResult[] = [];
    for (const page of pages) {
      const result = await checkPage(browser, server, page, new URL('.', manifest).href);
      results.push(result);
      const mark = result.problems.length === 0 ? '✓' : '✗';
      log(`${mark} ${page.title}（/${page.route}，${page.module}）${result.screenshot ? `  截图 ${path.relative(process.cwd(), result.screenshot)}` : ''}`);
      for (const problem of result.problems) log(`    ${problem}`);
    }
    const failed = results.filter((result) => result.problems.length > 0).length;
    log(failed === 0 ? `结果：通过（${pages.length} 个页面）` : `结果：未通过（${failed}/${pages.length} 个页面有问题）`);
    return failed === 0 ? 0 : 1;
  } finally {
    await browser?.close();
    await server?.stop();
    await host?.close();
  }
}

if (require.main === module) {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n用法：${USAGE}`);
    process.exit(2);
  }
  testRemote(args).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`test:remote 出错：${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    },
  );
}
