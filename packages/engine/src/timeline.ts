// When each layer shows, worked out once before the first frame so drawing a frame is only
// arithmetic on t. Times are in seconds.
import { FPS } from './frame-size.js';

export interface TitleTiming {
  /** The title has finished coming in (the cover is taken here). */
  settled: number;
  /** The card starts fading out over what follows it… */
  fadeFrom: number;
  /** …and is gone. */
  end: number;
}

export interface SlideTiming {
  start: number;
  end: number;
  /** Seconds of cross-fade from the previous slide (0 for the first). */
  fadeIn: number;
}

export interface Timeline {
  duration: number;
  frames: number;
  title: TitleTiming | undefined;
  /** The span the pictures (or the plain background) and the captions play in. */
  body: { start: number; end: number };
  slides: SlideTiming[];
  coverFrame: number;
}

const TITLE_FADE = 0.5;
const TITLE_IN = 0.7;
const MAX_CROSSFADE = 0.8;

export function planTimeline(duration: number, hasTitle: boolean, pictureCount: number): Timeline {
  const frames = Math.round(duration * FPS);
  // The card takes 30% of a short video, 2.2 s at most; the body starts under its fade.
  const titleEnd = hasTitle ? Math.min(2.2, duration * 0.3) : 0;
  const title = hasTitle ? { settled: TITLE_IN, fadeFrom: titleEnd - TITLE_FADE, end: titleEnd } : undefined;
  const body = { start: title ? title.fadeFrom : 0, end: duration };

  const span = body.end - body.start;
  const crossfade = pictureCount > 1 ? Math.min(MAX_CROSSFADE, span / (pictureCount * 2)) : 0;
  const slot = (span + (pictureCount - 1) * crossfade) / Math.max(1, pictureCount);
  const slides = Array.from({ length: pictureCount }, (_, i) => {
    const start = body.start + i * (slot - crossfade);
    return { start, end: i === pictureCount - 1 ? body.end : start + slot, fadeIn: i === 0 ? 0 : crossfade };
  });

  const coverAt = title ? title.settled : slides.length ? Math.min(slides[0]!.end, 0.5) : Math.min(1, duration / 2);
  return { duration, frames, title, body, slides, coverFrame: Math.min(frames - 1, Math.round(coverAt * FPS)) };
}
