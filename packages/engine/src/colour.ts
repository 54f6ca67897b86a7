// Colours as canvas understands them, turned into rgba() strings with a chosen alpha: gradients
// that fade a colour out need the same colour at alpha 0, not 'transparent' (which is black and
// greys the edge).
import { createCanvas } from '@napi-rs/canvas';

const probe = createCanvas(1, 1).getContext('2d');

/** True when canvas parses the value (it silently keeps the old colour otherwise). */
export function isColour(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64) return false;
  for (const sentinel of ['#010203', '#030201']) {
    probe.fillStyle = sentinel;
    probe.fillStyle = value;
    if (probe.fillStyle === sentinel) return false;
  }
  return true;
}

export function withAlpha(colour: string, alpha: number): string {
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = colour;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${(((a ?? 255) / 255) * alpha).toFixed(3)})`;
}
