import type { VideoRenderer } from '@app/contract';

// The renderer as the workers see it: @app/contract's renderer types, which packages/engine implements.
export type { ProgressListener, RenderResult, RenderTask } from '@app/contract';
export type VideoProvider = VideoRenderer;

/** A failure the user should read as it is (e.g. 图片无法读取); other errors get a generic message. */
export class RenderFailure extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'RenderFailure';
  }
}
