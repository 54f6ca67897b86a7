import type { AspectRatio, Quote, VideoModelId } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, useUserInfo } from '@app/shared';

export interface QuoteRequest {
  duration: number;
  templateId: string;
  model: VideoModelId;
  aspectRatio: AspectRatio;
  pictures: number;
  /** A voice id, or '' for no narration (not sent). */
  voice?: string;
  voiceSpeed?: number;
}

export function quoteTask({ templateId, voice, voiceSpeed, ...rest }: QuoteRequest): Promise<Quote> {
  return api('/api/v1/video_task/quote', { ...rest, ...(templateId ? { templateId } : {}), ...(voice ? { voice, voiceSpeed } : {}) }, { hideErrorToast: true });
}

/** What the video costs on the chosen model; asked again when anything that changes it, or the balance, changes. */
export function useQuote(request: QuoteRequest) {
  const user = useUserInfo();
  return useQuery({
    queryKey: ['quote', user?.id ?? '', user?.createNum ?? 0, request],
    queryFn: () => quoteTask(request),
    enabled: !!user?.token,
    // The old price stays on screen while the new one is asked: no flicker on each stepper tap.
    placeholderData: keepPreviousData,
  });
}
