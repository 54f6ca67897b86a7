// Frames stream: one is drawn, written and dropped before the next. A renderer that kept them
// would grow by ~3.7 MB a frame (450 frames, ~1.6 GB, between these two); this one stays flat.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../../..');

async function peakRssMb(seconds: number): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'engine-memory-'));
  try {
    const { stdout } = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), [
      path.join(__dirname, 'helpers/render-child.ts'), String(seconds), dir,
    ]);
    return (JSON.parse(stdout) as { maxRssMb: number }).maxRssMb;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

it('peak memory of a 20 s render is that of a 5 s one, give or take', async () => {
  const short = await peakRssMb(5);
  const long = await peakRssMb(20);
  expect(long - short).toBeLessThan(64);
  expect(long).toBeLessThan(600);
});
