// The contract every renderer honours (@app/contract's renderer types): the built-in one here, and
// later ones (a ComfyUI server, a hosted text-to-video API) that the server picks by configuration.
import type { VideoRenderer } from '@app/contract';

export type { AspectRatio, RenderResult, RenderTask, RenderTemplate } from '@app/contract';

export interface VideoProvider extends VideoRenderer {
  name: string;
}
