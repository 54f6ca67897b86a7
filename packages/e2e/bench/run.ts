// npm run bench [-- api | renderer | compose | front-end | remotes]: the benchmarks against the built apps and a real server, as
// ratios against a baseline measured in the same run (never as pass/fail timings).
import { benchCompose } from '../../engine/bench/compose';
import { benchRenderer } from '../../engine/bench/renderer';
import { benchApi } from './api';
import { benchFrontEnd } from './front-end';
import { benchRemoteBytes } from './remote-bytes';
import { benchRemoteSwitch } from './remote-switch';
import { startServer } from '../src/server';

const BENCHES: Record<string, () => Promise<object[]>> = {
  api: benchApi,
  renderer: benchRenderer,
  compose: benchCompose,
  'front-end': async () => {
    const server = await startServer();
    try {
      return await benchFrontEnd(server.url, server.dataDir);
    } finally {
      await server.stop();
    }
  },
  remotes: async () => {
    const server = await startServer();
    try {
      return [...(await benchRemoteBytes(server.url)), ...(await benchRemoteSwitch())];
    } finally {
      await server.stop();
    }
  },
};

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in BENCHES));
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
  for (const name of asked.length ? asked : Object.keys(BENCHES)) {
    console.log(name);
    console.table(await BENCHES[name]!());
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
