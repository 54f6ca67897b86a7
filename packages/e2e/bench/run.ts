// npm run bench: every benchmark against the built apps and a real server, as ratios against a
// baseline measured in the same run (never as pass/fail timings).
import { startServer } from '../src/server';
import { benchFrontEnd } from './front-end';

async function main(): Promise<void> {
  const server = await startServer();
  try {
    console.log('front end');
    console.table(await benchFrontEnd(server.url));
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
