import type { MusicTrack } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@app/shared';

export const MUSIC_KEY = ['music-list'] as const;

export async function listMusic(): Promise<MusicTrack[]> {
  return (await api('/api/v1/video_task/music', {}, { hideErrorToast: true })).list;
}

/** The background music on offer: the engine's, one per mood, then the operators' tracks. Changes only when an operator adds one. */
export function useMusicList() {
  return useQuery({ queryKey: MUSIC_KEY, queryFn: listMusic, staleTime: 5 * 60_000 });
}
