// npm run dev: the four dev servers (hot reload) and the API server (restarts on change). The shell
// (http://127.0.0.1:3000) finds the remotes on their own dev servers through /remotes.json.
import { ROOT, bin, run } from './lib.mjs';

const port = process.env.PORT ?? '8080';
const env = {
  ...process.env,
  PORT: port,
  REMOTE_CREATE_URL: 'http://127.0.0.1:3001/remoteEntry.js',
  REMOTE_ACCOUNT_URL: 'http://127.0.0.1:3002/remoteEntry.js',
  REMOTE_AUTH_URL: 'http://127.0.0.1:3003/remoteEntry.js',
  // A tab may point at another build of a remote (?remote.account=…): README "Ship a remote".
  ALLOW_REMOTE_OVERRIDE: process.env.ALLOW_REMOTE_OVERRIDE ?? '1',
};
const serve = [bin('webpack'), 'serve', '--mode', 'development'];
const jobs = [
  run('server', [bin('tsx'), 'watch', '--conditions=app-source', 'packages/server/src/main.ts'], { env }),
  run('shell', serve, { cwd: 'shell', env }),
  run('create', serve, { cwd: 'remote-create', env }),
  run('account', serve, { cwd: 'remote-account', env }),
  run('auth', serve, { cwd: 'remote-auth', env }),
];
console.log(`dev: open http://127.0.0.1:3000/#/ (API on :${port}) — ${ROOT}`);
await Promise.race(jobs).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
