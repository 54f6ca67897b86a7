import { envelopeSchema } from '../../lib/envelope.js';

export interface FooQuery {
  name: string;
}

export const fooSchema = {
  tags: ['sample'],
  summary: '示例：原样返回 name',
  querystring: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' } },
  },
  response: {
    200: envelopeSchema({
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
    }),
  },
} as const;
