// How a video becomes clips a model can make. With pictures: one clip per picture
// (image-to-video), more when the video is longer than the pictures' clips can fill, the pictures
// then taken again in turn. Without: text-to-video clips, as few as the model's longest clip
// allows. Each clip is told the part of the script it plays under, so the footage follows the
// story; each is asked at the shortest length the model offers that fills its share of the video
// (our engine cuts or holds the rest).
import type { ClipModelInfo } from './clip-provider.js';

/** A 60 s video of clips no shorter than 5 s (the engine's own limit is the same). */
export const MAX_CLIPS = 12;
/** What vendors accept in one prompt is more; a clip's share of a 500-character script is far less. */
const PROMPT_CHARS = 400;

export interface PlannedClip {
  position: number;
  prompt: string;
  /** The picture it starts from (a URL of the task's images), or null for text-to-video. */
  imageUrl: string | null;
  seconds: number;
}

export function planClips(task: { title: string; prompt: string; images: string[]; duration: number }, info: Pick<ClipModelInfo, 'clipSeconds' | 'modes'>): PlannedClip[] {
  const longest = Math.max(...info.clipSeconds);
  const byImage = task.images.length > 0 && info.modes.includes('image');
  const count = Math.min(MAX_CLIPS, Math.max(byImage ? task.images.length : 1, Math.ceil(task.duration / longest)));
  const share = task.duration / count;
  const seconds = info.clipSeconds.find((s) => s >= share) ?? longest;
  const parts = shareScript(task.prompt, count);
  return Array.from({ length: count }, (_, position) => {
    const words = parts[position] || task.title;
    return {
      position,
      // The title sets the scene for every clip; the script's part says what happens in it.
      prompt: `${task.title}：${words}`.slice(0, PROMPT_CHARS),
      imageUrl: byImage ? task.images[position % task.images.length]! : null,
      seconds,
    };
  });
}

/** The script in `count` consecutive parts of about equal length, cut between sentences where it can be. */
export function shareScript(script: string, count: number): string[] {
  const sentences = script
    .replace(/\r\n?/g, '\n')
    .split(/(?<=[。！？!?；;\n])/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (sentences.length >= count) {
    const total = sentences.reduce((sum, s) => sum + s.length, 0);
    const parts: string[] = Array.from({ length: count }, () => '');
    let at = 0;
    sentences.forEach((sentence, i) => {
      // A sentence goes to the next part once its middle is past this part's share, or when the
      // sentences left are only enough to give every later part one.
      const left = sentences.length - i;
      const partsLeft = count - at;
      const middle = position(sentences, i) + sentence.length / 2;
      if (parts[at] && (left <= partsLeft - 1 || middle > (at + 1) * (total / count))) at = Math.min(count - 1, at + 1);
      parts[at] += sentence;
    });
    return parts;
  }
  // Fewer sentences than clips: each sentence spread over the clips nearest its place.
  return Array.from({ length: count }, (_, i) => sentences[Math.floor((i * sentences.length) / count)] ?? '');
}

/** Characters before sentence `i`. */
function position(sentences: string[], i: number): number {
  return sentences.slice(0, i).reduce((sum, s) => sum + s.length, 0);
}
