import { REMOTE_NAMES } from '../../config.js';

const url = { type: 'string', description: "The remote's remoteEntry.js: an absolute URL or a same-origin path" } as const;

export const remotesJsonSchema = {
  tags: ['system'],
  summary: '各远程模块入口地址（shell 运行时读取）',
  response: {
    200: {
      type: 'object',
      required: [...REMOTE_NAMES],
      properties: Object.fromEntries(REMOTE_NAMES.map((name) => [name, url])),
    },
  },
} as const;
