// The colours drawn are the colours a phone shows. Browsers decode H.264 as BT.709 unless the
// stream says otherwise; frames converted with ffmpeg's default BT.601 matrix came out shifted
// (pure red as 255, 24, 0 in Chromium). Here frames of known colours go the renderer's way — the
// yuv420p converter, the encoder and its arguments — and are decoded back as a browser does.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { audioMix } from '../src/audio-mix.js';
import { encodeArgs } from '../src/ffmpeg-args.js';
import { ffmpegPath, startEncoder } from '../src/ffmpeg-encoder.js';
import { createI420Converter } from '../src/yuv.js';
import { probe } from './helpers/probe.js';

const COLOURS: [number, number, number][] = [
  [255, 0, 0], [0, 200, 0], [31, 111, 235], [255, 209, 102], [233, 180, 150], [11, 30, 63], [255, 255, 255], [0, 0, 0],
];
const BAND = 16;
const size = { width: 64, height: BAND * 8 };
const FRAMES = 30;

let dir: string;
let video: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-colour-'));
  video = path.join(dir, 'colours.mp4');
  // Eight horizontal bands, one colour each, the same in every frame.
  const frame = Buffer.alloc(size.width * size.height * 4);
  for (let y = 0; y < size.height; y++) {
    const [r, g, b] = COLOURS[Math.floor(y / BAND)]!;
    for (let x = 0; x < size.width; x++) frame.set([r, g, b, 255], (y * size.width + x) * 4);
  }
  const encoder = startEncoder(encodeArgs({ size, audio: audioMix({ duration: 1, musicVolume: 0, voiceVolume: 1 }), output: video }), new AbortController().signal);
  const yuv = createI420Converter(size.width, size.height);
  for (let i = 0; i < FRAMES; i++) await encoder.write(yuv.convert(frame));
  await encoder.finish();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('tags the stream BT.709, limited range', async () => {
  expect((await probe(video)).video.colour).toEqual({ space: 'bt709', range: 'tv', primaries: 'bt709', transfer: 'bt709' });
});

it('decodes as BT.709 to the colours that were drawn, within the encoding loss (8 levels)', async () => {
  const { stdout } = await promisify(execFile)(ffmpegPath, [
    '-v', 'error', '-i', video, '-frames:v', '1',
    '-vf', 'scale=in_color_matrix=bt709:in_range=tv,format=rgb24', '-f', 'rawvideo', 'pipe:1',
  ], { encoding: 'buffer' });
  COLOURS.forEach((colour, band) => {
    // The middle of the band, away from the chroma blur at its edges.
    const at = ((band * BAND + BAND / 2) * size.width + size.width / 2) * 3;
    const decoded = [...stdout.subarray(at, at + 3)];
    decoded.forEach((level, c) => expect(Math.abs(level - colour[c]!)).toBeLessThanOrEqual(8));
  });
});
