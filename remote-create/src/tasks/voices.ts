import type { Voice } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@app/shared';

export const VOICES_KEY = ['voices'] as const;

export interface VoiceOffer {
  list: Voice[];
  /** Points a narrated video costs on top of its seconds. */
  pointsPerVideo: number;
}

export function listVoices(): Promise<VoiceOffer> {
  return api('/api/v1/video_task/voices', {}, { hideErrorToast: true });
}

/**
 * The narration voices on offer (none until the server has a voice provider's keys). A sample the
 * server is still making shows up on a later ask, so the list is asked again after a minute.
 */
export function useVoices() {
  return useQuery({ queryKey: VOICES_KEY, queryFn: listVoices, staleTime: 60_000 });
}
