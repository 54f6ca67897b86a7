// npm run bench -- compose: a 10 s 9:16 video composed from two clips as a hosted model returns
// them (5 s each, 720×1280 at 24 fps, H.264, natural-looking grain), through the engine — decode,
// title card, captions, cross-fade, music (synthesized for the template), cover, encode: what a worker does between the last
// clip stored and the task done — against ffmpeg alone re-encoding the same two clips into one
// 10 s 720×1280 30 fps video with the same x264 settings (decode, scale, concat, encode; no
// drawing, no audio). Target: wall-time ratio ≤ 1.3. Rounds interleaved, medians reported.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { builtinProvider } from '../src/index.js';
import { X264_ARGS } from '../src/ffmpeg-args.js';
import { ffmpeg, measure, median, round2, type BenchRow, type Run } from './renderer.js';

const ROUNDS = 5;

export async function benchCompose(): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'compose-bench-'));
  try {
    const clips = [path.join(dir, 'clip-1.mp4'), path.join(dir, 'clip-2.mp4')];
    for (const [i, clip] of clips.entries()) {
      await ffmpeg([
        '-f', 'lavfi', '-i', `testsrc2=size=720x1280:rate=24:duration=5,hue=h=${i * 90},noise=alls=12:allf=t`,
        '-c:v', 'libx264', '-preset', 'medium', '-crf', '20', '-pix_fmt', 'yuv420p', clip,
      ]);
    }
    const runs = { compose: [] as Run[], baseline: [] as Run[] };
    const loadBefore = loadavg()[0]!;
    for (let round = 0; round < ROUNDS; round++) {
      runs.baseline.push(await measure(() => reencode(clips, path.join(dir, 'baseline.mp4'))));
      runs.compose.push(await measure(() => compose(dir, clips, round)));
    }
    const loadAfter = loadavg()[0]!;
    const [composed, baseline] = [median(runs.compose), median(runs.baseline)];
    const cpu = (run: Run) => run.selfCpuS + run.childCpuS;
    return [
      {
        bench: `compose 10 s 9:16 from 2 model clips: wall s, median of ${ROUNDS} (baseline: ffmpeg re-encoding the clips alone)`,
        value: round2(composed.wallS), baseline: round2(baseline.wallS), ratio: round2(composed.wallS / baseline.wallS), target: '≤ 1.3',
      },
      { bench: '  CPU s, all processes', value: round2(cpu(composed)), baseline: round2(cpu(baseline)), ratio: round2(cpu(composed) / cpu(baseline)), target: '—' },
      { bench: '  peak memory MB (node growth + ffmpeg)', value: round2(composed.peakMb), baseline: round2(baseline.peakMb), ratio: round2(composed.peakMb / baseline.peakMb), target: '—' },
      { bench: `machine load (1-min average) before / after, ${cpus().length} cores`, value: round2(loadBefore), baseline: round2(loadAfter), ratio: '—', target: '—' },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function compose(dir: string, clips: string[], round: number) {
  return builtinProvider.render(
    {
      id: `compose-${round}`, title: '海边的清晨', prompt: '海浪轻轻拍打着沙滩。孩子们在沙滩上堆城堡！傍晚的晚霞把天空染成了粉色。',
      images: [], clips, aspectRatio: '9:16', duration: 10, workDir: dir,
      template: { title: '旅行日记', style: 'travel', params: {} },
    },
    () => undefined,
    new AbortController().signal,
  );
}

/** The two clips, scaled to the frame and joined, 300 frames at 30 fps, through the engine's x264 settings. */
function reencode(clips: string[], output: string): Promise<void> {
  const fit = 'scale=720:1280:force_original_aspect_ratio=increase,crop=720:1280,setsar=1,fps=30';
  return ffmpeg([
    '-i', clips[0]!, '-i', clips[1]!,
    '-filter_complex', `[0:v]${fit}[a];[1:v]${fit}[b];[a][b]concat=n=2:v=1:a=0[v]`,
    '-map', '[v]', '-frames:v', '300', ...X264_ARGS, output,
  ]);
}
