import type { FastifyPluginAsync } from 'fastify';
import { foo } from '@app/contract';
import { ok } from '../../lib/envelope.js';
import { serve } from '../../lib/contract-route.js';

/** The sample call (docs/product.md "Call list"): `GET /foo?name=x` → `{ rspCode: 0, rspMsg: '成功', data: { name: 'x' } }`. */
export const fooRoutes: FastifyPluginAsync = async (app) => {
  serve(app, foo, async (request) => ok({ name: request.query.name }));
};
