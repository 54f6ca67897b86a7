// `npm run smoke:providers`: one short real generation on every hosted video model whose keys are
// set (the same variables the server reads), and a plain word for each one that is skipped.
// Costs real money: one 5 s text-to-video clip per configured model. Keys are never printed.
// Exit 0 when every configured model made its clip, 1 otherwise.
import { setTimeout as sleep } from 'node:timers/promises';
import { VIDEO_MODELS } from '@app/contract';
import { loadConfigOrExit } from '../config.js';
import { VendorError, type ClipProvider } from '../modules/clips/clip-provider.js';
import { clipProviders } from '../modules/clips/video-models.js';

const SETTINGS: Record<string, string> = {
  wan: 'DASHSCOPE_API_KEY',
  seedance: 'ARK_API_KEY',
  kling: 'KLING_ACCESS_KEY and KLING_SECRET_KEY',
  comfyui: 'COMFYUI_URL and COMFYUI_WORKFLOW',
};

const POLL_MS = Number(process.env.SMOKE_POLL_MS ?? 10_000);
const TIMEOUT_MS = Number(process.env.SMOKE_TIMEOUT_MS ?? 15 * 60_000);
const PROMPT = process.env.SMOKE_PROMPT ?? '清晨的海边，海浪轻轻拍打沙滩，镜头缓缓推进';

async function smoke(provider: ClipProvider): Promise<string> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const started = Date.now();
  const seconds = provider.info.clipSeconds[0]!;
  const aspectRatio = provider.info.aspectRatios.includes('16:9') ? '16:9' : provider.info.aspectRatios[0]!;
  const id = await provider.submit({ prompt: PROMPT, aspectRatio, seconds, clientId: `smoke-${Date.now()}` }, signal);
  for (;;) {
    const state = await provider.poll(id, signal);
    if (state.status === 'queued' || state.status === 'running') {
      await sleep(POLL_MS, undefined, { signal });
      continue;
    }
    if (state.status !== 'succeeded') throw new Error(`ended ${state.status}${state.message ? `: ${state.message}` : ''}`);
    const clip = await provider.download(state, signal);
    if (clip.subarray(4, 8).toString('latin1') !== 'ftyp') throw new Error(`the result (${clip.length} bytes) is not an MP4`);
    return `${seconds} s ${aspectRatio} clip, ${(clip.length / 2 ** 20).toFixed(1)} MiB, in ${Math.round((Date.now() - started) / 1000)} s (vendor task ${id})`;
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const providers = clipProviders(config);
  let failed = 0;
  for (const id of VIDEO_MODELS) {
    if (id === 'builtin') continue;
    const provider = providers.get(id);
    if (!provider) {
      console.log(`SKIPPED ${id}: not configured (set ${SETTINGS[id]})`);
      continue;
    }
    try {
      console.log(`OK      ${id} (${provider.info.name}): ${await smoke(provider)}`);
    } catch (error) {
      failed++;
      const kind = error instanceof VendorError ? ` [${error.kind}]` : '';
      console.log(`FAILED  ${id} (${provider.info.name})${kind}: ${(error as Error).message}`);
    }
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
