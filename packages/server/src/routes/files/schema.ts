import { envelopeSchema } from '../../lib/envelope.js';
import { tokenProperty } from '../../lib/schemas.js';
import { UploadRefusal } from '../../modules/storage/disk-upload.js';
import { UPLOAD_KINDS, type UploadKind } from '../../modules/storage/store.js';

export interface StsPolicyBody {
  token?: string;
  kind: UploadKind;
}

const messageSchema = (description: string) =>
  ({ description, type: 'object', required: ['msg'], properties: { msg: { type: 'string' } } }) as const;

export const stsPolicySchema = {
  tags: ['storage'],
  summary: '获取上传凭证（图片或头像）',
  description:
    'The app then POSTs multipart/form-data to `host`: every entry of `fields`, then `key`, then `file` last. ' +
    'The key is chosen by the server under `dir` (`users/<id>/`) and recorded as the caller\'s. ' +
    'Embedded store: `host` is `/files` on this server and `fields` are `policy` (base64 JSON: expiration, the exact key, ' +
    'the prefix, content-length-range 1..10 MiB, content type in jpeg/png/webp) and `signature` (HMAC-SHA256 hex). ' +
    'S3 store: `host` and `fields` are the bucket\'s presigned POST (key prefix and size range in its policy). ' +
    'Each user may take 60 policies per 10 minutes (a sliding window); past that the answer is HTTP 429 with Retry-After and `{ msg }`.',
  body: {
    type: 'object',
    required: ['kind'],
    properties: {
      token: tokenProperty,
      kind: { type: 'string', enum: UPLOAD_KINDS, title: '上传类型', description: 'image：视频用图片；avatar：头像' },
    },
  },
  response: {
    200: envelopeSchema({
      type: 'object',
      required: ['host', 'dir', 'key', 'expire', 'maxSize', 'contentTypes', 'fields', 'url'],
      properties: {
        host: { type: 'string', description: '上传地址（multipart POST）' },
        dir: { type: 'string', description: '只有该用户可写的前缀' },
        key: { type: 'string', description: '本次上传的文件键，作为 key 字段提交' },
        expire: { type: 'integer', description: '凭证失效时间（秒级时间戳，10 分钟后）' },
        maxSize: { type: 'integer', description: '文件大小上限（字节）' },
        contentTypes: { type: 'array', items: { type: 'string' }, description: '允许的图片类型' },
        fields: { type: 'object', additionalProperties: { type: 'string' }, description: '须原样提交的表单字段（在 key 与 file 之前）' },
        url: { type: 'string', description: '上传成功后文件的访问地址' },
      },
    }),
    429: messageSchema('10 分钟内已取得 60 个上传凭证；Retry-After 头给出还需等待的秒数'),
  },
} as const;

export const uploadSchema = {
  tags: ['storage'],
  summary: '内置存储：按上传凭证接收图片',
  description:
    'multipart/form-data: `policy`, `signature`, `key`, then `file` last. Checked as an S3/OSS bucket checks a POST ' +
    'policy: signature, expiry, exact key under the user\'s prefix, declared type, size 1..10 MiB, and the bytes must ' +
    'really be JPEG, PNG or WEBP (a file whose bytes are another of the three than declared is stored with the type its ' +
    'bytes have). One upload per policy. Success is 204 with no body, like S3. Refusals are 403 `{ msg }`: ' +
    Object.values(UploadRefusal).join('、'),
  consumes: ['multipart/form-data'],
  response: {
    204: { description: '已保存', type: 'null' },
    403: messageSchema('上传被拒绝'),
  },
} as const;

export const serveFileSchema = {
  tags: ['storage'],
  summary: '内置存储：读取文件（支持 Range）',
  description:
    'Content type as recorded at upload (or sniffed), `Cache-Control: public, max-age=3600` for users\' uploads and ' +
    'videos (a deleted file stops being served from caches within an hour) and `public, max-age=31536000, immutable` for ' +
    'template samples (`templates/…`), ETag and Last-Modified (304 on a match), `Accept-Ranges: bytes`: one range answers 206, a range ' +
    'past the end 416 with `Content-Range: bytes */<size>`, several ranges the whole file.',
  params: {
    type: 'object',
    required: ['*'],
    properties: { '*': { type: 'string', description: '文件键，如 users/1/image/…' } },
  },
  response: {
    200: { description: '文件内容', type: 'string', format: 'binary' },
    206: { description: '所请求的字节范围', type: 'string', format: 'binary' },
    304: { description: '未修改', type: 'null' },
    404: messageSchema('文件不存在'),
    416: messageSchema('请求的范围无效'),
  },
} as const;
