// The voice providers' keys live in the server's configuration only: not in an answer, not in a
// log line, also when a vendor refuses them (the voices list, its samples, and a narrated video).
import { buildTestApp } from '../helpers/build-test-app.js';
import type { EngineContext } from '../helpers/engines.js';
import { callOk, saveOk, waitForStatus, waitUntil } from '../helpers/tasks.js';
import { signedInUser } from '../helpers/users.js';
import { startMinimaxStandIn, type MinimaxStandIn } from '../stand-ins/minimax-tts.js';
import { startVolcStandIn, type VolcStandIn } from '../stand-ins/volc-tts.js';

const MINIMAX_KEY = 'mm-configured-secret-0123456789';
const VOLC_TOKEN = 'volc-configured-secret-9876543210';
let minimax: MinimaxStandIn;
let volc: VolcStandIn;
beforeAll(async () => {
  // Both vendors expect other keys: ours are refused, and the refusals are logged.
  [minimax, volc] = await Promise.all([startMinimaxStandIn(), startVolcStandIn()]);
});
afterAll(() => Promise.all([minimax.close(), volc.close()]));

test('refused keys fail the samples and the video (refunded); no log line and no answer carries a key', async () => {
  const { app, logs } = await buildTestApp({
    LOG_LEVEL: 'debug', WORKERS: '1',
    MINIMAX_API_KEY: MINIMAX_KEY, MINIMAX_BASE_URL: minimax.url,
    VOLC_TTS_APPID: volc.appId, VOLC_TTS_TOKEN: VOLC_TOKEN, VOLC_TTS_BASE_URL: volc.url,
  });
  try {
    await app.ready();
    const answers: string[] = [];
    const ctx = {
      app: () => app, db: () => app.db,
      post: async (url: string, body: Record<string, unknown> = {}) => {
        const res = await app.inject({ method: 'POST', url, payload: body });
        answers.push(res.body);
        return { status: res.statusCode, body: res.json(), headers: res.headers };
      },
    } as EngineContext;
    await callOk(ctx, 'voices', {});
    await waitUntil(() => logs().filter((line) => line.msg === 'could not make a voice sample').length >= 2, 30_000, 'the samples refused');
    const { token } = await signedInUser(app.db, { points: 100 });
    const saved = await saveOk(ctx, token, { voice: 'volc:BV001_streaming' });
    await waitForStatus(ctx, saved.id, 'failed', 30_000);
    const lines = logs();
    expect(lines.some((line) => line.msg === 'the voice provider refused or failed')).toBe(true);
    for (const secret of [MINIMAX_KEY, VOLC_TOKEN]) {
      expect(JSON.stringify(lines)).not.toContain(secret);
      expect(answers.join('\n')).not.toContain(secret);
    }
  } finally {
    await app.close();
  }
}, 60_000);
