import { fail, RspCode } from '../lib/envelope.js';
import { BusinessError, RateLimitedError } from '../lib/errors.js';
import { appPlugin } from '../lib/app-plugin.js';
import { validationMessage, type SchemaError } from '../lib/validation-message.js';

/** The `msg` of every transport error (docs/api.md "Conventions": `{ msg }`, Chinese, no envelope). */
export const TransportMessage = {
  notFound: '接口不存在',
  invalidJson: '请求体不是合法的 JSON',
  emptyJson: '请求体不能为空',
  unsupportedContentType: '不支持的请求格式，请使用 application/json',
  bodyTooLarge: '请求体过大',
  bodyTooDeep: '请求体嵌套过深',
  tooManyRequests: '操作过于频繁，请稍后再试',
  badRequest: '请求无效',
  internal: '服务器内部错误',
} as const;

/** Fastify's own client errors, answered with the status docs/api.md "Conventions" asks for (415 becomes 400). */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; msg: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: TransportMessage.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: TransportMessage.emptyJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, msg: TransportMessage.unsupportedContentType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: TransportMessage.bodyTooLarge },
  // plugins/json-body: nested deeper than MAX_JSON_DEPTH.
  APP_JSON_TOO_DEEP: { status: 400, msg: TransportMessage.bodyTooDeep },
};

interface ErrorFields {
  code?: unknown;
  statusCode?: unknown;
  validation?: SchemaError[];
}

/**
 * The one error handler. Schema failures are a business answer (HTTP 200, rspCode 2); client
 * faults get a 4xx `{ msg }`; anything else is a 500 whose body holds only the request id,
 * while the log holds the error under the same id.
 */
export const errorHandler = appPlugin('error-handler', async (app) => {
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ msg: TransportMessage.notFound }));

  app.setErrorHandler(async (error, request, reply) => {
    // The not-found route parses bodies too: a bad body sent to an unknown route is still a 404.
    if (request.is404) return reply.code(404).send({ msg: TransportMessage.notFound });

    if (error instanceof BusinessError) return reply.code(200).send(fail(error.rspCode, error.rspMsg));
    if (error instanceof RateLimitedError) {
      const minutes = Math.ceil(error.retryAfterSeconds / 60);
      return reply
        .code(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ msg: `操作过于频繁，请 ${minutes} 分钟后再试` });
    }

    const fields: ErrorFields = typeof error === 'object' && error !== null ? error : {};

    if (Array.isArray(fields.validation)) {
      const rspMsg = validationMessage(fields.validation);
      request.log.info({ rspMsg }, 'invalid parameter');
      return reply.code(200).send(fail(RspCode.invalidParam, rspMsg));
    }

    const known = typeof fields.code === 'string' ? FASTIFY_CLIENT_ERRORS[fields.code] : undefined;
    if (known !== undefined) return reply.code(known.status).send({ msg: known.msg });

    const status = typeof fields.statusCode === 'number' ? fields.statusCode : 500;
    if (status >= 400 && status < 500) {
      const msg = status === 404 ? TransportMessage.notFound : TransportMessage.badRequest;
      return reply.code(status).send({ msg });
    }

    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ msg: TransportMessage.internal, requestId: request.id });
  });
});
