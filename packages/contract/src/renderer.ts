import type { AspectRatio, CaptionStyleId, MusicMood } from './limits';

/**
 * The contract between the server's workers and a renderer (packages/engine's built-in one, and
 * the providers the server picks by configuration): what a render is given and what it gives
 * back. Types only: neither side loads anything from here at run time.
 */

export interface RenderTemplate {
  title?: string;
  style?: string;
  /** Colours and the like, as stored with the template: see packages/engine/src/theme.ts for what is read. */
  params?: Record<string, unknown>;
}

/** What a renderer renders: a task with its pictures already on local disk. */
export interface RenderTask {
  id: string;
  title: string;
  prompt: string;
  /** Absolute local paths of JPEG, PNG or WEBP files (downloaded from storage into `workDir`): renderers never fetch anything. */
  images: string[];
  aspectRatio: AspectRatio;
  /** Seconds, an integer from DURATION_MIN to DURATION_MAX: the video is exactly this long. */
  duration: number;
  template?: RenderTemplate;
  /**
   * Clips a video model made (absolute local MP4 paths, in order): when given, they are the
   * body of the video — each fills its share of the time, cut or held to fit, cross-fading into
   * the next — under the same title card, captions and audio, instead of `images` as slides.
   */
  clips?: string[];
  /** A voice reading the script (the server's voice provider made it): captions and pictures follow its sentences. */
  narration?: RenderNarration;
  /**
   * The music under the video: a track on local disk (an operator's or the user's upload), music
   * the engine makes for a mood, or null for none. Undefined: made for the template's mood.
   */
  music?: RenderMusic | null;
  /** Loudness of the music, 0–1 (default MUSIC_VOLUME_DEFAULT); it dips under the narration. */
  musicVolume?: number;
  /** Loudness of the narration, 0–1 (default 1). */
  voiceVolume?: number;
  /** How captions look; undefined: the template's own style. */
  captionStyle?: CaptionStyleId;
  /** A fresh directory the renderer may write into; the results are left there, and it is removed after the task. */
  workDir: string;
}

/** One sentence of a narration as spoken: its text (a caption) and its time span in the narration's audio. */
export interface NarrationSentence {
  text: string;
  /** Seconds from the start of the narration's audio. */
  start: number;
  end: number;
}

export interface RenderNarration {
  /** Absolute local path of the narration's audio (WAV, MP3 or any format ffmpeg reads). */
  file: string;
  /** Every sentence of the script in order, with where it is spoken; they replace the captions cut from `prompt`. */
  sentences: NarrationSentence[];
}

export type RenderMusic = { file: string } | { mood: MusicMood; seed: string };

export interface RenderResult {
  /** Path of the MP4 (inside `workDir`). */
  video: string;
  /** Path of the JPEG cover. */
  cover: string;
  durationSeconds: number;
}

/** Progress in whole percents, rising, 100 last. */
export type ProgressListener = (percent: number) => void;

/**
 * Renders one task. Resolves once both files are complete. Aborting `signal` (cancel, shutdown, a
 * lost lease) stops the work at once and rejects with an error named 'AbortError'; whatever it
 * rejects with otherwise fails the task.
 */
export interface VideoRenderer {
  render(task: RenderTask, onProgress: ProgressListener, signal: AbortSignal): Promise<RenderResult>;
}
