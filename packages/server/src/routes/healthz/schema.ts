export const healthzSchema = {
  tags: ['system'],
  summary: '健康检查：每项检查（如数据库）都通过时 200，否则 503',
  response: {
    200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
    503: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['unavailable'] } } },
  },
} as const;
