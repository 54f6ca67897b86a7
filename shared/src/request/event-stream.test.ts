import { testUser } from '../../test/fixtures';
import { session } from '../session/session-store';
import { writeScriptStreamed } from '../api/write-script';
import { eventStreamParser, postEventStream } from './event-stream';
import { ApiError, RequestError } from './request';

describe('eventStreamParser: events as EventSource reads them, from pieces cut anywhere', () => {
  it('joins pieces, names events, joins data lines, skips comments', () => {
    const parse = eventStreamParser();
    expect(parse(': hello\nevent: del')).toEqual([]);
    expect(parse('ta\ndata: {"text":"春"}\n')).toEqual([]);
    expect(parse('\ndata: a\r\ndata: b\r')).toEqual([{ event: 'delta', data: '{"text":"春"}' }]);
    expect(parse('\n\r\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('a multi-byte character split between pieces arrives whole (the caller decodes with stream: true)', () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"春天"}\n\n');
    const decoder = new TextDecoder();
    const parse = eventStreamParser();
    const events = [...parse(decoder.decode(bytes.slice(0, 26), { stream: true })), ...parse(decoder.decode(bytes.slice(26), { stream: true }))];
    expect(events).toEqual([{ event: 'delta', data: '{"text":"春天"}' }]);
  });
});

/** A fetch answer as a browser's: its headers, and a body read piece by piece. */
function answer(type: string, pieces: string[], status = 200) {
  const encoder = new TextEncoder();
  const queue = pieces.map((p) => encoder.encode(p));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
    json: async () => JSON.parse(pieces.join('')),
    body: { getReader: () => ({ read: async () => (queue.length > 0 ? { done: false, value: queue.shift() } : { done: true, value: undefined }) }) },
  };
}

describe('writeScriptStreamed', () => {
  const fetchMock = jest.fn();
  beforeAll(() => {
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
  });
  beforeEach(() => {
    fetchMock.mockReset();
    session.set(testUser({ token: 'token-9' }));
  });

  it('POSTs the body with the token asking for a stream, hands over the text as it grows, resolves the final script', async () => {
    fetchMock.mockResolvedValue(answer('text/event-stream; charset=utf-8', [
      'event: delta\ndata: {"text":"春日"}\n\n',
      'event: delta\ndata: {"text":"出游！"}\n\nevent: done\ndata: {"rspCode":0,"rspMsg":"成功","data":{"script":"春日出游！"}}\n\n',
    ]));
    const texts: string[] = [];
    await expect(writeScriptStreamed({ title: '春日出游', duration: 5 }, { onText: (t) => texts.push(t) })).resolves.toBe('春日出游！');
    expect(texts).toEqual(['春日', '春日出游！']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/ai/write_script');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Accept: 'text/event-stream', 'Content-Type': 'application/json', platform: 'h5' });
    expect(JSON.parse(init.body)).toEqual({ token: 'token-9', title: '春日出游', duration: 5 });
  });

  it('an error event rejects with its rspCode and Chinese rspMsg', async () => {
    fetchMock.mockResolvedValue(answer('text/event-stream', ['event: delta\ndata: {"text":"春"}\n\nevent: error\ndata: {"rspCode":1,"rspMsg":"AI 帮写繁忙，请稍后再试，积分已退还"}\n\n']));
    await expect(writeScriptStreamed({ title: '春', duration: 5 }, { onText: () => undefined })).rejects.toMatchObject({ rspCode: 1, rspMsg: 'AI 帮写繁忙，请稍后再试，积分已退还' });
  });

  it('a JSON refusal before the stream rejects as ApiError; rspCode 6 signs the user out', async () => {
    fetchMock.mockResolvedValue(answer('application/json; charset=utf-8', ['{"rspCode":3,"rspMsg":"积分不足"}']));
    const error = await writeScriptStreamed({ title: '春', duration: 5 }, { onText: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ rspCode: 3, rspMsg: '积分不足' });
    fetchMock.mockResolvedValue(answer('application/json', ['{"rspCode":6,"rspMsg":"请先登录"}']));
    await expect(postEventStream('/x', {}, { onEvent: () => undefined })).rejects.toMatchObject({ rspCode: 6 });
    expect(session.get()).toBeNull();
  });

  it("a 429 rejects as RequestError with the server's msg", async () => {
    fetchMock.mockResolvedValue(answer('application/json', ['{"msg":"操作过于频繁，请 1 分钟后再试"}'], 429));
    const error = await writeScriptStreamed({ title: '春', duration: 5 }, { onText: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 429, message: '操作过于频繁，请 1 分钟后再试' });
  });

  it('a stream that ends without its final event is a broken connection', async () => {
    fetchMock.mockResolvedValue(answer('text/event-stream', ['event: delta\ndata: {"text":"春"}\n\n']));
    await expect(writeScriptStreamed({ title: '春', duration: 5 }, { onText: () => undefined })).rejects.toMatchObject({ message: '连接中断，请重试' });
  });

  it('no answer at all: a network error in Chinese', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(writeScriptStreamed({ title: '春', duration: 5 }, { onText: () => undefined })).rejects.toMatchObject({ message: '网络错误，换个网络试试' });
  });
});
