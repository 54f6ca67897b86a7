import { createMinimaxVoices, MINIMAX_SAMPLE_RATE, MINIMAX_VOICES } from '../../../src/modules/voices/minimax';
import { synthesizeNarration } from '../../../src/modules/voices/narrate';
import { VendorError, type VoiceProvider } from '../../../src/modules/voices/voice-provider';
import { parseWav, pcmSeconds } from '../../../src/modules/voices/wav';
import { MINIMAX_SENSITIVE, startMinimaxStandIn, type MinimaxStandIn } from '../../stand-ins/minimax-tts';
import { spokenSeconds } from '../../stand-ins/speech-audio';

const signal = new AbortController().signal;
const FAST_RETRY = { attempts: 3, backoffMs: 1, maxBackoffMs: 5 };
const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('resolved'); }, (error: unknown) => error as VendorError);

let standIn: MinimaxStandIn;
let minimax: VoiceProvider;
const settings = (over: Partial<{ apiKey: string; groupId: string | undefined }> = {}) => ({ apiKey: standIn.apiKey, groupId: undefined, baseUrl: standIn.url, model: 'speech-02-hd', ...over });

beforeEach(async () => {
  standIn = await startMinimaxStandIn();
  minimax = createMinimaxVoices(settings());
});
afterEach(() => standIn.close());

test('speaks a phrase as MiniMax documents it: model, voice_setting, WAV at 24 kHz mono, hex audio decoded', async () => {
  const wav = await minimax.speak('阳光洒满海边', 'female-shaonv', 1, signal);
  expect(standIn.calls).toEqual([expect.objectContaining({ text: '阳光洒满海边', model: 'speech-02-hd', voiceId: 'female-shaonv', speed: 1, format: 'wav', sampleRate: MINIMAX_SAMPLE_RATE, outcome: 0 })]);
  const pcm = parseWav(wav);
  expect(pcm).toMatchObject({ sampleRate: 24000, channels: 1 });
  expect(pcmSeconds(pcm)).toBeCloseTo(spokenSeconds('阳光洒满海边', 1), 2);
});

test('the speed is sent as voice_setting.speed: twice as fast is half as long', async () => {
  const normal = pcmSeconds(parseWav(await minimax.speak('一起去看花海', 'male-qn-qingse', 1, signal)));
  const fast = pcmSeconds(parseWav(await minimax.speak('一起去看花海', 'male-qn-qingse', 2, signal)));
  expect(standIn.calls.map((call) => call.speed)).toEqual([1, 2]);
  expect(fast).toBeLessThan(normal * 0.6);
});

test('every voice offered is one the vendor knows', async () => {
  for (const voice of MINIMAX_VOICES) await minimax.speak('你好', voice.voiceId, 1, signal);
  expect(standIn.calls.every((call) => call.outcome === 0)).toBe(true);
});

test('a wrong key is rejected (1004), and the key never appears in the error', async () => {
  const bad = createMinimaxVoices(settings({ apiKey: 'mm-wrong-secret-key' }));
  const error = await rejection(bad.speak('你好', 'female-shaonv', 1, signal));
  expect(error).toBeInstanceOf(VendorError);
  expect(error.kind).toBe('rejected');
  expect(error.message).toContain('1004');
  expect(error.message).not.toContain('mm-wrong-secret-key');
});

test('an account that needs its GroupId gets it in the query', async () => {
  const grouped = await startMinimaxStandIn({ groupId: '1780000000001' });
  try {
    const without = createMinimaxVoices({ apiKey: grouped.apiKey, groupId: undefined, baseUrl: grouped.url, model: 'speech-02-hd' });
    expect((await rejection(without.speak('你好', 'female-shaonv', 1, signal))).kind).toBe('rejected');
    const withGroup = createMinimaxVoices({ apiKey: grouped.apiKey, groupId: '1780000000001', baseUrl: grouped.url, model: 'speech-02-hd' });
    expect(parseWav(await withGroup.speak('你好', 'female-shaonv', 1, signal)).data.length).toBeGreaterThan(0);
  } finally {
    await grouped.close();
  }
});

test('sensitive input (1026) is moderation; an unknown voice (2013) is rejected', async () => {
  expect((await rejection(minimax.speak(`这里有${MINIMAX_SENSITIVE}`, 'female-shaonv', 1, signal))).kind).toBe('moderation');
  expect((await rejection(minimax.speak('你好', 'no-such-voice', 1, signal))).kind).toBe('rejected');
});

test('the rate limit (1002) and internal errors (1024) are retried with backoff; a limit that lasts fails as rate-limited', async () => {
  standIn.scripted.push({ code: 1002, msg: 'rate limit exceeded(RPM)' }, { code: 1024, msg: 'internal error' });
  const narration = await synthesizeNarration(minimax, '你好', 'female-shaonv', 1, signal, FAST_RETRY);
  expect(narration.sentences).toHaveLength(1);
  standIn.limits.requestsPerWindow = 0;
  const error = await rejection(synthesizeNarration(minimax, '你好', 'female-shaonv', 1, signal, FAST_RETRY));
  expect(error.kind).toBe('rate-limited');
});
