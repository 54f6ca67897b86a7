import type { ServerConfig } from '../../config.js';
import type { VideoProvider } from './video-provider.js';

/**
 * The provider the workers render with: the built-in renderer of packages/engine (no GPU, no
 * network). Loaded when a worker first renders, so an API-only process never loads canvas and
 * ffmpeg. Other providers (a ComfyUI server, a hosted API) would be chosen here by configuration.
 */
export function createProvider(_config: ServerConfig): VideoProvider {
  let engine: VideoProvider | undefined;
  return {
    render: (task, onProgress, signal) => {
      engine ??= (require('@app/engine') as { builtinProvider: VideoProvider }).builtinProvider;
      return engine.render(task, onProgress, signal);
    },
  };
}
