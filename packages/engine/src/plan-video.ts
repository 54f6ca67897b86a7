// What a task's video will be, before any picture is loaded or frame drawn: the caption look,
// the captions and their times, and the timeline the pictures follow. Captions come first, since
// the pictures change between them: with a narration they are its sentences, each shown while it
// is spoken (where the narration starts in the video: narration-timing.ts); without, the script's,
// spread by reading time after the title.
import { captionFontSize, captionLineWidth } from './caption-layer.js';
import { resolveCaptionLook, type CaptionLook } from './caption-style.js';
import { captionsFromSentences, splitScript, timeCaptions, type Caption } from './captions.js';
import { frameSize, type FrameSize } from './frame-size.js';
import { narrationStart } from './narration-timing.js';
import type { Theme } from './theme.js';
import { planOpening, planTimeline, type Timeline } from './timeline.js';
import type { RenderTask } from './types.js';

/** Two lines of captions at most, and no more than a glance can read. */
const MAX_CAPTION_CHARS = 28;

export interface VideoPlan {
  look: CaptionLook;
  captions: Caption[];
  timeline: Timeline;
}

/** `bodyCount`: the pictures (or clips) the body shows. */
export function planVideo(task: RenderTask, theme: Theme, bodyCount: number): VideoPlan {
  const size = frameSize(task.aspectRatio);
  const hasTitle = task.title.trim().length > 0;
  const narration = task.narration?.sentences.length ? task.narration : undefined;
  const opening = planOpening(task.duration, hasTitle);
  const look = resolveCaptionLook(task.captionStyle, task.template, theme);
  const maxChars = captionChars(size, look);
  const offset = narrationStart(opening);
  const captions = narration
    ? captionsFromSentences(narration.sentences, offset, maxChars, task.duration)
    : timeCaptions(splitScript(task.prompt, maxChars), opening.title?.end ?? 0, task.duration);
  const clips = (task.clips?.length ?? 0) > 0;
  const timeline = planTimeline(task.duration, hasTitle, bodyCount, {
    // Sentences as spoken, not their captions: a picture changes in a pause of the voice. A
    // model's clips keep the even slots their lengths were planned for (server clip-plan.ts).
    cues: clips ? [] : narration ? narration.sentences.map((s) => ({ start: s.start + offset, end: s.end + offset })) : captions,
    // A model's clip plays once in its slot; a picture may be shown again, framed differently.
    shots: !clips,
    // A template's drawn scene makes a better cover than its title card.
    bodyCover: theme.scene !== undefined,
  });
  return { look, captions, timeline };
}

/** How many characters a caption may hold: two full lines of the look's caption font, capped. */
export function captionChars(size: FrameSize, look: CaptionLook): number {
  const perLine = Math.floor((captionLineWidth(size, look) * 0.95) / (captionFontSize(size) * look.scale));
  return Math.min(MAX_CAPTION_CHARS, perLine * 2);
}
