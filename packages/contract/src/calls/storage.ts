import { Type } from '@sinclair/typebox';
import { call, SignedIn } from '../call';
import { THUMBNAIL_FORMATS, THUMBNAIL_WIDTHS, UPLOAD_KINDS } from '../limits';
import { UploadRefusal } from '../rules';
import { Message, StringEnum } from '../schema-kit';
import { UploadPolicy } from '../shapes';

const tags = ['storage'];


export const stsPolicy = call({
  method: 'POST',
  path: '/server_api/oss/stsPolicy',
  access: 'user',
  tags,
  summary: '获取上传凭证（图片、头像或音乐）',
  description:
    'The app then POSTs multipart/form-data to `host`: every entry of `fields`, then `key`, then `file` last. ' +
    'The key is chosen by the server under `dir` (`users/<id>/`) and recorded as the caller\'s. ' +
    'Embedded store: `host` is `/files` on this server and `fields` are `policy` (base64 JSON: expiration, the exact key, ' +
    'the prefix, content-length-range 1..10 MiB — 20 MiB for `audio` —, declared content type in `contentTypes`) and `signature` (HMAC-SHA256 hex). ' +
    'S3 store: `host` and `fields` are the bucket\'s presigned POST (key prefix and size range in its policy). ' +
    'Each user may take 60 policies per 10 minutes (a sliding window); past that the answer is HTTP 429 with Retry-After and `{ msg }`.',
  body: SignedIn({ kind: StringEnum(UPLOAD_KINDS, { title: '上传类型', description: 'image：视频用图片；avatar：头像；audio：视频的背景音乐（mp3、m4a、aac 或 wav，≤ 20 MiB）' }) }),
  data: UploadPolicy,
  responses: { 429: Message('10 分钟内已取得 60 个上传凭证；Retry-After 头给出还需等待的秒数') },
});

export const upload = call({
  method: 'POST',
  path: '/files',
  access: 'public',
  tags,
  summary: '内置存储：按上传凭证接收图片或音乐',
  description:
    'multipart/form-data: `policy`, `signature`, `key`, then `file` last. Checked as an S3/OSS bucket checks a POST ' +
    'policy: signature, expiry, exact key under the user\'s prefix, declared type, size 1..10 MiB (20 MiB for audio), and the bytes must ' +
    'really be JPEG, PNG or WEBP — for an `audio` policy MP3 (ID3 or an MPEG frame), M4A (ftyp M4A/mp42/isom), AAC (ADTS) or WAV (RIFF WAVE) — ' +
    '(a file whose bytes are another allowed type than declared is stored with the type its bytes have). One upload per policy. Success is 204 with no body, like S3. Refusals are 403 `{ msg }`: ' +
    Object.values(UploadRefusal).join('、'),
  consumes: ['multipart/form-data'],
  responses: {
    204: Type.Null({ description: '已保存' }),
    403: Message('上传被拒绝'),
  },
});

const binary = (description: string) => Type.String({ description, format: 'binary' });

export const serveFile = call({
  method: 'GET',
  path: '/files/*',
  access: 'public',
  tags,
  summary: '内置存储：读取文件（支持 Range）',
  description:
    'Content type as recorded at upload (or sniffed), `Cache-Control: public, max-age=3600` for users\' uploads and ' +
    'videos (a deleted file stops being served from caches within an hour) and `public, max-age=31536000, immutable` for ' +
    'template samples (`templates/…`), ETag and Last-Modified (304 on a match), `Accept-Ranges: bytes`: one range answers 206, a range ' +
    'past the end 416 with `Content-Range: bytes */<size>`, several ranges the whole file.',
  params: Type.Object({ '*': Type.String({ description: '文件键，如 users/1/image/…' }) }),
  responses: {
    200: binary('文件内容'),
    206: binary('所请求的字节范围'),
    304: Type.Null({ description: '未修改' }),
    404: Message('文件不存在'),
    416: Message('请求的范围无效'),
  },
});

/** Why a thumbnail is refused: 404 `{ msg }`. */
export const ThumbnailRefusal = {
  badSize: `缩略图尺寸无效，可用宽度：${THUMBNAIL_WIDTHS.join('、')}，格式：${THUMBNAIL_FORMATS.join('、')}`,
  notFound: '文件不存在',
  notImage: '该文件不是图片，无法生成缩略图',
} as const;

export const serveThumbnail = call({
  method: 'GET',
  path: '/thumbs/*',
  access: 'public',
  tags,
  summary: '封面缩略图（WebP 或 JPEG，按宽度缩小）',
  description:
    '`/thumbs/<key>/<width>.<format>`: the stored picture `<key>` (a template\'s or a video\'s cover) scaled to `<width>` pixels wide ' +
    `(one of ${THUMBNAIL_WIDTHS.join(', ')}; a narrower picture keeps its own width), its aspect kept, as \`webp\` or \`jpg\`. ` +
    'Made once, on the first request or when the cover is stored, and kept in the file store beside it (`thumbs/<key>/<width>.<format>`); ' +
    'removed with the cover. The API gives the prefix as `coverThumbUrl` (`/thumbs/<key>`). Answered with the cover\'s caching ' +
    '(`public, max-age=31536000, immutable` for template samples, `public, max-age=3600` for users\' videos), an ETag (304 on a match) ' +
    'and `Content-Type: image/webp` or `image/jpeg`. A width or format not listed is 404 with the list; a cover that is not there, 404.',
  params: Type.Object({ '*': Type.String({ description: '封面文件键 / 宽度.格式，如 templates/1/…/cover.jpg/320.webp' }) }),
  responses: {
    200: binary('缩略图'),
    304: Type.Null({ description: '未修改' }),
    404: Message('缩略图尺寸无效或文件不存在'),
  },
});

export const storageCalls = { stsPolicy, upload, serveFile, serveThumbnail };
