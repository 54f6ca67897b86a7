import { PHRASE_GAP_SECONDS, synthesizeNarration } from '../../../src/modules/voices/narrate';
import { scriptPhrases } from '../../../src/modules/voices/script-phrases';
import { VendorError } from '../../../src/modules/voices/voice-provider';
import { createVolcVoices } from '../../../src/modules/voices/volc';
import { parseWav, pcmSeconds } from '../../../src/modules/voices/wav';
import { EDGE_SECONDS, spokenSeconds } from '../../stand-ins/speech-audio';
import { startVolcStandIn, type VolcStandIn } from '../../stand-ins/volc-tts';

const signal = new AbortController().signal;

test('a script is cut at the pauses a reader makes, never inside a phrase; long phrases into near-equal parts', () => {
  expect(scriptPhrases('阳光、花海和笑声。我们出发吧！真的吗？？\n下一站：海边')).toEqual(['阳光', '花海和笑声', '我们出发吧！', '真的吗？？', '下一站', '海边']);
  const long = scriptPhrases('这是一句非常非常长而且中间完全没有任何标点符号的句子需要切开来读');
  expect(long.length).toBe(2);
  expect(long.join('')).toBe('这是一句非常非常长而且中间完全没有任何标点符号的句子需要切开来读');
  expect(scriptPhrases('……！！，。')).toEqual([]);
});

test('an emoji stays whole in its phrase; a phrase of emoji alone has nothing to say', () => {
  expect(scriptPhrases('花开了🌸，👍🏽👍🏽。我们举着🇨🇳跑！')).toEqual(['花开了🌸', '我们举着🇨🇳跑！']);
  const long = scriptPhrases('这是一句非常非常长而且中间完全没有任何标点符号🏳️‍🌈的句子需要切开来读');
  expect(long.join('')).toBe('这是一句非常非常长而且中间完全没有任何标点符号🏳️‍🌈的句子需要切开来读');
  expect(long.some((phrase) => phrase.includes('🏳️‍🌈'))).toBe(true);
});

describe('against the Volcengine stand-in', () => {
  let standIn: VolcStandIn;
  beforeEach(async () => {
    standIn = await startVolcStandIn();
  });
  afterEach(() => standIn.close());
  const provider = () => createVolcVoices({ appId: standIn.appId, token: standIn.token, cluster: 'volcano_tts', baseUrl: standIn.url });

  test('each phrase is spoken on its own; its span is where its samples are in the one WAV, and the spans add up to the audio', async () => {
    const script = '春天来了，花海里满是笑声。我们一起去看海吧！';
    const narration = await synthesizeNarration(provider(), script, 'BV001_streaming', 1.5, signal);
    const phrases = scriptPhrases(script);
    expect(standIn.calls.map((call) => call.text)).toEqual(phrases);
    expect(narration.sentences.map((s) => s.text)).toEqual(phrases);
    const wav = parseWav(narration.audio);
    expect(pcmSeconds(wav)).toBeCloseTo(narration.seconds, 6);
    let at = 0;
    narration.sentences.forEach((sentence, i) => {
      const length = spokenSeconds(phrases[i]!, 1.5);
      expect(sentence.start).toBeCloseTo(at, 2);
      expect(sentence.end - sentence.start).toBeCloseTo(length, 2);
      at = sentence.end + PHRASE_GAP_SECONDS;
    });
    expect(narration.sentences.at(-1)!.end).toBeCloseTo(narration.seconds, 2);
    // Loud inside each spoken span (past the vendor's edge silence), silent in the gaps between them.
    const rms = (from: number, to: number) => {
      const a = Math.floor(from * wav.sampleRate) * 2;
      const b = Math.floor(to * wav.sampleRate) * 2;
      let sum = 0;
      for (let i = a; i < b; i += 2) sum += wav.data.readInt16LE(i) ** 2;
      return Math.sqrt(sum / ((b - a) / 2));
    };
    for (const [i, sentence] of narration.sentences.entries()) {
      expect(rms(sentence.start + EDGE_SECONDS, sentence.end - EDGE_SECONDS)).toBeGreaterThan(1000);
      const next = narration.sentences[i + 1];
      if (next) expect(rms(sentence.end, next.start)).toBe(0);
    }
  });

  test('the voice reads the words, not the emoji; the captions keep them', async () => {
    const narration = await synthesizeNarration(provider(), '花开了🌸，我们去野餐😀！举着🇨🇳 跑👍🏽', 'BV001_streaming', 1, signal);
    expect(standIn.calls.map((call) => call.text)).toEqual(['花开了', '我们去野餐！', '举着 跑']);
    expect(narration.sentences.map((s) => s.text)).toEqual(['花开了🌸', '我们去野餐😀！', '举着🇨🇳 跑👍🏽']);
  });

  test('a script with nothing to say is refused before any call', async () => {
    await expect(synthesizeNarration(provider(), '。。！', 'BV001_streaming', 1, signal)).rejects.toBeInstanceOf(VendorError);
    expect(standIn.calls).toHaveLength(0);
  });

  test('an abort stops the narration between phrases', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(synthesizeNarration(provider(), '一，二，三', 'BV001_streaming', 1, controller.signal)).rejects.toThrow('cancelled');
  });
});
