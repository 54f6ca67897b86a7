// The yuv420p converter: the WebAssembly loop against the plain arithmetic it implements, byte for
// byte, on frames of every size the renderer draws; a few colours whose values are known; and
// the shipped module against its source, so yuv.wat cannot change without yuv-wasm.ts.
import { assembleYuvWat } from '../scripts/build-wasm.js';
import { YUV_WASM_BASE64 } from '../src/yuv-wasm.js';
import { createI420Converter, i420Size } from '../src/yuv.js';

/** The conversion written out plainly (see yuv.ts for the coefficients). */
function reference(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(i420Size(width, height));
  const at = (x: number, y: number, c: number) => rgba[(y * width + x) * 4 + c]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      out[y * width + x] = (11966 * at(x, y, 0) + 40254 * at(x, y, 1) + 4064 * at(x, y, 2) + (16 << 16) + (1 << 15)) >> 16;
    }
  }
  const u = width * height;
  const v = u + u / 4;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const sum = (c: number) => at(x, y, c) + at(x + 1, y, c) + at(x, y + 1, c) + at(x + 1, y + 1, c);
      const [r, g, b] = [sum(0), sum(1), sum(2)];
      const c = (y / 2) * (width / 2) + x / 2;
      out[u + c] = (-6596 * r - 22189 * g + 28785 * b + (128 << 18) + (1 << 17)) >> 18;
      out[v + c] = (28784 * r - 26145 * g - 2639 * b + (128 << 18) + (1 << 17)) >> 18;
    }
  }
  return out;
}

function noise(width: number, height: number, seed: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  let state = seed;
  for (let i = 0; i < rgba.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    rgba[i] = state >>> 24;
  }
  return rgba;
}

it.each([
  [720, 1280], [1280, 720], [1080, 1080], [8, 2], [24, 6],
])('matches the plain arithmetic byte for byte at %i×%i', (width, height) => {
  const converter = createI420Converter(width, height);
  for (const seed of [1, 2]) {
    const rgba = noise(width, height, seed);
    expect(Buffer.compare(converter.convert(rgba), Buffer.from(reference(rgba, width, height)))).toBe(0);
  }
});

it('gives the known BT.709 limited-range values, and ignores alpha', () => {
  const converter = createI420Converter(8, 2);
  const solid = (r: number, g: number, b: number, a = 255) => {
    const yuv = converter.convert(new Uint8Array(8 * 2 * 4).map((_, i) => [r, g, b, a][i % 4]!));
    return [yuv[0], yuv[16], yuv[20]]; // a Y, a U, a V
  };
  expect(solid(0, 0, 0)).toEqual([16, 128, 128]);
  expect(solid(255, 255, 255)).toEqual([235, 128, 128]);
  expect(solid(128, 128, 128, 0)).toEqual([126, 128, 128]);
  expect(solid(255, 0, 0)).toEqual([63, 102, 240]);
  expect(solid(0, 255, 0)).toEqual([173, 42, 26]);
  expect(solid(0, 0, 255)).toEqual([32, 240, 118]);
});

it('averages each 2×2 block into one chroma sample', () => {
  const converter = createI420Converter(8, 2);
  const rgba = new Uint8Array(8 * 2 * 4).fill(255);
  // The first block: one red pixel, three white.
  rgba.set([255, 0, 0], 0);
  const yuv = converter.convert(rgba);
  const reds = [yuv[0], yuv[1]];
  expect(reds).toEqual([63, 235]);
  expect([yuv[16], yuv[20]]).toEqual([reference(rgba, 8, 2)[16], reference(rgba, 8, 2)[20]]);
  expect(yuv[16]).toBeLessThan(128); // less blue than grey…
  expect(yuv[20]).toBeGreaterThan(128); // …more red
  expect([yuv[17], yuv[21]]).toEqual([128, 128]); // the next block is all white
});

it('refuses sizes it cannot convert and frames of the wrong size', () => {
  expect(() => createI420Converter(722, 1280)).toThrow(/multiple of 8/);
  expect(() => createI420Converter(720, 1279)).toThrow(/even height/);
  expect(() => createI420Converter(720, 1280).convert(new Uint8Array(100))).toThrow(/720×1280 RGBA frame/);
});

it('ships the module that yuv.wat assembles to (npm run build:wasm -w packages/engine)', async () => {
  expect((await assembleYuvWat()).toString('base64')).toBe(YUV_WASM_BASE64);
});
