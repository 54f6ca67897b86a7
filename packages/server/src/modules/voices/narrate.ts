// A script read aloud: cut into caption phrases, each spoken by the provider (retried with backoff
// when the vendor is busy), joined with short pauses into one WAV. Every phrase's span is counted
// in samples of that WAV, so the captions start and end exactly where their words are heard.
import { withoutEmoji, type NarrationSentence } from '@app/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { scriptPhrases } from './script-phrases.js';
import { VendorError, type VoiceProvider } from './voice-provider.js';
import { parseWav, pcmSeconds, silence, wavFile, type Pcm } from './wav.js';

/** Silence between two phrases: a comma's breath. */
export const PHRASE_GAP_SECONDS = 0.2;

export interface RetryPolicy {
  /** Tries of one phrase before its failure fails the narration. */
  attempts: number;
  /** First wait; doubled after each retry (or the vendor's Retry-After, when longer). */
  backoffMs: number;
  maxBackoffMs: number;
}

export const NARRATION_RETRY: RetryPolicy = { attempts: 4, backoffMs: 1_000, maxBackoffMs: 15_000 };

export interface Narration {
  /** One WAV file (16-bit PCM). */
  audio: Buffer;
  format: 'wav';
  /** Seconds of audio. */
  seconds: number;
  sentences: NarrationSentence[];
}

/** Reads `script` with the provider's `voiceId` at `speed`; VendorErrors after the retries, or the abort. */
export async function synthesizeNarration(
  provider: VoiceProvider,
  script: string,
  voiceId: string,
  speed: number,
  signal: AbortSignal,
  retry: RetryPolicy = NARRATION_RETRY,
): Promise<Narration> {
  const phrases = scriptPhrases(script);
  if (phrases.length === 0) throw new VendorError('rejected', 'the script has nothing to read');
  const pieces: Pcm[] = [];
  for (const phrase of phrases) {
    // The phrase keeps its emoji for the captions; the voice reads the words.
    const spoken = withoutEmoji(phrase).replace(/\s+/g, ' ').trim();
    const pcm = await withRetries(() => provider.speak(spoken, voiceId, speed, signal).then(parseAnswer), signal, retry);
    if (pieces.length > 0 && (pcm.sampleRate !== pieces[0]!.sampleRate || pcm.channels !== pieces[0]!.channels)) {
      throw new VendorError('rejected', `${provider.name} answered ${pcm.sampleRate} Hz × ${pcm.channels} after ${pieces[0]!.sampleRate} Hz × ${pieces[0]!.channels}`);
    }
    pieces.push(pcm);
  }
  const format = { sampleRate: pieces[0]!.sampleRate, channels: pieces[0]!.channels };
  const gap = silence(format, PHRASE_GAP_SECONDS);
  const sentences: NarrationSentence[] = [];
  const parts: Buffer[] = [];
  let at = 0;
  pieces.forEach((pcm, index) => {
    if (index > 0) {
      parts.push(gap.data);
      at += pcmSeconds(gap);
    }
    const seconds = pcmSeconds(pcm);
    sentences.push({ text: phrases[index]!, start: round(at), end: round(at + seconds) });
    parts.push(pcm.data);
    at += seconds;
  });
  const whole = { ...format, data: Buffer.concat(parts) };
  return { audio: wavFile(whole), format: 'wav', seconds: pcmSeconds(whole), sentences };
}

function parseAnswer(bytes: Buffer): Pcm {
  try {
    const pcm = parseWav(bytes);
    if (pcm.data.length === 0) throw new Error('no samples');
    return pcm;
  } catch (error) {
    throw new VendorError('unavailable', `the voice's audio is not usable: ${(error as Error).message}`);
  }
}

/** Milliseconds are as fine as a caption needs; the sum stays within a sample of the audio. */
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

async function withRetries<T>(attempt: () => Promise<T>, signal: AbortSignal, retry: RetryPolicy): Promise<T> {
  let wait = retry.backoffMs;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const again = error instanceof VendorError && (error.kind === 'rate-limited' || error.kind === 'unavailable') && tries < retry.attempts;
      if (!again) throw error;
      await sleep(Math.min(retry.maxBackoffMs, Math.max(wait, (error.retryAfterS ?? 0) * 1000)), undefined, { signal });
      wait *= 2;
    }
  }
}
