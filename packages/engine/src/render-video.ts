// One render, in the thread that calls it: plans the video, draws each frame with canvas,
// converts it to yuv420p and streams it into ffmpeg, taking the cover from one of the frames on
// the way. The built-in provider runs it in a render thread (render-threads.ts).
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RenderAbortedError, throwIfAborted } from './abort-error.js';
import { audioMix, type AudioMix } from './audio-mix.js';
import { createBackground } from './background.js';
import { createCaptionLayer, layoutCaptions } from './caption-layer.js';
import { createClipBody, type ClipBody } from './clip-body.js';
import { encodeArgs } from './ffmpeg-args.js';
import { startEncoder } from './ffmpeg-encoder.js';
import { ensureFontFor, fontFamilies } from './fonts.js';
import { createFramePainter } from './frame-painter.js';
import { FPS, frameSize } from './frame-size.js';
import { hashString } from './motion.js';
import { chooseMusic, MUSIC_VOLUME_DEFAULT } from './music/choose.js';
import { writeMusic } from './music/generate.js';
import { narrationStart } from './narration-timing.js';
import { loadPictures } from './pictures.js';
import { planVideo } from './plan-video.js';
import { createSlides } from './slides.js';
import { createScene } from './scenes.js';
import { resolveTheme } from './theme.js';
import type { Timeline } from './timeline.js';
import { createTitleCard } from './title-card.js';
import type { RenderResult, RenderTask } from './types.js';
import { validateTask } from './validate-task.js';
import { createI420Converter } from './yuv.js';

const COVER_QUALITY = 88;

export async function renderVideo(task: RenderTask, onProgress: (percent: number) => void, signal: AbortSignal): Promise<RenderResult> {
  throwIfAborted(signal);
  validateTask(task);
  const size = frameSize(task.aspectRatio);
  await mkdir(task.workDir, { recursive: true });
  const stem = path.join(task.workDir, task.id.replace(/[^\w.-]/g, '_'));
  const files = { video: `${stem}.mp4`, partial: `${stem}.partial.mp4`, cover: `${stem}.jpg`, music: `${stem}.music.wav` };

  const theme = resolveTheme(task.template);
  const title = task.title.trim();
  const narration = task.narration?.sentences.length ? task.narration : undefined;
  ensureFontFor([title, task.prompt, ...(narration?.sentences.map((s) => s.text) ?? [])].join('\n'));
  // A template's own font first; ours behind it for the Chinese and the emoji it may lack.
  const families = fontFamilies(theme.font);
  const seed = hashString(task.id);
  const clipFiles = task.clips ?? [];
  // A model's clips are the body when there are any; the pictures are then already in them.
  const pictures = clipFiles.length ? [] : await loadPictures(task.images, size, signal);
  throwIfAborted(signal);

  const { look, captions, timeline } = planVideo(task, theme, clipFiles.length || pictures.length);
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d', { alpha: false });
  const background = createBackground(size, theme, seed);
  const clips: ClipBody | undefined = clipFiles.length ? createClipBody(clipFiles, timeline.slides, size) : undefined;
  // Without pictures or clips, the template's drawn scene when it names one, else the moving background.
  const scene = !clips && !pictures.length && theme.scene ? createScene(theme.scene, size, seed) : undefined;
  const hidden = pictures.length > 0 || clips !== undefined || scene !== undefined;
  const body = clips ? (c: SKRSContext2D, t: number) => clips.paint(c, t) : pictures.length ? createSlides(pictures, timeline.slides, size, seed) : scene ?? background;
  const paint = createFramePainter(ctx, timeline, {
    body,
    titleHidesBody: hidden,
    title: timeline.title && createTitleCard(ctx, {
      size, theme, families, title, timing: timeline.title, backdrop: hidden ? background : undefined,
    }),
    captions: createCaptionLayer(layoutCaptions(ctx, captions, size, families, look), look),
  });

  const audio = await prepareAudio(task, timeline, files.music);
  throwIfAborted(signal);
  const encoder = startEncoder(encodeArgs({ size, audio, output: files.partial }), signal);
  const yuv = createI420Converter(size.width, size.height);
  const report = progressReporter(onProgress);
  try {
    for (let frame = 0; frame < timeline.frames; frame++) {
      throwIfAborted(signal);
      await clips?.advance(frame / FPS);
      if (frame === timeline.coverFrame && timeline.coverIsBody) {
        // The body alone, before the frame's title and caption are drawn over it.
        ctx.globalAlpha = 1;
        body(ctx, frame / FPS);
        await writeFile(files.cover, await canvas.encode('jpeg', COVER_QUALITY));
      }
      paint(frame);
      if (frame === timeline.coverFrame && !timeline.coverIsBody) await writeFile(files.cover, await canvas.encode('jpeg', COVER_QUALITY));
      // The converter's buffer is reused: the write resolves only once the pipe has all of it.
      await encoder.write(yuv.convert(canvas.data()));
      // 100 is kept for when the file is complete: the last frame written is not a playable MP4 yet.
      report(Math.min(99, Math.floor(((frame + 1) * 100) / timeline.frames)));
    }
    await encoder.finish();
    await rename(files.partial, files.video);
  } catch (err) {
    await encoder.kill();
    await clips?.close();
    await Promise.all([files.partial, files.cover, files.music].map((file) => rm(file, { force: true })));
    throw signal.aborted ? new RenderAbortedError(signal.reason) : err;
  }
  await clips?.close();
  await rm(files.music, { force: true });
  report(100);
  return { video: files.video, cover: files.cover, durationSeconds: task.duration };
}

/**
 * The render's sound: its music made for its mood (a WAV beside the video, made before the first
 * frame: a 60 s track takes a fraction of the frames' time) or taken from its file, looped to fit;
 * the narration placed where the captions expect it (narration-timing.ts).
 */
async function prepareAudio(task: RenderTask, timeline: Timeline, musicFile: string): Promise<AudioMix> {
  const source = chooseMusic(task);
  let music: { file: string; loop: boolean } | undefined;
  if (source?.kind === 'generated') {
    await writeMusic(musicFile, source.mood, source.seed, task.duration);
    music = { file: musicFile, loop: false };
  } else if (source?.kind === 'file') music = { file: source.file, loop: true };
  return audioMix({
    duration: task.duration,
    music,
    musicVolume: task.musicVolume ?? MUSIC_VOLUME_DEFAULT,
    narration: task.narration && { file: task.narration.file, start: narrationStart(timeline) },
    voiceVolume: task.voiceVolume ?? 1,
  });
}

/** Calls back only when the whole percent rises, however often it is asked. */
function progressReporter(onProgress: (percent: number) => void): (percent: number) => void {
  let last = -1;
  return (percent) => {
    if (percent <= last) return;
    last = percent;
    onProgress(percent);
  };
}
