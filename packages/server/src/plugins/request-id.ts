import { appPlugin } from '../lib/app-plugin.js';

/**
 * Echoes the request id (generated per request by `genReqId` in app.ts) in `x-request-id`,
 * so a user's report or a 500 body can be matched with the log lines that carry `reqId`.
 */
export const requestId = appPlugin('request-id', async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });
});
