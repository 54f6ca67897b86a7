import { readFileSync } from 'node:fs';
import { renderApiMarkdown } from '../../src/docs/api-markdown.js';
import { API_DOCS_PATH, currentApiMarkdown } from '../../src/docs/write-api-docs.js';

describe('docs/api.md', () => {
  it('is what the routes describe now (else: npm run docs:api)', async () => {
    const committed = readFileSync(API_DOCS_PATH, 'utf8');
    const current = await currentApiMarkdown();
    if (committed !== current) throw new Error('docs/api.md is stale: run `npm run docs:api` and commit the result');
    expect(committed).toContain('## Conventions');
    expect(committed).toContain('### POST /api/v1/video_task/save');
  }, 60_000);
});

describe('renderApiMarkdown', () => {
  const doc = {
    info: { title: 'T', version: '9.9.9', description: 'Every call …' },
    tags: [{ name: 'things', description: '东西' }],
    paths: {
      '/api/v1/thing/save': {
        post: {
          tags: ['things'],
          summary: '保存',
          description: '说明',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['title'],
                  properties: {
                    title: { type: 'string', title: '标题', minLength: 1, maxLength: 30, pattern: 'TEXT' },
                    images: { type: 'array', items: { type: 'string' }, maxItems: 9 },
                    size: { type: 'string', enum: ['9:16', '1:1'], default: '9:16' },
                  },
                },
              },
            },
          },
          responses: {
            200: {
              description: 'Default Response',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      rspCode: { type: 'integer' },
                      rspMsg: { type: 'string' },
                      data: { type: 'object', properties: { list: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', description: '编号' } } } } } },
                    },
                  },
                },
              },
            },
            429: { description: '太多了', content: { 'application/json': { schema: { type: 'object', properties: { msg: { type: 'string' } } } } } },
          },
        },
      },
    },
  };
  const markdown = renderApiMarkdown(doc, { namedPatterns: { TEXT: 'no control characters' } });

  it('lists each call under its tag, linked to its section', () => {
    expect(markdown).toContain('- 东西 (`things`)\n  - [POST /api/v1/thing/save](#post-apiv1thingsave) 保存');
    expect(markdown).toContain('### POST /api/v1/thing/save\n\n**保存**\n\n说明');
  });

  it('shows each field with its type, whether required, its rules and its meaning', () => {
    expect(markdown).toContain('| `title` | string | yes | 1–30 characters; no control characters | 标题 |');
    expect(markdown).toContain('| `images` | string[] |  | 0–9 items |  |');
    expect(markdown).toContain('| `size` | string |  | one of `9:16`, `1:1`; default `"9:16"` |  |');
  });

  it('shows the data of an enveloped answer, nested lists included, and the other answers', () => {
    expect(markdown).toContain('Answer 200: the envelope `{ rspCode, rspMsg, data }`; `data`:');
    expect(markdown).toContain('| `list[].id` | string |  | 编号 |');
    expect(markdown).toContain('Answer 429: `{ msg }` — 太多了');
  });
});
