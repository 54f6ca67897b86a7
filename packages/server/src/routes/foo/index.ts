import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { fooSchema, type FooQuery } from './schema.js';

/** The sample call (docs/product.md "Call list"): `GET /foo?name=x` → `{ rspCode: 0, rspMsg: '成功', data: { name: 'x' } }`. */
export const fooRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: FooQuery }>('/foo', { schema: fooSchema }, async (request) => ok({ name: request.query.name }));
};
