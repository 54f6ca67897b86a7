// The stand-in checked by the official client: if `openai` cannot talk to it as it talks to the
// real service — whole answers, streams, its error classes, its retries — the stand-in is wrong.
import OpenAI from 'openai';
import { startOpenAiChatStandIn, type OpenAiChatStandIn } from './openai-chat';

let standIn: OpenAiChatStandIn;
beforeAll(async () => {
  standIn = await startOpenAiChatStandIn({ models: ['stand-in-chat'] });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.settings.reply = undefined;
  standIn.settings.chunkDelayMs = 0;
});

const client = (options: { apiKey?: string; maxRetries?: number } = {}) =>
  new OpenAI({ apiKey: options.apiKey ?? standIn.apiKey, baseURL: standIn.url, maxRetries: options.maxRetries ?? 0, logLevel: 'off' });
const messages = [{ role: 'user' as const, content: '标题：春日出游\n约 20 个字' }];

test('a whole answer: chat.completion with the message, finish_reason and usage', async () => {
  standIn.settings.reply = '春天来了。';
  const answer = await client().chat.completions.create({ model: 'stand-in-chat', messages, max_tokens: 100, temperature: 0.5 });
  expect(answer).toMatchObject({ object: 'chat.completion', model: 'stand-in-chat', choices: [{ index: 0, message: { role: 'assistant', content: '春天来了。' }, finish_reason: 'stop' }] });
  expect(answer.usage?.completion_tokens).toBe(5);
  expect(standIn.requests.at(-1)).toMatchObject({ model: 'stand-in-chat', stream: false, maxTokens: 100, temperature: 0.5 });
});

test('a stream: chunks of the text in order, then finish_reason stop and the end of the stream', async () => {
  standIn.settings.reply = '一二三四五六七八九十甲乙丙';
  const stream = await client().chat.completions.create({ model: 'stand-in-chat', messages, stream: true, stream_options: { include_usage: true } });
  const pieces: string[] = [];
  const finishes: (string | null)[] = [];
  let usage: unknown;
  for await (const chunk of stream) {
    expect(chunk.object).toBe('chat.completion.chunk');
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) continue;
    if (choice.delta.content) pieces.push(choice.delta.content);
    finishes.push(choice.finish_reason);
  }
  expect(pieces).toEqual(['一二三四五六', '七八九十甲乙', '丙']);
  expect(finishes.at(-1)).toBe('stop');
  expect(usage).toMatchObject({ completion_tokens: 13 });
});

test('max_tokens cuts the answer with finish_reason length', async () => {
  standIn.settings.reply = '一二三四五六七八九十';
  const answer = await client().chat.completions.create({ model: 'stand-in-chat', messages, max_tokens: 4 });
  expect(answer.choices[0]).toMatchObject({ message: { content: '一二三四' }, finish_reason: 'length' });
});

test('content_filter: the output stops with that finish_reason', async () => {
  standIn.filterNext();
  const answer = await client().chat.completions.create({ model: 'stand-in-chat', messages });
  expect(answer.choices[0]?.finish_reason).toBe('content_filter');
});

test('a wrong key is an AuthenticationError with code invalid_api_key; the key is shown masked only', async () => {
  const error = await client({ apiKey: 'sk-wrong-key-123456' }).chat.completions.create({ model: 'stand-in-chat', messages }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
  expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });
  expect((error as Error).message).not.toContain('sk-wrong-key-123456');
});

test('an unknown model is a NotFoundError; bad fields are BadRequestErrors naming the field', async () => {
  await expect(client().chat.completions.create({ model: 'gpt-nothing', messages })).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  await expect(client().chat.completions.create({ model: 'stand-in-chat', messages: [] })).rejects.toMatchObject({ status: 400, param: 'messages' });
  await expect(client().chat.completions.create({ model: 'stand-in-chat', messages, temperature: 3 })).rejects.toMatchObject({ status: 400, param: 'temperature' });
});

test('moderation: a 400 data_inspection_failed as DashScope answers it', async () => {
  const error = await client().chat.completions.create({ model: 'stand-in-chat', messages: [{ role: 'user', content: '违禁' }] }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  expect(error).toMatchObject({ code: 'data_inspection_failed', type: 'data_inspection_failed' });
});

test('429 is a RateLimitError; the client retries it as many times as it is told, after retry-after', async () => {
  standIn.failNext(1, 429, '0');
  const before = standIn.counts.calls;
  const answer = await client({ maxRetries: 1 }).chat.completions.create({ model: 'stand-in-chat', messages });
  expect(answer.choices[0]?.finish_reason).toBe('stop');
  expect(standIn.counts.calls - before).toBe(2);

  standIn.failNext(2, 429, '0');
  const error = await client({ maxRetries: 1 }).chat.completions.create({ model: 'stand-in-chat', messages }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OpenAI.RateLimitError);
  expect(error).toMatchObject({ code: 'rate_limit_exceeded' });
  expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('0');
});

test('500 is an InternalServerError once the retries are spent', async () => {
  standIn.failNext(2, 500);
  const before = standIn.counts.calls;
  await expect(client({ maxRetries: 1 }).chat.completions.create({ model: 'stand-in-chat', messages })).rejects.toBeInstanceOf(OpenAI.InternalServerError);
  expect(standIn.counts.calls - before).toBe(2);
});

test("the client's abort ends its reading of the stream quietly and closes the stream at the stand-in", async () => {
  standIn.hangNext();
  const controller = new AbortController();
  const stream = await client().chat.completions.create({ model: 'stand-in-chat', messages, stream: true }, { signal: controller.signal });
  const before = standIn.counts.aborted;
  const got: string[] = [];
  const reading = (async () => {
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta.content;
      if (text) got.push(text);
      if (got.length === 2) controller.abort();
    }
  })();
  // The client's stream iterator treats an abort as the end of the stream (it does not throw).
  await reading;
  expect(got).toHaveLength(2);
  expect(controller.signal.aborted).toBe(true);
  await waitFor(() => standIn.counts.aborted > before);
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}
