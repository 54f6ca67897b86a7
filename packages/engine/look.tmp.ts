import { createCanvas } from '@napi-rs/canvas';
import { execFileSync } from 'node:child_process';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { renderVideo } from '/work/wt-frame/packages/engine/src/render-video.js';
import { ffmpegPath } from '/work/wt-frame/packages/engine/src/ffmpeg-encoder.js';

const dir = '/tmp/frame-look/out';
async function photo(name: string, w: number, h: number, hue: number) {
  const c = createCanvas(w, h); const x = c.getContext('2d');
  const g = x.createLinearGradient(0, 0, w, h); g.addColorStop(0, `hsl(${hue} 70% 55%)`); g.addColorStop(1, `hsl(${hue + 140} 60% 30%)`);
  x.fillStyle = g; x.fillRect(0, 0, w, h);
  x.strokeStyle = '#fff'; x.lineWidth = 12; x.strokeRect(6, 6, w - 12, h - 12);
  x.fillStyle = '#ff0'; x.beginPath(); x.arc(w / 2, h / 2, Math.min(w, h) / 5, 0, 7); x.fill();
  x.fillStyle = '#000'; x.font = `bold ${Math.round(Math.min(w, h) / 8)}px sans-serif`; x.textAlign = 'center'; x.fillText(name, w / 2, h / 2 + 20);
  x.fillStyle = '#f00'; x.fillRect(20, 20, 80, 80); x.fillStyle = '#0f0'; x.fillRect(w - 100, h - 100, 80, 80);
  const f = path.join(dir, `${name}.jpg`); await writeFile(f, await c.encode('jpeg', 90)); return f;
}
(async () => {
  await mkdir(dir, { recursive: true });
  const portrait = await photo('P', 600, 900, 200);
  const landscape = await photo('L', 1200, 800, 30);
  const square = await photo('S', 800, 800, 300);
  const style = process.argv[2] as any;
  const ratio = (process.argv[3] ?? '16:9') as any;
  const t0 = Date.now();
  const r = await renderVideo({
    id: `look-${style}-${ratio.replace(':', 'x')}`, title: '周末去海边', prompt: '阳光正好，我们去海边散步。海浪一层层涌来！孩子们堆起了沙堡；晚霞把天空染成粉色。',
    images: [portrait, landscape, square], aspectRatio: ratio, duration: 10,
    template: { title: '旅行日记', style: process.argv[4] ?? '清新', params: JSON.parse(process.argv[5] ?? '{"motif":"waves","background":["#0b3d5c","#1fa2c9"],"accent":"#ffd166"}') },
    captionStyle: style === 'none' ? undefined : style, workDir: dir,
  }, () => {}, new AbortController().signal);
  console.log('render ms', Date.now() - t0);
  for (const t of (process.argv[6] ?? '0.5,2.5,5.2,8').split(',')) {
    execFileSync(ffmpegPath, ['-loglevel', 'error', '-y', '-ss', t, '-i', r.video, '-frames:v', '1', path.join(dir, `${style}-${ratio.replace(':', 'x')}-${t}.png`)]);
  }
})();
