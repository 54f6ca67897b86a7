// The canvas's RGBA frames to the yuv420p that H.264 encodes, done here rather than by ffmpeg: the
// pipe then carries 1.5 bytes a pixel instead of 4, and ffmpeg converts nothing before x264. The
// work is a small WebAssembly SIMD loop (yuv.wat), ~1 ms a 720×1280 frame with the copy in; on the
// bench that saves ~0.8 CPU s of a 10 s video's ~6.
//
// BT.709 with limited ("TV") range, which is how browsers and phones read HD video; the encoder
// tags the stream so (ffmpeg-args.ts). Each 2×2 block shares one chroma sample, from the sum of
// its four pixels. Fixed point, every intermediate within an int32:
//   Y  = (11966 R + 40254 G +  4064 B + (16 << 16) + (1 << 15)) >> 16
//   Cb = (−6596 R4 − 22189 G4 + 28785 B4 + (128 << 18) + (1 << 17)) >> 18   (R4: the block's sum)
//   Cr = (28784 R4 − 26145 G4 −  2639 B4 + (128 << 18) + (1 << 17)) >> 18
// — 219/255 and 224/255 of Kr = 0.2126, Kb = 0.0722 in 1/65536 (Cb's blue rounded so each row of
// chroma sums to 0: grey stays exactly 128).
import { YUV_WASM_BASE64 } from './yuv-wasm.js';

const WASM_PAGE = 65536;
let compiled: WebAssembly.Module | undefined;

/** Bytes of a width × height frame in yuv420p: the Y plane, then U and V at half size each way. */
export const i420Size = (width: number, height: number) => (width * height * 3) / 2;

export interface I420Converter {
  /**
   * Converts one opaque RGBA frame (alpha ignored) and returns its yuv420p bytes. The returned
   * buffer is reused by the next call: hand it on (e.g. to a pipe) before converting again.
   */
  convert(rgba: Uint8Array): Buffer;
}

/** A converter for frames of one size: width a multiple of 8 and height even, as every frame size is. */
export function createI420Converter(width: number, height: number): I420Converter {
  if (width <= 0 || height <= 0 || width % 8 || height % 2) {
    throw new Error(`yuv420p conversion needs a width that is a multiple of 8 and an even height, not ${width}×${height}`);
  }
  compiled ??= new WebAssembly.Module(Buffer.from(YUV_WASM_BASE64, 'base64'));
  // Not named `exports`: compiled to CommonJS, that would hide the module's own.
  const wasm = new WebAssembly.Instance(compiled).exports as unknown as {
    memory: WebAssembly.Memory;
    rgbaToI420(src: number, width: number, height: number, dst: number): void;
  };
  const rgbaBytes = width * height * 4;
  const yuvBytes = i420Size(width, height);
  const { memory } = wasm;
  memory.grow(Math.max(0, Math.ceil((rgbaBytes + yuvBytes - memory.buffer.byteLength) / WASM_PAGE)));
  // Views taken after the grow: growing replaces memory.buffer.
  const input = new Uint8Array(memory.buffer, 0, rgbaBytes);
  const output = Buffer.from(memory.buffer, rgbaBytes, yuvBytes);
  return {
    convert(rgba) {
      if (rgba.length !== rgbaBytes) throw new Error(`expected a ${width}×${height} RGBA frame (${rgbaBytes} bytes), got ${rgba.length} bytes`);
      input.set(rgba);
      wasm.rgbaToI420(0, width, height, rgbaBytes);
      return output;
    },
  };
}
