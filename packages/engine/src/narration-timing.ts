// Where the narration sits in the video: it starts as the title card starts to fade (the body
// begins there), so the first sentence is heard with the first picture. The audio mix places the
// narration's audio here, and the captions and pictures shift its sentence spans by the same amount.
import type { Timeline } from './timeline.js';

/** Seconds into the video at which the narration's audio starts. */
export function narrationStart(timeline: Pick<Timeline, 'body'>): number {
  return timeline.body.start;
}
