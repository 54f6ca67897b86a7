import { Type, type Static } from '@sinclair/typebox';
import { call, SignedIn } from '../call';
import { DURATION_MAX, DURATION_MIN, HINT_MAX, TITLE_MAX } from '../limits';
import { Message, Text, Token } from '../schema-kit';

const tags = ['ai'];

/** What the AI features cost and whether the server offers them (the app shows a button only when it does). */
export const AiFeatures = Type.Object({
  writeScript: Type.Object({
    available: Type.Boolean({ description: '服务器是否配置了大模型（LLM_BASE_URL、LLM_API_KEY、LLM_MODEL）' }),
    points: Type.Integer({ description: '每次 AI 帮写消耗的积分（LLM_POINTS，默认 1）' }),
  }),
});
export type AiFeatures = Static<typeof AiFeatures>;

export const WrittenScript = Type.Object({
  script: Type.String({ description: '写好的文案：短句，每句以。！？结尾，不含换行与 Markdown，最多 PROMPT_MAX 个字' }),
});
export type WrittenScript = Static<typeof WrittenScript>;

/** One `event: delta` of the streamed answer: the text written since the last one (raw, before cleaning). */
export const WriteScriptDelta = Type.Object({ text: Type.String() });
export type WriteScriptDelta = Static<typeof WriteScriptDelta>;

/**
 * The events of `write_script` answered as `text/event-stream`: `delta` while the model writes,
 * then exactly one of `done` (the envelope with the cleaned script) or `error` (an envelope with
 * rspCode ≠ 0 and the Chinese reason). Each `data:` line is JSON.
 */
export type WriteScriptEvent =
  | { event: 'delta'; data: WriteScriptDelta }
  | { event: 'done'; data: { rspCode: 0; rspMsg: string; data: WrittenScript } }
  | { event: 'error'; data: { rspCode: number; rspMsg: string } };

export const WriteScriptMsg = {
  notOffered: 'AI 帮写暂未开通',
  busy: 'AI 帮写繁忙，请稍后再试，积分已退还',
  failed: 'AI 帮写暂时不可用，请稍后再试，积分已退还',
  refused: '标题或要求未通过内容审核，请换个说法再试，积分已退还',
  empty: 'AI 没有写出可用的文案，请换个说法再试，积分已退还',
} as const;

export const aiFeatures = call({
  method: 'POST',
  path: '/api/v1/ai/features',
  access: 'public',
  tags,
  summary: '可用的 AI 功能与价格',
  description: '`writeScript.available` 为 false 时 App 不显示「AI 帮写」按钮。无需登录。',
  body: Type.Object({ token: Type.Optional(Token) }),
  data: AiFeatures,
});

export const writeScript = call({
  method: 'POST',
  path: '/api/v1/ai/write_script',
  access: 'user',
  tags,
  summary: 'AI 帮写文案',
  description:
    '按标题、时长（约每秒 4 个字）、模板与补充要求写一段中文文案，分成适合做字幕的短句。调用前扣除 LLM_POINTS 积分（积分记录「AI 帮写「标题」」），' +
    '失败时退还一次（「AI 帮写失败退还「标题」」）。积分不足：rspCode 3 `积分不足`；服务器未配置大模型：rspCode 5 `AI 帮写暂未开通`；未知模板：rspCode 4 `模板不存在`；' +
    '每个用户每分钟最多 10 次，超过返回 HTTP 429（带 Retry-After）。大模型出错、超时或内容审核未通过：rspCode 1，消息写明原因与积分已退还。' +
    '请求头 `Accept: text/event-stream` 时，扣费之后的答复为 SSE：若干 `event: delta`（`data: {"text":"…"}`，模型刚写出的文字），' +
    '最后一个 `event: done`（`data` 为与普通答复相同的信封，含整理后的 `script`）或 `event: error`（`data: {"rspCode","rspMsg"}`）。' +
    '扣费之前的拒绝（未登录、参数、429、积分不足、未开通）仍是普通 JSON 答复。客户端中途断开（点「停止」）即停止大模型的生成，已写出的文字归用户，积分不退。',
  body: SignedIn({
    title: Text('标题', { min: 1, max: TITLE_MAX }),
    duration: Type.Integer({ minimum: DURATION_MIN, maximum: DURATION_MAX, title: '视频时长' }),
    templateId: Type.Optional(Text('模板ID', { max: 32 }, { description: '模板的 id；空字符串或不给等于不用模板' })),
    hint: Type.Optional(Text('补充要求', { max: HINT_MAX }, { description: '如「突出性价比」「语气活泼」' })),
  }),
  data: WrittenScript,
  responses: { 429: Message() },
});

export const aiCalls = { aiFeatures, writeScript };
