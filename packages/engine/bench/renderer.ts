// npm run bench: the built-in renderer against ffmpeg alone, in the same run on the same machine.
// Task: one 10 s 9:16 video with 3 pictures (title card, captions, cover) and its sound: the
// engine's own music for the template's mood, synthesized in the render, under a narration track
// (a speech-like file made once before the rounds) that it ducks under. Baseline:
// the same ffmpeg encoding 300 frames of testsrc2 at 720×1280 with the renderer's x264 settings —
// the cost of the video encode alone: no drawing, no input to read, no audio. Target: wall-time
// ratio ≤ 1.2. Two more runs use the renderer's own finished frames (decoded once from its first
// video into a file) and so show where the gap comes from:
// - fed: ffmpeg with the renderer's exact arguments, the frames written into its pipe as the
//   renderer writes them, the same music (made once, beforehand), narration, mix and AAC —
//   everything but drawing, converting and synthesizing the music;
// - floor: x264 alone on those frames, video only — what this content costs to encode, the ratio
//   no renderer could beat on this machine.
// Rounds are interleaved, so load from elsewhere on the machine hits all sides alike, and medians
// are reported with the load average around them.
import { createCanvas } from '@napi-rs/canvas';
import { spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { audioMix } from '../src/audio-mix.js';
import { builtinProvider, type RenderResult } from '../src/index.js';
import { encodeArgs, X264_ARGS } from '../src/ffmpeg-args.js';
import { ffmpegPath, startEncoder } from '../src/ffmpeg-encoder.js';
import { frameSize } from '../src/frame-size.js';
import { i420Size } from '../src/yuv.js';
import { seededRandom } from '../src/motion.js';
import { moodOf, MUSIC_VOLUME_DEFAULT } from '../src/music/choose.js';
import { writeMusic } from '../src/music/generate.js';
import { narrationStart } from '../src/narration-timing.js';
import { planTimeline } from '../src/timeline.js';

export interface BenchRow {
  bench: string;
  value: number | string;
  baseline: number | string;
  ratio: number | string;
  target: string;
}

export interface Run {
  wallS: number;
  /** CPU seconds of this process (drawing, piping) and of its children (ffmpeg). */
  selfCpuS: number;
  childCpuS: number;
  /** Peak of this process's RSS growth plus its children's RSS, sampled. */
  peakMb: number;
}

const ROUNDS = 5;
const TEMPLATE = { title: '旅行日记', style: 'travel', params: { background: ['#0b1e3f', '#1f6feb'], accent: '#ffd166', text: '#ffffff' } };

export async function benchRenderer(): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'engine-bench-'));
  try {
    const images = await photoLikePictures(dir, 3);
    const narration = await speechLikeNarration(dir);
    const music = path.join(dir, 'music.wav');
    const musicRuns: Run[] = [];
    for (let i = 0; i < 3; i++) musicRuns.push(await measure(() => writeMusic(music, moodOf(TEMPLATE), TEMPLATE.title, 60)));
    const musicRun = median(musicRuns);
    await writeMusic(music, moodOf(TEMPLATE), TEMPLATE.title, 10);
    const runs = { render: [] as Run[], baseline: [] as Run[], fed: [] as Run[], floor: [] as Run[] };
    const framesFile = path.join(dir, 'rendered.yuv');
    const loadBefore = loadavg()[0]!;
    for (let round = 0; round < ROUNDS; round++) {
      runs.baseline.push(await measure(() => encodeTestsrc2(path.join(dir, 'baseline.mp4'))));
      let video = '';
      runs.render.push(await measure(async () => ({ video } = await renderTask(dir, images, narration, round))));
      if (round === 0) await ffmpeg(['-i', video, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', framesFile]);
      runs.fed.push(await measure(() => feedLikeRenderer(framesFile, music, narration, path.join(dir, 'fed.mp4'))));
      runs.floor.push(await measure(() => encodeFrames(framesFile, path.join(dir, 'floor.mp4'))));
    }
    const loadAfter = loadavg()[0]!;
    const [render, baseline, fed, floor] = [median(runs.render), median(runs.baseline), median(runs.fed), median(runs.floor)];
    const row = (bench: string, value: number, base: number, target = '—'): BenchRow => ({
      bench, value: round2(value), baseline: round2(base), ratio: round2(value / base), target,
    });
    const cpu = (run: Run) => run.selfCpuS + run.childCpuS;
    return [
      row(`renderer 10 s 9:16, 3 pictures, music and narration: wall s, median of ${ROUNDS} (baseline: testsrc2 x264 encode)`, render.wallS, baseline.wallS, '≤ 1.2'),
      row('  CPU s, all processes', cpu(render), cpu(baseline)),
      row('  CPU s, ffmpeg (x264, mix with ducking, AAC; baseline: x264 only)', render.childCpuS, baseline.childCpuS),
      row('  CPU s, node (drawing, yuv420p conversion, piping, music synthesis)', render.selfCpuS, baseline.selfCpuS),
      row('  peak memory MB (node growth + ffmpeg)', render.peakMb, baseline.peakMb),
      row('fed: ffmpeg as the renderer runs it, its finished frames piped in: wall s', fed.wallS, baseline.wallS),
      row('  CPU s, ffmpeg', fed.childCpuS, baseline.childCpuS),
      { bench: 'music: a 60 s track synthesized and written (median of 3), wall s; beside it the 10 s renderer\'s', value: round2(musicRun.wallS), baseline: round2(render.wallS), ratio: round2(musicRun.wallS / render.wallS), target: '—' },
      { bench: '  CPU s (node); beside it the 10 s renderer\'s node CPU s', value: round2(musicRun.selfCpuS), baseline: round2(render.selfCpuS), ratio: round2(musicRun.selfCpuS / render.selfCpuS), target: '—' },
      row('floor: x264 alone on the renderer\'s finished frames (yuv420p from a file): wall s', floor.wallS, baseline.wallS),
      row('  CPU s, ffmpeg', floor.childCpuS, baseline.childCpuS),
      { bench: `machine load (1-min average) before / after, ${cpus().length} cores`, value: round2(loadBefore), baseline: round2(loadAfter), ratio: '—', target: '—' },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The run of median wall time (its CPU and memory go with it). */
export function median(runs: Run[]): Run {
  return [...runs].sort((a, b) => a.wallS - b.wallS)[Math.floor(runs.length / 2)]!;
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

function renderTask(dir: string, images: string[], narration: Narration, round: number): Promise<RenderResult> {
  return builtinProvider.render(
    {
      id: `bench-${round}`,
      title: '周末去海边：一家人的旅行日记',
      prompt: '阳光正好，我们一早出发去海边。海浪一层层涌来，孩子们在沙滩上堆城堡！傍晚的晚霞把天空染成了粉色，真是难忘的一天。',
      images, aspectRatio: '9:16', duration: 10, template: TEMPLATE, workDir: dir, narration,
    },
    () => undefined,
    new AbortController().signal,
  );
}

/** 300 frames of testsrc2 at 720×1280 through the renderer's x264 settings. */
function encodeTestsrc2(output: string): Promise<void> {
  return ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30', '-frames:v', '300', ...X264_ARGS, output]);
}

/** The frames in `frames` through the renderer's own encoder and arguments, one write a frame. */
async function feedLikeRenderer(frames: string, music: string, narration: Narration, output: string): Promise<void> {
  const size = frameSize('9:16');
  const audio = audioMix({
    duration: 10, music: { file: music, loop: false }, musicVolume: MUSIC_VOLUME_DEFAULT,
    narration: { file: narration.file, start: narrationStart(planTimeline(10, true, 3)) }, voiceVolume: 1,
  });
  const encoder = startEncoder(encodeArgs({ size, audio, output }), new AbortController().signal);
  const file = await open(frames);
  try {
    const frame = Buffer.allocUnsafe(i420Size(size.width, size.height));
    while ((await file.read(frame, 0, frame.length)).bytesRead === frame.length) await encoder.write(frame);
    await encoder.finish();
  } finally {
    await file.close();
  }
}

/** Raw 720×1280 yuv420p frames through the renderer's x264 settings, video only, as the baseline. */
function encodeFrames(frames: string, output: string): Promise<void> {
  return ffmpeg(['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', '720x1280', '-framerate', '30', '-i', frames, ...X264_ARGS, output]);
}

export function ffmpeg(args: string[]): Promise<void> {
  args = ['-hide_banner', '-loglevel', 'error', '-y', ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

export async function measure(job: () => Promise<unknown>): Promise<Run> {
  const rssBefore = process.memoryUsage.rss();
  const childCpuBefore = await childrenCpuS();
  const cpuBefore = process.cpuUsage();
  let peak = 0;
  const sample = async () => {
    peak = Math.max(peak, process.memoryUsage.rss() - rssBefore + (await childrenRss()));
  };
  const sampler = setInterval(() => void sample(), 100);
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

// Children are spawned by the main thread, so its own `children` file lists them all. Reading
// every thread's (as this once did) cost ~0.1 CPU s per second in this process, billed to the
// renderer's "node" CPU and slowing whichever side ran longer.
async function childrenRss(): Promise<number> {
  let total = 0;
  const children = await readFile(`/proc/self/task/${process.pid}/children`, 'utf8').catch(() => '');
  for (const pid of children.split(' ').filter(Boolean)) {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => '0 0');
    total += Number(statm.split(' ')[1]) * 4096;
  }
  return total;
}

type Narration = { file: string; sentences: { text: string; start: number; end: number }[] };

/**
 * A stand-in for a voice provider's narration: three "sentences" of syllable-like bursts (a
 * voiced buzz through a vowel-ish band, 5 syllables a second) with pauses between, as a WAV.
 */
async function speechLikeNarration(dir: string): Promise<Narration> {
  const sentences = [
    { text: '阳光正好，我们一早出发去海边。', start: 0.2, end: 2.6 },
    { text: '海浪一层层涌来，孩子们在沙滩上堆城堡！', start: 3.1, end: 5.6 },
    { text: '傍晚的晚霞把天空染成了粉色，真是难忘的一天。', start: 6.1, end: 8.2 },
  ];
  // Commas inside a filter's argument are escaped: unescaped, they would separate filters.
  const inSentence = sentences.map((s) => `between(t\\,${s.start}\\,${s.end})`).join('+');
  const file = path.join(dir, 'narration.wav');
  await ffmpeg([
    '-f', 'lavfi', '-i', `aevalsrc=(0.5*sin(2*PI*140*t)+0.3*sin(2*PI*280*t)+0.2*sin(2*PI*420*t))*(0.55+0.45*sin(2*PI*5*t))*(${inSentence}):s=44100:d=8.5`,
    '-af', 'bandpass=f=700:width_type=o:w=2.5,volume=1.5', file,
  ]);
  return { file, sentences };
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
