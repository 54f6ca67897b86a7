// The contract every renderer honours: the built-in one here, and later ones (a ComfyUI server, a
// hosted text-to-video API) that the server picks by configuration.
import type { AspectRatio } from '@app/contract';

export type { AspectRatio };

export interface RenderTemplate {
  title?: string;
  style?: string;
  /** Colours and the like, as stored with the template: see theme.ts for what is read. */
  params?: Record<string, unknown>;
}

export interface RenderTask {
  id: string;
  title: string;
  prompt: string;
  /** Absolute local paths of JPEG, PNG or WEBP files: providers never fetch anything. */
  images: string[];
  aspectRatio: AspectRatio;
  /** Seconds, an integer from 5 to 60. */
  duration: number;
  template?: RenderTemplate;
  /** A directory the provider may write to; the results are left there. */
  workDir: string;
}

export interface RenderResult {
  /** Path of the MP4. */
  video: string;
  /** Path of the JPEG cover. */
  cover: string;
  durationSeconds: number;
}

export interface VideoProvider {
  name: string;
  /**
   * Resolves once both files are complete. onProgress gets whole percents, rising, 100 last.
   * Aborting the signal stops the work at once and rejects with an error named 'AbortError'.
   */
  render(task: RenderTask, onProgress: (percent: number) => void, signal: AbortSignal): Promise<RenderResult>;
}
