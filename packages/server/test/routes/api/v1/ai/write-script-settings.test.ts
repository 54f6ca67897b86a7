// AI 帮写 without its settings, and with a key the service refuses: what the user is told, the
// refund, and that the key is in no answer and no log line (logs at debug).
import { buildTestApp } from '../../../../helpers/build-test-app.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../../../helpers/users.js';
import { startOpenAiChatStandIn, type OpenAiChatStandIn } from '../../../../stand-ins/openai-chat.js';

const KEY = 'sk-configured-llm-secret-0123456789';
let standIn: OpenAiChatStandIn;
beforeAll(async () => {
  standIn = await startOpenAiChatStandIn({ models: ['deepseek-chat'] });
});
afterAll(() => standIn.close());

test('not configured: not offered, and the call answers rspCode 5 AI 帮写暂未开通 without charging', async () => {
  const { app } = await buildTestApp();
  try {
    const { user, token } = await signedInUser(app.db, { points: 10 });
    const features = await app.inject({ method: 'POST', url: '/api/v1/ai/features', payload: {} });
    expect(features.json()).toEqual({ rspCode: 0, rspMsg: '成功', data: { writeScript: { available: false, points: 0 } } });
    const res = await app.inject({ method: 'POST', url: '/api/v1/ai/write_script', payload: { token, title: '春日出游', duration: 10 } });
    expect(res.json()).toEqual({ rspCode: 5, rspMsg: 'AI 帮写暂未开通' });
    expect((await userState(app.db, user.id)).points).toBe(10);
  } finally {
    await app.close();
  }
});

test('a key the service refuses (401): refunded, a Chinese reason, and the key in no answer or log line', async () => {
  const { app, logs } = await buildTestApp({ LOG_LEVEL: 'debug', LLM_BASE_URL: standIn.url, LLM_API_KEY: KEY, LLM_MODEL: 'deepseek-chat' });
  try {
    const { user, token } = await signedInUser(app.db, { points: 10 });
    const answers: string[] = [];
    for (const headers of [{}, { accept: 'text/event-stream' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/ai/write_script', payload: { token, title: '春日出游', duration: 10 }, headers });
      answers.push(res.body);
      expect(res.body).toContain('AI 帮写暂时不可用，请稍后再试，积分已退还');
    }
    expect((await userState(app.db, user.id)).points).toBe(10);
    await expectLedgerMatchesBalances(app.db);
    const lines = logs();
    const failures = lines.filter((line) => line.msg === 'AI 帮写 failed; points refunded');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ level: 50, kind: 'misconfigured', status: 401 });
    expect(JSON.stringify(lines)).not.toContain(KEY);
    expect(JSON.stringify(lines)).not.toContain(KEY.slice(-4));
    expect(answers.join('\n')).not.toContain(KEY);
  } finally {
    await app.close();
  }
});

test('no answer within LLM_TIMEOUT_SECONDS (the one retry included): refunded, with a Chinese reason', async () => {
  const { app } = await buildTestApp({ LLM_BASE_URL: standIn.url, LLM_API_KEY: standIn.apiKey, LLM_MODEL: 'deepseek-chat', LLM_TIMEOUT_SECONDS: '1' });
  standIn.settings.answerDelayMs = 5000;
  try {
    const { user, token } = await signedInUser(app.db, { points: 10 });
    const calls = standIn.counts.calls;
    const res = await app.inject({ method: 'POST', url: '/api/v1/ai/write_script', payload: { token, title: '春日出游', duration: 10 } });
    expect(res.json()).toEqual({ rspCode: 1, rspMsg: 'AI 帮写暂时不可用，请稍后再试，积分已退还' });
    expect(standIn.counts.calls - calls).toBe(2);
    expect((await userState(app.db, user.id)).points).toBe(10);
  } finally {
    standIn.settings.answerDelayMs = 0;
    await app.close();
  }
}, 30_000);
