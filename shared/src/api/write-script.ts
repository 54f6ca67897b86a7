import type { ApiBody, ApiPath, WriteScriptEvent } from '@app/contract';
import { postEventStream } from '../request/event-stream';
import { ApiError, RequestError } from '../request/request';

export const WRITE_SCRIPT_URL = '/api/v1/ai/write_script' satisfies ApiPath;

/**
 * AI 帮写, streamed: `onText` gets the text so far each time more arrives; resolves the cleaned
 * script of the `done` event. Rejects with ApiError for the server's refusal (积分不足, a failed call
 * already refunded…), RequestError for 429 or a lost connection, and the AbortError of `signal`
 * when the user stops it (the text so far is theirs).
 */
export async function writeScriptStreamed(
  body: ApiBody<typeof WRITE_SCRIPT_URL>,
  options: { signal?: AbortSignal; onText(text: string): void },
): Promise<string> {
  let text = '';
  let result: { script: string } | { failure: { rspCode: number; rspMsg: string } } | undefined;
  await postEventStream(WRITE_SCRIPT_URL, body, {
    signal: options.signal,
    onEvent: ({ event, data }) => {
      const parsed = { event, data: JSON.parse(data) } as WriteScriptEvent;
      if (parsed.event === 'delta') {
        text += parsed.data.text;
        options.onText(text);
      } else if (parsed.event === 'done') result = { script: parsed.data.data.script };
      else if (parsed.event === 'error') result = { failure: parsed.data };
    },
  });
  if (result === undefined) throw new RequestError('连接中断，请重试', { errMsg: 'request:fail stream ended early' });
  if ('failure' in result) throw new ApiError(result.failure as never);
  return result.script;
}
