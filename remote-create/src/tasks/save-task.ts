import type { VideoTask } from '@app/contract';
import { api } from '@app/shared';

/** What the form sends: the task's own fields, and the id of this one submission. */
export type NewVideoTask = Pick<VideoTask, 'title' | 'prompt' | 'images' | 'templateId' | 'aspectRatio' | 'duration' | 'model' | 'captionStyle'> & {
  /** Narration: a voice id ('' for none), its speed, 跟随配音时长 (voice-picker). */
  voice?: string;
  voiceSpeed?: number;
  followVoice?: boolean;
  /** One per form: a retry of the same submission answers the first task and charges once. */
  clientRequestId: string;
};

export function saveVideoTask(task: NewVideoTask): Promise<VideoTask> {
  return api('/api/v1/video_task/save', { ...task });
}

/**
 * A random id for one submission. Not crypto.randomUUID: that exists only on https and localhost,
 * and the app may be served over plain http on a local network.
 */
export function newClientRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
