import type { Quote } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, useUserInfo } from '@app/shared';

export function quoteTask(duration: number, templateId: string): Promise<Quote> {
  return api('/api/v1/video_task/quote', { duration, ...(templateId ? { templateId } : {}) }, { hideErrorToast: true });
}

/** What a video of this length costs; asked again when the length, template or balance changes. */
export function useQuote(duration: number, templateId: string) {
  const user = useUserInfo();
  return useQuery({
    queryKey: ['quote', user?.id ?? '', user?.createNum ?? 0, duration, templateId],
    queryFn: () => quoteTask(duration, templateId),
    enabled: !!user?.token,
    // The old price stays on screen while the new one is asked: no flicker on each stepper tap.
    placeholderData: keepPreviousData,
  });
}
