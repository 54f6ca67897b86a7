import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { aiFeatures, RspMsg, writeScript, type Success, type WriteScriptEvent, type WrittenScript } from '@app/contract';
import { ok } from '../../../lib/envelope.js';
import { serve } from '../../../lib/contract-route.js';
import { admitWriteCall, aiFeatures as features, llmClientCache, writeScriptStream, writeScriptWhole, type WriteDeps } from '../../../modules/ai/write-script.js';

/** `/api/v1/ai/*` (docs/api.md): what is offered, and AI 帮写 — a JSON answer, or a stream of server-sent events. */
export const aiRoutes: FastifyPluginAsync = async (app) => {
  const client = llmClientCache();
  const deps = (request: FastifyRequest): WriteDeps => ({ db: app.db, config: app.config, log: request.log, client });

  serve(app, aiFeatures, async () => ok(features(app.config)));

  serve(app, writeScript, async (request, reply) => {
    // Refusals before the charge (not offered, template, 429, points) answer as JSON either way.
    const call = await admitWriteCall(deps(request), request.user.id, request.body);
    const gone = new AbortController();
    // The response closing before it ended: the user tapped 停止, or the connection dropped.
    reply.raw.on('close', () => {
      if (!reply.raw.writableEnded) gone.abort();
    });
    if (!wantsEventStream(request)) {
      return ok({ script: await writeScriptWhole(deps(request), call, gone.signal) });
    }
    startEventStream(request, reply);
    const send = (event: WriteScriptEvent) => {
      if (!reply.raw.destroyed) reply.raw.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
    };
    const outcome = await writeScriptStream(deps(request), call, gone.signal, (text) => send({ event: 'delta', data: { text } }));
    if (outcome.kind === 'done') send({ event: 'done', data: { rspCode: 0, rspMsg: RspMsg.ok, data: { script: outcome.script } } });
    else if (outcome.kind === 'failed') send({ event: 'error', data: { rspCode: outcome.error.rspCode, rspMsg: outcome.error.rspMsg } });
    reply.raw.end();
    // Answered through the raw response: Fastify sends nothing more.
    return reply as unknown as Success<WrittenScript>;
  });
};

function wantsEventStream(request: FastifyRequest): boolean {
  return /\btext\/event-stream\b/.test(request.headers.accept ?? '');
}

/**
 * Takes the response over from Fastify for a stream. The security headers are on it already
 * (helmet sets them on the raw response when the request arrives); the request id, which an onSend
 * hook adds to other answers, is added here. No proxy may buffer or transform the stream.
 */
function startEventStream(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  // Headers given to Fastify's reply so far (none of them the body's) go out as they would have.
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  reply.raw.flushHeaders();
}
