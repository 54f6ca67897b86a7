import { synthesizeNarration } from '../../../src/modules/voices/narrate';
import { VendorError, type VoiceProvider } from '../../../src/modules/voices/voice-provider';
import { createVolcVoices, VOLC_VOICES } from '../../../src/modules/voices/volc';
import { parseWav, pcmSeconds } from '../../../src/modules/voices/wav';
import { spokenSeconds } from '../../stand-ins/speech-audio';
import { startVolcStandIn, type VolcStandIn } from '../../stand-ins/volc-tts';

const signal = new AbortController().signal;
const FAST_RETRY = { attempts: 3, backoffMs: 1, maxBackoffMs: 5 };
const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('resolved'); }, (error: unknown) => error as VendorError);

let standIn: VolcStandIn;
let volc: VoiceProvider;
beforeEach(async () => {
  standIn = await startVolcStandIn();
  volc = createVolcVoices({ appId: standIn.appId, token: standIn.token, cluster: 'volcano_tts', baseUrl: standIn.url });
});
afterEach(() => standIn.close());

test('speaks a phrase as the docs show: Bearer;token, query, a fresh reqid each call, base64 WAV', async () => {
  const wav = await volc.speak('美食的香气', 'BV001_streaming', 1.2, signal);
  await volc.speak('美食的香气', 'BV001_streaming', 1.2, signal);
  expect(standIn.calls).toHaveLength(2);
  expect(standIn.calls[0]).toMatchObject({ voiceType: 'BV001_streaming', encoding: 'wav', rate: 24000, speedRatio: 1.2, code: 3000 });
  expect(standIn.calls[0]!.reqid).not.toBe(standIn.calls[1]!.reqid);
  expect(pcmSeconds(parseWav(wav))).toBeCloseTo(spokenSeconds('美食的香气', 1.2), 2);
});

test('every voice offered is one the vendor knows', async () => {
  for (const voice of VOLC_VOICES) await volc.speak('你好', voice.voiceId, 1, signal);
  expect(standIn.calls.map((call) => call.code)).toEqual(VOLC_VOICES.map(() => 3000));
});

test('a wrong token is rejected, and the token never appears in the error', async () => {
  const bad = createVolcVoices({ appId: standIn.appId, token: 'volc-wrong-secret', cluster: 'volcano_tts', baseUrl: standIn.url });
  const error = await rejection(bad.speak('你好', 'BV001_streaming', 1, signal));
  expect(error.kind).toBe('rejected');
  expect(error.message).toContain('requested grant not found');
  expect(error.message).not.toContain('volc-wrong-secret');
});

test('an unknown voice (3050) and a wrong cluster are rejected; text over 1024 bytes is refused before sending', async () => {
  expect((await rejection(volc.speak('你好', 'BV999_streaming', 1, signal))).message).toContain('3050');
  const wrongCluster = createVolcVoices({ appId: standIn.appId, token: standIn.token, cluster: 'volcano_mega', baseUrl: standIn.url });
  expect((await rejection(wrongCluster.speak('你好', 'BV001_streaming', 1, signal))).kind).toBe('rejected');
  const calls = standIn.calls.length;
  expect((await rejection(volc.speak('长'.repeat(400), 'BV001_streaming', 1, signal))).kind).toBe('rejected');
  expect(standIn.calls).toHaveLength(calls);
});

test('concurrency over the limit (3003) and a busy backend (3005) are retried; invalid text (3011) is not', async () => {
  standIn.scripted.push({ code: 3003, message: 'quota exceeded for types: concurrency', status: 429 }, { code: 3005, message: 'server busy' });
  const narration = await synthesizeNarration(volc, '你好', 'BV002_streaming', 1, signal, FAST_RETRY);
  expect(narration.sentences.map((s) => s.text)).toEqual(['你好']);
  standIn.scripted.push({ code: 3011, message: 'illegal input text!', status: 400 });
  expect((await rejection(synthesizeNarration(volc, '你好', 'BV002_streaming', 1, signal, FAST_RETRY))).kind).toBe('rejected');
});

test('calls at once beyond the account concurrency answer 3003, which is rate-limited', async () => {
  const narrow = await startVolcStandIn({ concurrency: 1, delayMs: 50 });
  try {
    const provider = createVolcVoices({ appId: narrow.appId, token: narrow.token, cluster: 'volcano_tts', baseUrl: narrow.url });
    const results = await Promise.allSettled([provider.speak('一', 'BV001_streaming', 1, signal), provider.speak('二', 'BV001_streaming', 1, signal)]);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0]!.reason as VendorError).kind).toBe('rate-limited');
  } finally {
    await narrow.close();
  }
});
