import type { VideoModel } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@app/shared';

export const MODELS_KEY = ['video-models'] as const;

export async function listVideoModels(): Promise<VideoModel[]> {
  return (await api('/api/v1/video_task/models', {}, { hideErrorToast: true })).list;
}

/** The video models on offer (builtin always; hosted ones the server has keys for). They change only with the server's configuration. */
export function useVideoModels() {
  return useQuery({ queryKey: MODELS_KEY, queryFn: listVideoModels, staleTime: 5 * 60_000 });
}

/** Why this model cannot make the video as the form stands, or null. */
export function modelProblem(model: VideoModel, pictures: number): string | null {
  if (pictures > 0 && !model.modes.includes('image')) return `${model.name}不能用图片生成，请去掉图片或换一个模型`;
  if (pictures === 0 && !model.modes.includes('text')) return `${model.name}需要至少一张图片`;
  return null;
}

/** What a hosted model does, in a few words for its card (the built-in renderer's name says it). */
export function modeText(model: VideoModel): string {
  if (model.id === 'builtin') return '';
  return model.modes.map((mode) => (mode === 'text' ? '文生视频' : '图生视频')).join(' · ');
}
