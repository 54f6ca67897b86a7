import { statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config.js';
import { createProvider } from '../../../src/modules/tasks/create-provider.js';

describe('createProvider', () => {
  it('renders with the built-in engine: a real MP4 and JPEG cover, progress up to 100', async () => {
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'provider-'));
    try {
      const progress: number[] = [];
      const result = await createProvider(loadConfig({})).render(
        { id: '1', title: '城市夜景', prompt: '夜色降临，灯火渐次亮起。', images: [], aspectRatio: '16:9', duration: 5, workDir },
        (percent) => progress.push(percent),
        new AbortController().signal,
      );
      expect(statSync(result.video).size).toBeGreaterThan(10_000);
      expect(statSync(result.cover).size).toBeGreaterThan(1_000);
      expect(result.durationSeconds).toBeCloseTo(5, 1);
      expect(progress.at(-1)).toBe(100);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });
});
