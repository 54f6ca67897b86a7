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
  /** Which picture (or clip) this slide shows: a long stay on one picture is split into shots of it. */
  picture: number;
  /** 0 for a picture's first shot, 1, 2… for the further ones, framed differently. */
  shot: number;
}

/** A stretch of the video a caption (and so a sentence) occupies, in seconds from the start. */
export interface Cue {
  start: number;
  end: number;
}

export interface Opening {
  duration: number;
  title: TitleTiming | undefined;
  /** The span the pictures (or the plain background) and the captions play in. */
  body: { start: number; end: number };
}

export interface Timeline extends Opening {
  frames: number;
  slides: SlideTiming[];
  coverFrame: number;
  /**
   * The cover is the body alone at coverFrame (the user's first picture, a model's first clip, a
   * template's drawn scene), without the title or a caption over it; otherwise the frame as shown
   * (the title card, when the body is only the moving background).
   */
  coverIsBody: boolean;
}

/** The title card is a title, not an intro: it never holds the viewer longer than this. */
export const TITLE_MAX = 1.5;
const TITLE_FADE = 0.5;
const TITLE_IN = 0.7;
const MAX_CROSSFADE = 0.8;
/** Longer than this on one picture and the video drags: the stay is split into shots of it. */
export const LONGEST_SHOT = 6;
/** …into shots of about this long. */
const SHOT = 5;

/** The title card and the body's span, which the captions and the narration are placed in. */
export function planOpening(duration: number, hasTitle: boolean): Opening {
  // A fifth of a short video, TITLE_MAX at most; the body starts under its fade.
  const titleEnd = hasTitle ? Math.min(TITLE_MAX, duration * 0.3) : 0;
  const title = hasTitle
    ? { settled: Math.min(TITLE_IN, titleEnd - TITLE_FADE), fadeFrom: titleEnd - TITLE_FADE, end: titleEnd }
    : undefined;
  return { duration, title, body: { start: title ? title.fadeFrom : 0, end: duration } };
}

export interface TimelineOptions {
  /**
   * The captions' spans (the narration's sentences when there is one), in order: pictures change
   * between them, never while one is on screen, so a picture stays with what is said about it.
   */
  cues?: Cue[];
  /** Split a long stay on one picture into shots of it (pictures only: a clip plays once). */
  shots?: boolean;
  /** With no pictures, the body is still worth a cover (a drawn scene), not the title card. */
  bodyCover?: boolean;
}

export function planTimeline(duration: number, hasTitle: boolean, pictureCount: number, options: TimelineOptions = {}): Timeline {
  const opening = planOpening(duration, hasTitle);
  const { title, body } = opening;
  const frames = Math.round(duration * FPS);
  const span = body.end - body.start;

  // Each picture's stretch of the body, cut at sentence boundaries where there are any.
  const cuts = pictureCount > 1 ? chooseCuts(body, pictureCount, options.cues ?? []) : [];
  const bounds = [body.start, ...cuts, body.end];
  const stays = Array.from({ length: pictureCount }, (_, i) => ({ picture: i, start: bounds[i]!, end: bounds[i + 1]! }));

  // A stay much longer than a picture holds attention becomes two or more shots of it.
  const pieces = stays.flatMap((stay) => {
    const n = options.shots && stay.end - stay.start > LONGEST_SHOT ? Math.ceil((stay.end - stay.start) / SHOT) : 1;
    return Array.from({ length: n }, (_, shot) => ({
      picture: stay.picture, shot,
      start: stay.start + ((stay.end - stay.start) * shot) / n,
      end: stay.start + ((stay.end - stay.start) * (shot + 1)) / n,
    }));
  });

  // Cross-fades are centred on each cut: the new picture is fully in a little after its sentence starts.
  const shortest = Math.min(span, ...pieces.map((p) => p.end - p.start));
  const crossfade = pieces.length > 1 ? Math.min(MAX_CROSSFADE, shortest / 2) : 0;
  const slides: SlideTiming[] = pieces.map((piece, i) => ({
    picture: piece.picture,
    shot: piece.shot,
    start: i === 0 ? piece.start : piece.start - crossfade / 2,
    end: i === pieces.length - 1 ? body.end : piece.end + crossfade / 2,
    fadeIn: i === 0 ? 0 : crossfade,
  }));

  const coverAt = bodyCoverAt(opening, slides, options.bodyCover === true);
  const coverIsBody = coverAt !== undefined;
  const at = coverAt ?? (title ? title.settled : Math.min(1, duration / 2));
  return { ...opening, frames, slides, coverFrame: Math.min(frames - 1, Math.round(at * FPS)), coverIsBody };
}

/**
 * When the body's cover is taken: the first picture (or clip, or scene) once the title card has
 * gone, a moment in, before the second picture starts to fade in; undefined when the body has
 * nothing of its own to show (the moving background: the title card is the better cover).
 */
function bodyCoverAt({ title, body, duration }: Opening, slides: SlideTiming[], bodyCover: boolean): number | undefined {
  if (!slides.length && !bodyCover) return undefined;
  const shown = (title ? title.end : body.start) + 0.2;
  const before = slides[1]?.start ?? duration;
  return shown < before ? shown : ((slides[0]?.start ?? body.start) + before) / 2;
}

/**
 * Where the pictures change: `count - 1` times inside the body, as evenly as possible, preferring
 * the pauses between cues (the middle of the gap between one caption's end and the next one's
 * start). A stretch with no pause for much longer than a picture's share may be cut inside, at a
 * cost, so one long sentence does not leave the other pictures a glimpse each.
 */
export function chooseCuts(body: { start: number; end: number }, count: number, cues: Cue[]): number[] {
  const span = body.end - body.start;
  const ideal = span / count;
  const minimum = Math.min(1.2, ideal * 0.5);
  const inside = (t: number) => t - body.start >= minimum && body.end - t >= minimum;
  const pauses: number[] = [];
  for (let i = 1; i < cues.length; i++) {
    const at = (cues[i - 1]!.end + cues[i]!.start) / 2;
    if (inside(at) && (pauses.length === 0 || at - pauses.at(-1)! >= minimum)) pauses.push(at);
  }
  // Candidates: every pause, plus evenly spaced points inside stretches that have none for long.
  const candidates = pauses.map((at) => ({ at, penalty: 0 }));
  const marks = [body.start, ...pauses, body.end];
  for (let i = 1; i < marks.length; i++) {
    const gap = marks[i]! - marks[i - 1]!;
    const parts = Math.floor(gap / ideal);
    for (let part = 1; part < parts; part++) {
      const at = marks[i - 1]! + (gap * part) / parts;
      if (inside(at)) candidates.push({ at, penalty: (ideal * 0.6) ** 2 });
    }
  }
  if (cues.length === 0 || candidates.length < count - 1) {
    // Nothing (or too little) to follow: even cuts.
    return Array.from({ length: count - 1 }, (_, i) => body.start + ideal * (i + 1));
  }
  candidates.sort((a, b) => a.at - b.at);

  // Dynamic programming: pick count-1 candidates minimising the squared distance of each
  // picture's share from the even share, plus the penalty of each cut not at a pause.
  const n = candidates.length;
  const k = count - 1;
  const cost = (from: number, to: number) => (to - from - ideal) ** 2;
  const best: number[][] = Array.from({ length: k }, () => Array(n).fill(Infinity));
  const back: number[][] = Array.from({ length: k }, () => Array(n).fill(-1));
  for (let j = 0; j < n; j++) best[0]![j] = cost(body.start, candidates[j]!.at) + candidates[j]!.penalty;
  for (let c = 1; c < k; c++) {
    for (let j = c; j < n; j++) {
      for (let p = c - 1; p < j; p++) {
        const value = best[c - 1]![p]! + cost(candidates[p]!.at, candidates[j]!.at) + candidates[j]!.penalty;
        if (value < best[c]![j]!) {
          best[c]![j] = value;
          back[c]![j] = p;
        }
      }
    }
  }
  let last = -1;
  let total = Infinity;
  for (let j = k - 1; j < n; j++) {
    const value = best[k - 1]![j]! + cost(candidates[j]!.at, body.end);
    if (value < total) {
      total = value;
      last = j;
    }
  }
  const picked: number[] = [];
  for (let c = k - 1, j = last; c >= 0; j = back[c]![j]!, c--) picked.unshift(candidates[j]!.at);
  return picked;
}
