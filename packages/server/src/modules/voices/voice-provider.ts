// A hosted text-to-speech service as the workers use it: one piece of text in, the audio of it
// out. Each vendor's adapter (minimax, volc) follows that vendor's own API; narrate.ts splits a
// script into caption phrases, has each one spoken and joins them, so the span of every phrase in
// the audio is known exactly (measured from the audio, not guessed from the text).
import type { VoiceGender, VoiceProviderId } from '@app/contract';

export { VendorError, type VendorErrorKind } from '../clips/clip-provider.js';

/** One voice a provider offers, as POST /api/v1/video_task/voices lists it (the id there is `<provider>:<voiceId>`). */
export interface VoiceInfo {
  /** The vendor's own voice id, e.g. MiniMax `female-shaonv`, Volcengine `BV001_streaming`. */
  voiceId: string;
  /** Shown to users (Chinese), e.g. 少女. */
  name: string;
  gender: VoiceGender;
  /** One short sentence for users. */
  description: string;
  /** BCP 47. */
  language: string;
}

export interface VoiceProvider {
  readonly id: VoiceProviderId;
  /** Shown to operators and in logs, e.g. MiniMax. */
  readonly name: string;
  readonly voices: readonly VoiceInfo[];
  /** The speeds the vendor accepts (a multiple of the voice's normal pace). */
  readonly minSpeed: number;
  readonly maxSpeed: number;
  /**
   * Speaks one piece of text (a sentence or caption phrase, a few dozen characters at most) and
   * answers it as a WAV file (16-bit PCM). Failures are VendorErrors; an abort rethrows the abort.
   */
  speak(text: string, voiceId: string, speed: number, signal: AbortSignal): Promise<Buffer>;
}
