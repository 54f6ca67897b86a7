// Renders one video in a process of its own and prints its peak RSS, so that the memory test
// measures a render and nothing else the test runner holds.
//   tsx test/helpers/render-child.ts <seconds> <workDir>
import { builtinProvider } from '../../src/index.js';
import { makePictures } from './pictures.js';

async function main(): Promise<void> {
  const [seconds, workDir] = process.argv.slice(2);
  const images = await makePictures(workDir!, 3);
  await builtinProvider.render(
    {
      id: `memory-${seconds}`, title: '内存测试', prompt: '一帧一帧地画，一帧一帧地写。内存不随长度增长！'.repeat(4),
      images, aspectRatio: '9:16', duration: Number(seconds), workDir: workDir!,
    },
    () => undefined,
    new AbortController().signal,
  );
  process.stdout.write(JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
