import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * How the server's log reads: JSON lines (one object per event, for a log collector) unless
 * standard output is a terminal, where a person reads it: pino-pretty, and one line a request
 * (`GET /api/v1/… 200 12 ms`) instead of Fastify's two.
 */
export type LogFormat = 'json' | 'pretty';

export function logFormatOf(stdout: { isTTY?: boolean }): LogFormat {
  return stdout.isTTY === true ? 'pretty' : 'json';
}

/** Fastify's request lines, one a request: nothing on arrival, method, path, status and time at the end. */
export class OneLineRequests extends LogController {
  override incomingRequest(): void {}

  /** The request's own line already says 404. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** Fastify's options for `format`: pretty is pino-pretty (a transport, in its own thread) with one line a request. */
export function loggerOptions(format: LogFormat): { logController?: LogController; transport?: { target: string; options: Record<string, unknown> } } {
  if (format === 'json') return {};
  return {
    logController: new OneLineRequests(),
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}
