// Small pictures for the tests, made with canvas in each format a user may upload.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const FORMATS = [
  { ext: 'jpg', encode: (c: Canvas) => c.encode('jpeg', 85) },
  { ext: 'png', encode: (c: Canvas) => c.encode('png') },
  { ext: 'webp', encode: (c: Canvas) => c.encode('webp', 85) },
];

/** Writes `count` pictures (JPEG, PNG, WEBP in turn), landscape and portrait mixed. */
export async function makePictures(dir: string, count: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const canvas = i % 2 ? createCanvas(480, 640) : createCanvas(640, 480);
    const ctx = canvas.getContext('2d');
    const gradient = ctx.createLinearGradient(0, 0, canvas.width, canvas.height);
    gradient.addColorStop(0, `hsl(${i * 80} 70% 55%)`);
    gradient.addColorStop(1, `hsl(${i * 80 + 140} 60% 30%)`);
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    for (let k = 0; k < 12; k++) {
      ctx.fillStyle = `hsl(${(k * 47 + i * 90) % 360} 80% 65%)`;
      ctx.beginPath();
      ctx.arc((k * 97) % canvas.width, (k * 61) % canvas.height, 20 + (k % 4) * 15, 0, Math.PI * 2);
      ctx.fill();
    }
    const format = FORMATS[i % FORMATS.length]!;
    const file = path.join(dir, `picture-${i + 1}.${format.ext}`);
    await writeFile(file, await format.encode(canvas));
    files.push(file);
  }
  return files;
}
