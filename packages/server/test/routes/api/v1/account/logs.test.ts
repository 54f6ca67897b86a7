import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../../helpers/build-test-app.js';
import { uniquePhone } from '../../../../helpers/engines.js';
import { removeTempDirs } from '../../../../helpers/temp-dirs.js';
import { CHANGE_INFO, LOGIN, LOGOUT } from './account-calls.js';

/** Passwords and tokens must never reach the log, at any level (docs/product.md "Server behaviour beyond the specification": "never in logs"). */
describe('account calls and the log', () => {
  let app: FastifyInstance;
  let logs: () => Record<string, unknown>[];
  beforeAll(async () => {
    ({ app, logs } = await buildTestApp({ LOG_LEVEL: 'trace' }));
    await app.ready();
  }, 30_000); // a first PGlite in a worker takes seconds to start
  afterAll(async () => {
    await app?.close();
    removeTempDirs();
  });

  const post = async (url: string, payload: Record<string, unknown>) =>
    (await app.inject({ method: 'POST', url, payload, headers: { platform: 'h5' } })).json();

  it('logs the calls but neither a password nor a token', async () => {
    const phone = uniquePhone();
    const password = 'Pw-6f1c2e9a';
    const signedUp = await post(LOGIN, { phone, password });
    expect(signedUp.rspCode).toBe(0);
    const { token } = signedUp.data as { token: string };
    expect((await post(LOGIN, { phone, password: 'Wrong-7d3b0c55' })).rspCode).toBe(1);
    expect((await post(LOGIN, { phone, password: 'TooLong-a41c'.padEnd(40, 'z') })).rspCode).toBe(2);
    expect((await post(LOGIN, { phone, password: 'Ctl-\u0007-58e0d2' })).rspCode).toBe(2);
    expect((await post(CHANGE_INFO, { token, nickname: '日志' })).rspCode).toBe(0);
    expect((await post(LOGOUT, { token })).rspCode).toBe(0);

    const lines = logs();
    // The calls are logged (so this test looks at real log lines)…
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(6);
    expect(lines.some((line) => line.msg === 'invalid parameter' && line.rspMsg === '密码不能超过 32 个字')).toBe(true);
    // …and nothing secret is in them.
    const text = JSON.stringify(lines);
    for (const secret of [password, 'Wrong-7d3b0c55', 'TooLong-a41c', '58e0d2', token]) expect(text).not.toContain(secret);
  });
});
