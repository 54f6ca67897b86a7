// AI 帮写 (POST /api/v1/ai/write_script): checks, the charge through the ledger, the model's call
// (whole or streamed), the cleaning, and the refund — exactly once — when the call fails.
import { RspCode, WriteScriptMsg, type AiFeatures } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type OpenAI from 'openai';
import type { LlmSettings, ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { BusinessError } from '../../lib/errors.js';
import { changePoints } from '../points/ledger.js';
import { countAttempt, type Limit } from '../rate-limit/rate-limit.js';
import { findTemplateRow } from '../templates/templates.js';
import { createLlmClient, llmFailure, LlmFailure, type LlmFailureKind } from './llm-client.js';
import { cleanScript, maxTokens, scriptMessages, type ScriptRequest } from './script-prompt.js';

/** Calls per user per minute: a user trying a few wordings stays far below; a script hammering the paid model does not. */
export const WRITE_LIMIT = { max: 10, windowMs: 60_000 } as const;
export const writeLimit = (userId: number): Limit => ({ key: `write:${userId}`, ...WRITE_LIMIT });

/** A streamed answer longer than this is cut off at the service: the script box holds PROMPT_MAX, no more is worth paying for. */
const RAW_TEXT_MAX = 2000;

export interface WriteDeps {
  db: Db;
  config: Pick<ServerConfig, 'llm'>;
  log: FastifyBaseLogger;
  /** The client to use (one per process; see llmClientFor). */
  client: (settings: LlmSettings) => OpenAI;
}

export interface WriteInput {
  title: string;
  duration: number;
  templateId?: string;
  hint?: string;
}

/** The feature as the app sees it: offered or not, and its price. */
export function aiFeatures(config: Pick<ServerConfig, 'llm'>): AiFeatures {
  return { writeScript: { available: config.llm !== undefined, points: config.llm?.points ?? 0 } };
}

/** One client per configuration (its connection pool is reused across calls). */
export function llmClientCache(): (settings: LlmSettings) => OpenAI {
  let cached: { settings: LlmSettings; client: OpenAI } | undefined;
  return (settings) => {
    if (cached?.settings !== settings) cached = { settings, client: createLlmClient(settings) };
    return cached.client;
  };
}

/** A call that has been admitted and paid for: what remains is the model's part. */
export interface PaidCall {
  settings: LlmSettings;
  request: ScriptRequest;
  /** Gives the points back, once; later calls do nothing. */
  refund(): Promise<void>;
}

const MESSAGES: Record<LlmFailureKind, string> = {
  busy: WriteScriptMsg.busy,
  refused: WriteScriptMsg.refused,
  misconfigured: WriteScriptMsg.failed,
  unavailable: WriteScriptMsg.failed,
};

/**
 * Everything before the model: offered (rspCode 5), the template (rspCode 4), the rate limit
 * (HTTP 429; every attempt counts, paid or not), then the charge (rspCode 3 when short).
 */
export async function admitWriteCall(deps: WriteDeps, userId: number, input: WriteInput): Promise<PaidCall> {
  const settings = deps.config.llm;
  if (!settings) throw new BusinessError(RspCode.notAllowed, WriteScriptMsg.notOffered);
  const template = input.templateId ? await findTemplateRow(deps.db, input.templateId) : undefined;
  await countAttempt(deps.db, writeLimit(userId));
  const title = `AI 帮写「${input.title}」`;
  if (settings.points > 0) {
    await deps.db.transaction((tx) => changePoints(tx, { userId, change: -settings.points, type: 'write', title }));
  }
  let refunded = false;
  return {
    settings,
    request: {
      title: input.title,
      duration: input.duration,
      ...(input.hint ? { hint: input.hint } : {}),
      ...(template && { template: { title: template.title, category: template.category, style: template.style, description: template.description } }),
    },
    refund: async () => {
      if (refunded || settings.points === 0) return;
      refunded = true;
      await deps.db.transaction((tx) => changePoints(tx, { userId, change: settings.points, type: 'refund', title: `AI 帮写失败退还「${input.title}」` }));
    },
  };
}

/** The failure as the user reads it (after the refund), and one log line for the operator without the key. */
async function failCall(deps: WriteDeps, call: PaidCall, error: unknown): Promise<BusinessError> {
  await call.refund();
  if (error instanceof BusinessError) return error;
  const failure = llmFailure(error);
  const kind = failure === 'aborted' ? 'unavailable' : failure.kind;
  const detail = failure === 'aborted' ? 'aborted' : redact(failure.message, call.settings.apiKey);
  const level = kind === 'misconfigured' ? 'error' : kind === 'refused' ? 'info' : 'warn';
  deps.log[level]({ kind, status: failure === 'aborted' ? undefined : failure.status, detail, model: call.settings.model }, 'AI 帮写 failed; points refunded');
  return new BusinessError(RspCode.failed, MESSAGES[kind]);
}

/** A message with the key (and anything shaped like one) blotted out. */
function redact(text: string, key: string): string {
  return text.split(key).join('[key]').replace(/\b(sk|ak)-[A-Za-z0-9*_-]{6,}/g, '[key]');
}

/** The cleaned script, or the refusal for an empty one. */
function finished(raw: string): string {
  const script = cleanScript(raw);
  if (script === '') throw new LlmFailure('unavailable', 'the answer held no usable text');
  return script;
}

/** The whole script in one answer (a JSON call). Failures refund and throw a BusinessError with the Chinese reason. */
export async function writeScriptWhole(deps: WriteDeps, call: PaidCall, signal?: AbortSignal): Promise<string> {
  try {
    const completion = await deps.client(call.settings).chat.completions.create(
      { model: call.settings.model, messages: scriptMessages(call.request), max_tokens: maxTokens(call.request.duration), temperature: 0.8 },
      { signal },
    );
    const choice = completion.choices?.[0];
    if (choice?.finish_reason === 'content_filter') throw new LlmFailure('refused', 'finish_reason content_filter');
    return emptyIsFailure(choice?.message?.content ?? '');
  } catch (error) {
    throw await failCall(deps, call, error);
  }
}

function emptyIsFailure(raw: string): string {
  try {
    return finished(raw);
  } catch {
    throw new BusinessError(RspCode.failed, WriteScriptMsg.empty);
  }
}

export type StreamOutcome =
  | { kind: 'done'; script: string }
  | { kind: 'failed'; error: BusinessError }
  /** The caller went away (停止); the points stay spent once any text reached it, else refunded. */
  | { kind: 'stopped'; refunded: boolean };

/**
 * The script as it is written: `onDelta` gets each piece of text as the service streams it. A
 * `signal` aborted by the caller (the user tapped 停止, or the connection dropped) stops the
 * service's generation: text already sent belongs to the user and the points stay spent; a stop
 * before any text arrived refunds them. Every other failure refunds.
 */
export async function writeScriptStream(deps: WriteDeps, call: PaidCall, signal: AbortSignal, onDelta: (text: string) => void): Promise<StreamOutcome> {
  let raw = '';
  let sent = false;
  try {
    const stream = await deps.client(call.settings).chat.completions.create(
      { model: call.settings.model, messages: scriptMessages(call.request), max_tokens: maxTokens(call.request.duration), temperature: 0.8, stream: true },
      { signal },
    );
    for await (const chunk of stream) {
      const choice = chunk.choices?.[0];
      const text = choice?.delta?.content ?? '';
      if (text !== '') {
        raw += text;
        onDelta(text);
        sent = true;
      }
      if (choice?.finish_reason === 'content_filter') throw new LlmFailure('refused', 'finish_reason content_filter');
      if ([...raw].length > RAW_TEXT_MAX) {
        stream.controller.abort();
        break;
      }
    }
    // The client's stream iterator ends quietly on an abort, as if the text were finished.
    if (signal.aborted) throw signal.reason;
    try {
      return { kind: 'done', script: finished(raw) };
    } catch {
      await call.refund();
      return { kind: 'failed', error: new BusinessError(RspCode.failed, WriteScriptMsg.empty) };
    }
  } catch (error) {
    if (signal.aborted && !(error instanceof LlmFailure)) {
      if (!sent) await call.refund();
      deps.log.info({ refunded: !sent, chars: [...raw].length }, 'AI 帮写 stopped by the user');
      return { kind: 'stopped', refunded: !sent };
    }
    return { kind: 'failed', error: await failCall(deps, call, error) };
  }
}
