import Fastify from 'fastify';
import { logFormatOf, loggerOptions, OneLineRequests } from '../../src/lib/log-format.js';

describe('the log format', () => {
  it('is pretty on a terminal and JSON lines otherwise', () => {
    expect(logFormatOf({ isTTY: true })).toBe('pretty');
    expect(logFormatOf({ isTTY: false })).toBe('json');
    expect(logFormatOf({})).toBe('json');
    expect(loggerOptions('json')).toEqual({});
    const pretty = loggerOptions('pretty');
    expect(pretty.logController).toBeInstanceOf(OneLineRequests);
    expect(pretty.transport?.target).toBe('pino-pretty');
    // The transport is loaded by name in a worker thread: it must be installed.
    expect(() => require.resolve('pino-pretty')).not.toThrow();
  });

  it('writes one line a request when pretty: method, path, status and time', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { stream: { write: (line: string) => lines.push(line) } }, logController: new OneLineRequests() });
    app.get('/hello', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/hello' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.close();
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual([expect.stringMatching(/^GET \/hello 200 \d+ ms$/), expect.stringMatching(/^GET \/missing 404 \d+ ms$/)]);
  });
});
