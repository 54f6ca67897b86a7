import {
  Enveloped,
  type Call,
  type DataOf,
  type ParamsOf,
  type QueryOf,
  type ReceivedBody,
  type Success,
} from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';

/** The Fastify schema of a contract call: what the server validates with and /docs/json shows. */
export function routeSchema(call: Call): FastifySchema & { tags: string[]; summary: string } {
  return {
    tags: [...call.tags],
    summary: call.summary,
    ...(call.description === undefined ? {} : { description: call.description }),
    ...(call.body === undefined ? {} : { body: call.body }),
    ...(call.querystring === undefined ? {} : { querystring: call.querystring }),
    ...(call.params === undefined ? {} : { params: call.params }),
    ...(call.consumes === undefined ? {} : { consumes: [...call.consumes] }),
    response: { ...(call.data === undefined ? {} : { 200: Enveloped(call.data) }), ...call.responses },
  };
}

type Request<C extends Call> = FastifyRequest<{ Body: ReceivedBody<C>; Querystring: QueryOf<C>; Params: ParamsOf<C> }>;
/** An enveloped call answers its contract's `data`; another sends its answer through `reply`. */
type Answer<C extends Call> = C['data'] extends object ? Success<DataOf<C>> : unknown;

/**
 * Serves `call` as the contract says: its method and path, its schemas, and its access — a `user`
 * call signs the caller in first (rspCode 6 otherwise), an `admin` call checks the admin token
 * before the body is read (HTTP 401), or for a `deploy` call also a deploy token of the remote in `:name`. The handler's body, query and answer are typed from the contract.
 */
export function serve<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (request: Request<C>, reply: FastifyReply) => Promise<Answer<C>>,
  options: { methods?: HTTPMethods[] } = {},
): void {
  app.route({
    method: options.methods ?? call.method,
    url: call.path,
    schema: routeSchema(call),
    ...(call.access === 'user' ? { preHandler: app.authenticate as preHandlerAsyncHookHandler } : {}),
    ...(call.access === 'admin' ? { onRequest: call.deploy ? app.requireDeploy : app.requireAdmin } : {}),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
