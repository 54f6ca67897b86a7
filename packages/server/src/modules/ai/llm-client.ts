// AI 帮写's chat-completions calls through the official `openai` package, pointed at whichever
// OpenAI-compatible service LLM_BASE_URL names (DeepSeek, Qwen in DashScope's compatible mode,
// Doubao on Ark). Failures are sorted into the few kinds the user is told about; the key is
// given to the client only and never appears in what this module throws or logs.
import OpenAI from 'openai';
import type { LlmSettings } from '../../config.js';

/**
 * Retries the client makes itself on 408/409/429/5xx and lost connections, with its back-off (or
 * the service's Retry-After). One: a user is waiting for the text, and a service still failing a
 * second later is better reported (and refunded) than waited on.
 */
export const LLM_MAX_RETRIES = 1;

export type LlmFailureKind =
  /** 429 after the retry: the service's quota or rate limit. */
  | 'busy'
  /** The service refused the title or the hint, or stopped its own output (content moderation). */
  | 'refused'
  /** Our key or model was refused (401/403/404): the operator's problem, the user's refund. */
  | 'misconfigured'
  /** 5xx, time-out, unreachable, or an answer that is not one. */
  | 'unavailable';

/** A failed call, in words safe to log: the kind, the HTTP status and the service's own code. */
export class LlmFailure extends Error {
  constructor(
    readonly kind: LlmFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmFailure';
  }
}

/**
 * The services' codes for a refusal by content moderation, as each documents it: DashScope
 * `data_inspection_failed`, Ark `…SensitiveContentDetected`, Azure/OpenAI `content_filter` /
 * `content_policy_violation`, DeepSeek's 400 `Content Exists Risk`, Zhipu's `1301`.
 */
const MODERATION = /data_inspection|sensitive|content_filter|content_policy|content exists risk|inappropriate|^1301$/i;

export function createLlmClient(settings: LlmSettings): OpenAI {
  return new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    // Not from the environment: OPENAI_ORG_ID / OPENAI_PROJECT_ID would add headers another vendor refuses.
    organization: null,
    project: null,
    maxRetries: LLM_MAX_RETRIES,
    timeout: settings.timeoutSeconds * 1000,
    // The server logs each failure itself, without the request (whose headers hold the key).
    logLevel: 'off',
  });
}

/** What went wrong with a call, as an LlmFailure; an abort by our caller comes back as that abort. */
export function llmFailure(error: unknown): LlmFailure | 'aborted' {
  if (error instanceof LlmFailure) return error;
  if (error instanceof OpenAI.APIUserAbortError) return 'aborted';
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new LlmFailure('unavailable', 'no answer in time');
  if (error instanceof OpenAI.APIConnectionError) return new LlmFailure('unavailable', `could not reach the service: ${error.cause instanceof Error ? error.cause.message : error.message}`);
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    const code = [error.code, error.type].filter((s): s is string => typeof s === 'string' && s !== '').join('/');
    const said = `${status ?? 'stream'} ${code || '-'}: ${error.message.slice(0, 200)}`;
    if ((status === 400 || status === 403 || status === undefined) && (MODERATION.test(error.code ?? '') || MODERATION.test(error.type ?? '') || MODERATION.test(error.message))) {
      return new LlmFailure('refused', said, status);
    }
    if (status === 401 || status === 403 || status === 404) return new LlmFailure('misconfigured', said, status);
    if (status === 429) return new LlmFailure('busy', said, status);
    return new LlmFailure('unavailable', said, status);
  }
  return new LlmFailure('unavailable', error instanceof Error ? error.message : String(error));
}
