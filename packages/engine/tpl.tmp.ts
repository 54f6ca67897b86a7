import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { renderVideo } from './src/render-video.js';
import { ffmpegPath } from './src/ffmpeg-encoder.js';
import { SEED_TEMPLATES } from '../server/src/modules/templates/seed-templates.js';
const dir = '/tmp/frame-look/out';
(async () => {
  for (const t of SEED_TEMPLATES) {
    const r = await renderVideo({ id: `tpl-${t.seedKey}`, title: t.title, prompt: t.description, images: [path.join(dir, 'L.jpg'), path.join(dir, 'P.jpg')], aspectRatio: t.aspectRatio as any, duration: 5,
      template: { title: t.title, style: t.style, params: t.params as any }, workDir: dir }, () => {}, new AbortController().signal);
    execFileSync(ffmpegPath, ['-loglevel', 'error', '-y', '-ss', '3.2', '-i', r.video, '-frames:v', '1', path.join(dir, `tpl-${t.seedKey}.png`)]);
  }
})();
