import { envelopeSchema } from '../../../../lib/envelope.js';

export const versionInfoSchema = {
  tags: ['version'],
  summary: '应用版本信息',
  response: {
    200: envelopeSchema({
      type: 'object',
      required: ['version', 'minVersion', 'releaseNotes', 'serverVersion'],
      properties: {
        version: { type: 'string', description: '当前应用版本' },
        minVersion: { type: 'string', description: '仍可使用的最低应用版本' },
        releaseNotes: { type: 'string', description: '更新说明' },
        serverVersion: { type: 'string', description: '服务端版本' },
      },
    }),
  },
} as const;
