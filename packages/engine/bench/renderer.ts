// npm run bench: the built-in renderer against ffmpeg alone, in the same run on the same machine.
// Task: one 10 s 9:16 video with 3 pictures. Baseline: the same ffmpeg encoding 300 frames of
// testsrc2 at 720×1280 with the renderer's x264 settings, i.e. the cost of encoding with no
// drawing at all. Target: wall-time ratio ≤ 1.2. Each is run twice, interleaved, and the better
// run kept, so a burst of load from elsewhere on the machine hits both sides alike.
import { createCanvas } from '@napi-rs/canvas';
import { spawn } from 'node:child_process';
import { readFile, readdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtinProvider } from '../src/index.js';
import { ffmpegPath } from '../src/ffmpeg-encoder.js';
import { X264_ARGS } from '../src/ffmpeg-args.js';
import { seededRandom } from '../src/motion.js';

export interface BenchRow {
  bench: string;
  value: number;
  baseline: number;
  ratio: number;
  target: string;
}

interface Run {
  wallS: number;
  /** CPU seconds of this process (drawing, piping) and of its children (ffmpeg). */
  selfCpuS: number;
  childCpuS: number;
  /** Peak of this process's RSS growth plus its children's RSS, sampled. */
  peakMb: number;
}

const ROUNDS = 2;

export async function benchRenderer(): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'engine-bench-'));
  try {
    const images = await photoLikePictures(dir, 3);
    const renders: Run[] = [];
    const baselines: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      baselines.push(await measure(() => encodeTestsrc2(path.join(dir, 'baseline.mp4'))));
      renders.push(await measure(() => renderTask(dir, images, round)));
    }
    const best = (runs: Run[]) => runs.reduce((a, b) => (b.wallS < a.wallS ? b : a));
    const render = best(renders);
    const baseline = best(baselines);
    const row = (bench: string, value: number, base: number, target = '—'): BenchRow => ({
      bench, value: round2(value), baseline: round2(base), ratio: round2(value / base), target,
    });
    return [
      row('renderer 10 s 9:16, 3 pictures: wall s (baseline: testsrc2 encode)', render.wallS, baseline.wallS, '≤ 1.2'),
      row('  CPU s, all processes', render.selfCpuS + render.childCpuS, baseline.selfCpuS + baseline.childCpuS),
      row('  CPU s, ffmpeg (encoding)', render.childCpuS, baseline.childCpuS),
      row('  CPU s, node (drawing + piping)', render.selfCpuS, baseline.selfCpuS),
      row('  peak memory MB (node growth + ffmpeg)', render.peakMb, baseline.peakMb),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function renderTask(dir: string, images: string[], round: number): Promise<unknown> {
  return builtinProvider.render(
    {
      id: `bench-${round}`,
      title: '周末去海边：一家人的旅行日记',
      prompt: '阳光正好，我们一早出发去海边。海浪一层层涌来，孩子们在沙滩上堆城堡！傍晚的晚霞把天空染成了粉色，真是难忘的一天。',
      images, aspectRatio: '9:16', duration: 10,
      template: { title: '旅行日记', style: 'travel', params: { background: ['#0b1e3f', '#1f6feb'], accent: '#ffd166', text: '#ffffff' } },
      workDir: dir,
    },
    () => undefined,
    new AbortController().signal,
  );
}

function encodeTestsrc2(output: string): Promise<void> {
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30', '-frames:v', '300', ...X264_ARGS, output];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

async function measure(job: () => Promise<unknown>): Promise<Run> {
  const rssBefore = process.memoryUsage.rss();
  const childCpuBefore = await childrenCpuS();
  const cpuBefore = process.cpuUsage();
  let peak = 0;
  const sample = async () => {
    peak = Math.max(peak, process.memoryUsage.rss() - rssBefore + (await childrenRss()));
  };
  const sampler = setInterval(() => void sample(), 50);
  const started = performance.now();
  try {
    await job();
  } finally {
    clearInterval(sampler);
  }
  const wallS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    wallS,
    selfCpuS: (cpu.user + cpu.system) / 1e6,
    childCpuS: (await childrenCpuS()) - childCpuBefore,
    peakMb: peak / 2 ** 20,
  };
}

// Linux /proc: the CPU time of children that have exited (cutime + cstime, in clock ticks of
// 1/100 s), and the RSS of the live ones.
async function childrenCpuS(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / 100;
}

async function childrenRss(): Promise<number> {
  let total = 0;
  const tasks = await readdir('/proc/self/task').catch(() => [] as string[]);
  for (const task of tasks) {
    const children = await readFile(`/proc/self/task/${task}/children`, 'utf8').catch(() => '');
    for (const pid of children.split(' ').filter(Boolean)) {
      const statm = await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => '0 0');
      total += Number(statm.split(' ')[1]) * 4096;
    }
  }
  return total;
}

/** Pictures with what photos have and flat test images lack: soft light, shapes, fine grain. */
async function photoLikePictures(dir: string, count: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const random = seededRandom(i + 1);
    const canvas = createCanvas(1600, 1200);
    const ctx = canvas.getContext('2d');
    const sky = ctx.createLinearGradient(0, 0, 0, 1200);
    sky.addColorStop(0, `hsl(${200 + i * 40} 60% 70%)`);
    sky.addColorStop(1, `hsl(${30 + i * 50} 50% 40%)`);
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 1600, 1200);
    for (let k = 0; k < 60; k++) {
      ctx.globalAlpha = 0.2 + random() * 0.6;
      ctx.fillStyle = `hsl(${Math.floor(random() * 360)} ${40 + random() * 40}% ${30 + random() * 40}%)`;
      ctx.beginPath();
      ctx.ellipse(random() * 1600, random() * 1200, 20 + random() * 200, 20 + random() * 120, random() * Math.PI, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    const pixels = ctx.getImageData(0, 0, 1600, 1200);
    for (let p = 0; p < pixels.data.length; p += 4) {
      const grain = (random() - 0.5) * 18;
      for (let c = 0; c < 3; c++) pixels.data[p + c] = pixels.data[p + c]! + grain;
    }
    ctx.putImageData(pixels, 0, 0);
    const file = path.join(dir, `photo-${i + 1}.jpg`);
    await writeFile(file, await canvas.encode('jpeg', 88));
    files.push(file);
  }
  return files;
}
