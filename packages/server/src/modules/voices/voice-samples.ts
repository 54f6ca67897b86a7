// 试听: a short sample of each voice, synthesized by its provider the first time the voices list
// is asked for, stored in the file store (`voice-samples/<hash>.wav`) and listed from then on.
// The key is a hash of the provider, voice and sample text, so a new text or voice gets a new file
// and every API process finds what any other stored. One synthesis at a time per process; a
// failed one (vendor down, key refused) is tried again on a later request, not more than every
// few minutes, and never fails the list: the voice is listed without a sample until then.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../storage/store.js';
import { synthesizeNarration } from './narrate.js';
import type { OfferedVoice } from './voices.js';

export const SAMPLE_TEXT = '你好，我来为你的视频配音，让每一张照片都会说话。';
const RETRY_AFTER_MS = 5 * 60_000;

export function sampleKey(voice: OfferedVoice): string {
  return `voice-samples/${createHash('sha256').update(`${voice.id}\n${SAMPLE_TEXT}`).digest('hex').slice(0, 32)}.wav`;
}

export class VoiceSamples {
  private readonly stored = new Set<string>();
  private readonly failedAt = new Map<string, number>();
  private queue: Promise<void> = Promise.resolve();
  private readonly pending = new Set<string>();

  constructor(private readonly deps: { store: FileStore; log: Pick<FastifyBaseLogger, 'warn' | 'info'> }) {}

  /** The sample's URL when it is stored; otherwise '' and its synthesis is queued (answers without waiting). */
  async urlOf(voice: OfferedVoice): Promise<string> {
    const key = sampleKey(voice);
    if (this.stored.has(key) || (await this.deps.store.head(key))) {
      this.stored.add(key);
      return this.deps.store.fileUrl(key);
    }
    const failed = this.failedAt.get(key);
    if (!this.pending.has(key) && (failed === undefined || Date.now() - failed > RETRY_AFTER_MS)) {
      this.pending.add(key);
      this.queue = this.queue.then(() => this.make(voice, key));
    }
    return '';
  }

  /** Waits for the syntheses queued so far (tests, and a clean shutdown). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async make(voice: OfferedVoice, key: string): Promise<void> {
    try {
      const narration = await synthesizeNarration(voice.provider, SAMPLE_TEXT, voice.info.voiceId, 1, AbortSignal.timeout(120_000));
      await this.deps.store.put(key, narration.audio, { contentType: 'audio/wav', size: narration.audio.length });
      this.stored.add(key);
      this.failedAt.delete(key);
      this.deps.log.info({ voice: voice.id, key }, 'stored a voice sample');
    } catch (error) {
      this.failedAt.set(key, Date.now());
      this.deps.log.warn({ err: error, voice: voice.id }, 'could not make a voice sample');
    } finally {
      this.pending.delete(key);
    }
  }
}
