import { callApi } from '@app/shared';
import type { AspectRatio, VideoTask } from './video-task';

export interface NewVideoTask {
  title: string;
  prompt: string;
  images: string[];
  templateId: string;
  aspectRatio: AspectRatio;
  duration: number;
  /** One per form: a retry of the same submission answers the first task and charges once. */
  clientRequestId: string;
}

export function saveVideoTask(task: NewVideoTask): Promise<VideoTask> {
  return callApi<VideoTask>('/api/v1/video_task/save', { ...task });
}

/**
 * A random id for one submission. Not crypto.randomUUID: that exists only on https and localhost,
 * and the app may be served over plain http on a local network.
 */
export function newClientRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
