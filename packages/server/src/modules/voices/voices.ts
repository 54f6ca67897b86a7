// The voices this server offers: those of each hosted provider whose keys are configured
// (config.voices), none otherwise — there is no offline voice (README "配音": no offline engine
// here speaks Mandarin with the right tones). The quote, the save and the voices list decide
// here what a voice is, what it costs and which speeds it takes.
import { narrationTooLong, type Voice, type VoiceProviderId } from '@app/contract';
import type { ServerConfig } from '../../config.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { createMinimaxVoices } from './minimax.js';
import type { VoiceInfo, VoiceProvider } from './voice-provider.js';
import { createVolcVoices } from './volc.js';

export type VoiceConfig = Pick<ServerConfig, 'voices' | 'voicePoints'>;

const made = new WeakMap<object, Map<VoiceProviderId, VoiceProvider>>();

/** The providers configured, built once per configuration. */
export function voiceProviders(config: Pick<ServerConfig, 'voices'>): Map<VoiceProviderId, VoiceProvider> {
  let providers = made.get(config.voices);
  if (!providers) {
    providers = new Map();
    if (config.voices.minimax) providers.set('minimax', createMinimaxVoices(config.voices.minimax));
    if (config.voices.volc) providers.set('volc', createVolcVoices(config.voices.volc));
    made.set(config.voices, providers);
  }
  return providers;
}

export interface OfferedVoice {
  /** `<provider>:<voiceId>`, the id of the API. */
  id: string;
  provider: VoiceProvider;
  info: VoiceInfo;
}

/** Every voice on offer, provider by provider. */
export function offeredVoices(providers: Map<VoiceProviderId, VoiceProvider>): OfferedVoice[] {
  return [...providers.values()].flatMap((provider) => provider.voices.map((info) => ({ id: `${provider.id}:${info.voiceId}`, provider, info })));
}

/** A voice as the voices list shows it. */
export function voiceView(voice: OfferedVoice, sampleUrl: string): Voice {
  return {
    id: voice.id,
    name: voice.info.name,
    gender: voice.info.gender,
    description: voice.info.description,
    language: voice.info.language,
    provider: voice.provider.id,
    sampleUrl,
    minSpeed: voice.provider.minSpeed,
    maxSpeed: voice.provider.maxSpeed,
  };
}

export function findVoice(providers: Map<VoiceProviderId, VoiceProvider>, id: string): OfferedVoice | undefined {
  return offeredVoices(providers).find((voice) => voice.id === id);
}

/** The name users know a stored voice by ('' for none, or a voice no longer offered). */
export function voiceName(providers: Map<VoiceProviderId, VoiceProvider>, id: string): string {
  return id === '' ? '' : (findVoice(providers, id)?.info.name ?? '');
}

export interface VoiceRequest {
  voice?: string;
  voiceSpeed: number;
  /** With the script, the narration's estimated length is checked against the duration (save). */
  prompt?: string;
  duration?: number;
}

/**
 * The narration asked for: none ('' or absent, no price), or a voice on offer at a speed it
 * takes, whose reading fits the video; else rspCode 2 naming what is wrong. Answers its points.
 */
export function requireVoice(config: VoiceConfig, request: VoiceRequest): { voice: OfferedVoice | null; points: number } {
  if (request.voice === undefined || request.voice === '') return { voice: null, points: 0 };
  const voice = findVoice(voiceProviders(config), request.voice);
  if (!voice) throw new BusinessError(RspCode.invalidParam, `配音「${request.voice}」暂不可用`);
  const { minSpeed, maxSpeed } = voice.provider;
  if (request.voiceSpeed < minSpeed || request.voiceSpeed > maxSpeed) {
    throw new BusinessError(RspCode.invalidParam, `配音「${voice.info.name}」的语速可选 ${minSpeed}–${maxSpeed} 倍`);
  }
  if (request.prompt !== undefined && request.duration !== undefined) {
    const problem = narrationTooLong(request.prompt, request.voiceSpeed, request.duration);
    if (problem) throw new BusinessError(RspCode.invalidParam, problem);
  }
  return { voice, points: config.voicePoints };
}
