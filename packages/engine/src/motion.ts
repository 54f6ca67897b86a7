// Small pieces of animation arithmetic shared by the layers.

export const clamp = (x: number, low = 0, high = 1) => Math.min(high, Math.max(low, x));
export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
export const easeOutCubic = (t: number) => 1 - (1 - clamp(t)) ** 3;
export const easeInOut = (t: number) => (1 - Math.cos(Math.PI * clamp(t))) / 2;

/** A seeded generator (mulberry32): the same task draws the same motion on every retry. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable number from a string, to seed motion or pick a variant. */
export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
