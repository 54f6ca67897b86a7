import type { AiFeatures } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@app/shared';

export const AI_FEATURES_KEY = ['ai-features'] as const;

export async function getAiFeatures(): Promise<AiFeatures> {
  return api('/api/v1/ai/features', {}, { hideErrorToast: true });
}

/** Whether the server offers AI 帮写 and what it costs; they change only with the server's configuration. */
export function useAiFeatures() {
  return useQuery({ queryKey: AI_FEATURES_KEY, queryFn: getAiFeatures, staleTime: 5 * 60_000 });
}
