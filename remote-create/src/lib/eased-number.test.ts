import { EASE_MS, easeBetween } from './eased-number';

describe('easeBetween: the progress shown between two polled values', () => {
  it('starts at the old value, ends at the new one, and never goes past it', () => {
    expect(easeBetween(20, 60, 0)).toBe(20);
    expect(easeBetween(20, 60, EASE_MS)).toBe(60);
    expect(easeBetween(20, 60, EASE_MS * 3)).toBe(60);
    const steps = [0.1, 0.25, 0.5, 0.75, 0.9].map((f) => easeBetween(20, 60, EASE_MS * f));
    // Moving all the way, each step further than the last, faster at first (ease-out).
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    for (const value of steps) expect(value > 20 && value <= 60).toBe(true);
    expect(steps[2]! - 20).toBeGreaterThan(60 - steps[2]!);
  });
});
