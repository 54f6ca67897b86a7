import type { AspectRatio } from '../tasks/video-task';

/** SysVideo (docs/api.md, /api/v1/sysVideo/detail): a template with its sample video. */
export interface SysVideo {
  id: string;
  title: string;
  description: string;
  category: string;
  style: string;
  coverUrl: string;
  videoUrl: string;
  duration: number;
  aspectRatio: AspectRatio;
  sort: number;
}
