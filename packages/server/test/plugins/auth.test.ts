import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema.js';
import { ok } from '../../src/lib/envelope.js';
import { issueToken, revokeToken } from '../../src/modules/sessions/tokens.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { uniquePhone } from '../helpers/engines.js';
import { removeTempDirs } from '../helpers/temp-dirs.js';

describe('auth plugin (app.authenticate)', () => {
  let app: FastifyInstance;
  let handled = 0;
  let userId: number;
  let token: string;

  beforeAll(async () => {
    ({ app } = await buildTestApp());
    // No body schema: the plugin must cope with whatever body arrives.
    app.post('/test/whoami', { schema: { hide: true }, preHandler: app.authenticate }, async (request) => {
      handled += 1;
      return ok({ id: request.user.id, token: request.token });
    });
    await app.ready();
    const [user] = await app.db.insert(users).values({ phone: uniquePhone(), passwordHash: 'x', nickname: '某人' }).returning();
    userId = user!.id;
    token = await issueToken(app.db, userId);
  }, 30_000); // a first PGlite in a worker takes seconds to start
  afterAll(async () => {
    await app?.close();
    removeTempDirs();
  });

  const call = async (payload: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/test/whoami',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const signedIn = () => ({ status: 200, body: { rspCode: 0, rspMsg: '成功', data: { id: userId, token } } });
  const notSignedIn = { status: 200, body: { rspCode: 6, rspMsg: '请先登录' } };

  it('signs in with the token in the body', async () => {
    expect(await call({ token })).toEqual(signedIn());
  });

  it.each(['Bearer', 'bearer', 'BEARER'])('signs in with Authorization: %s <token>', async (scheme) => {
    expect(await call({}, { authorization: `${scheme} ${token}` })).toEqual(signedIn());
  });

  it('prefers the body token over the header', async () => {
    expect(await call({ token }, { authorization: 'Bearer not-a-token' })).toEqual(signedIn());
  });

  it('falls back to the header when the body token is empty or not a string', async () => {
    expect(await call({ token: '' }, { authorization: `Bearer ${token}` })).toEqual(signedIn());
    expect(await call({ token: 42 }, { authorization: `Bearer ${token}` })).toEqual(signedIn());
  });

  // The table is built before the token exists: TOKEN stands for it.
  it.each([
    ['no token', {}, {}],
    ['an unknown token', { token: 'unknown' }, {}],
    ['a token with spaces around it', { token: ' TOKEN ' }, {}],
    ['a body that is not an object', 'just text', {}],
    ['null as body', null, {}],
    ['another scheme', {}, { authorization: 'Basic TOKEN' }],
    ['the bare token as header', {}, { authorization: 'TOKEN' }],
    ['two tokens in the header', {}, { authorization: 'Bearer TOKEN TOKEN' }],
  ])('answers rspCode 6 for %s, without running the handler', async (_, body, headers) => {
    const withToken = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('TOKEN', token)) as unknown;
    const before = handled;
    expect(await call(withToken(body), withToken(headers) as Record<string, string>)).toEqual(notSignedIn);
    expect(handled).toBe(before);
  });

  it('answers rspCode 6 once the token is revoked', async () => {
    const other = await issueToken(app.db, userId);
    expect((await call({ token: other })).body.rspCode).toBe(0);
    await revokeToken(app.db, other);
    expect(await call({ token: other })).toEqual(notSignedIn);
    expect(await call({}, { authorization: `Bearer ${other}` })).toEqual(notSignedIn);
  });
});
