import path from 'node:path';
import { startTsx } from '../helpers/processes.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';
import { startDashScopeStandIn, type DashScopeStandIn } from '../stand-ins/dashscope.js';

const SMOKE = path.join(__dirname, '..', '..', 'src', 'cli', 'smoke-providers.ts');
let standIn: DashScopeStandIn;
beforeAll(async () => {
  standIn = await startDashScopeStandIn();
});
afterAll(async () => {
  await standIn.close();
  removeTempDirs();
});

const env = () => ({ DATA_DIR: makeTempDir(), SMOKE_POLL_MS: '10', DASHSCOPE_API_KEY: '', ARK_API_KEY: '', KLING_ACCESS_KEY: '', KLING_SECRET_KEY: '', COMFYUI_URL: '', COMFYUI_WORKFLOW: '' });

test('makes one clip on each configured model, says plainly which it skipped, and never prints a key', async () => {
  const run = startTsx(SMOKE, { ...env(), DASHSCOPE_API_KEY: standIn.apiKey, DASHSCOPE_BASE_URL: standIn.url });
  expect((await run.exited).code).toBe(0);
  const { stdout, stderr } = run.output();
  expect(stdout).toMatch(/^OK {6}wan \(通义万相\): 5 s 16:9 clip, .* MiB, in \d+ s/m);
  expect(stdout).toContain('SKIPPED seedance: not configured (set ARK_API_KEY)');
  expect(stdout).toContain('SKIPPED kling: not configured (set KLING_ACCESS_KEY and KLING_SECRET_KEY)');
  expect(stdout).toContain('SKIPPED comfyui: not configured');
  expect(stdout + stderr).not.toContain(standIn.apiKey);
}, 60_000);

test('a vendor that refuses the key fails the run with its reason, exit 1', async () => {
  const run = startTsx(SMOKE, { ...env(), DASHSCOPE_API_KEY: 'sk-not-the-key', DASHSCOPE_BASE_URL: standIn.url });
  expect((await run.exited).code).toBe(1);
  expect(run.output().stdout).toMatch(/FAILED {2}wan \(通义万相\) \[rejected\]: DashScope 401 InvalidApiKey/);
  expect(run.output().stdout).not.toContain('sk-not-the-key');
}, 60_000);
