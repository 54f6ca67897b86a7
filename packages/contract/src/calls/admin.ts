import { Type } from '@sinclair/typebox';
import { adminCall } from '../call';
import { ASPECT_RATIOS, AUDIO_SECONDS_MAX, AUDIO_SECONDS_MIN, AUDIO_UPLOAD_MAX_SIZE, DURATION_MAX, DURATION_MIN, MUSIC_MOODS, PHONE_PATTERN, TITLE_MAX } from '../limits';
import { adminPageProperties, Defaulted, Empty, Page, StringEnum, Text } from '../schema-kit';
import { AdminMusicTrack, AdminTemplate, CodeBatch, CodeView, Grant } from '../shapes';

/** A year past which no sane end date lies (and within what a JS Date holds). */
const LATEST_MS = Date.UTC(9999, 11, 31);

export const createCodes = adminCall({
  path: '/admin/api/codes/create',
  summary: '生成一批激活码',
  description: '返回这一批的全部激活码。积分与天数不能都为 0；截止时间（毫秒）须晚于现在，0 或不传 = 不限。',
  body: Type.Object({
    points: Type.Integer({ minimum: 0, maximum: 1_000_000, title: '积分' }),
    days: Type.Integer({ minimum: 0, maximum: 3650, title: '会员天数' }),
    count: Type.Integer({ minimum: 1, maximum: 10_000, title: '数量' }),
    endsAt: Defaulted(Type.Integer({ minimum: 0, maximum: LATEST_MS, title: '截止时间' }), 0),
    note: Defaulted(Text('备注', { max: 100 }), ''),
  }),
  data: Type.Object({ batch: CodeBatch, codes: Type.Array(Type.String()) }),
});

export const codeBatches = adminCall({
  path: '/admin/api/codes/batches',
  summary: '激活码批次（新的在前），含各状态的码数',
  body: Type.Object(adminPageProperties),
  data: Page(CodeBatch),
});

export const codeList = adminCall({
  path: '/admin/api/codes/list',
  summary: '激活码（新的在前），含状态、兑换人与兑换时间',
  description: '给出 batchId 时只列这一批；批次不存在：rspCode 4。',
  body: Type.Object({
    ...adminPageProperties,
    batchId: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$', title: '批次ID' })),
  }),
  data: Page(CodeView),
});

export const disableCode = adminCall({
  path: '/admin/api/codes/disable',
  summary: '停用一个激活码',
  description: '停用后不能再兑换；已停用的再停用一次不变。不存在：rspCode 4；已被兑换：rspCode 5。',
  body: Type.Object({ code: Text('激活码', { min: 1, max: 64 }) }),
  data: CodeView,
});

export const grantPoints = adminCall({
  path: '/admin/api/points/grant',
  summary: '给用户加（或扣）积分',
  description:
    '写一条 `admin` 积分记录，标题为原因（用户在积分记录里看到它）。change 为负时扣积分，扣过余额：rspCode 3 `积分不足`，余额不变；' +
    '手机号未注册：rspCode 4 `用户不存在`；change 为 0：rspCode 2。',
  body: Type.Object({
    phone: Type.String({ pattern: PHONE_PATTERN, title: '手机号' }),
    change: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, title: '积分' }),
    reason: Text('原因', { min: 1, max: 30 }),
  }),
  data: Grant,
});

export const addTemplate = adminCall({
  path: '/admin/api/templates/add',
  summary: '添加模板',
  description:
    '返回新模板（sysVideo/detail 的字段，另加 sampleStatus）。coverUrl 和 videoUrl 要么都给（模板立刻出现在 App 中），' +
    '要么都不给：服务器用模板的标题、描述和 params 渲染样片，存好后模板才出现（sampleStatus 为 pending）。只给一个：rspCode 2。' +
    'params 是渲染参数（颜色、字体、片头），不给 App 看。',
  body: Type.Object({
    title: Text('标题', { min: 1, max: TITLE_MAX }),
    description: Defaulted(Text('描述', { max: 200 }), ''),
    category: Text('分类', { min: 1, max: 20 }),
    style: Text('风格', { min: 1, max: 20 }),
    duration: Type.Integer({ minimum: DURATION_MIN, maximum: DURATION_MAX, title: '时长' }),
    aspectRatio: StringEnum(ASPECT_RATIOS, { title: '画面比例' }),
    sort: Defaulted(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, title: '排序' }), 0),
    coverUrl: Defaulted(Text('封面地址', { max: 500 }), ''),
    videoUrl: Defaulted(Text('视频地址', { max: 500 }), ''),
    params: Defaulted(Type.Unsafe<Record<string, unknown>>({ type: 'object', title: '渲染参数' }), {}),
  }),
  data: AdminTemplate,
});

/** Why an operator's track is refused (rspCode 2, or 5 for one in use). */
export const TrackRefusal = {
  notAudio: '音频格式不支持，请上传 mp3、m4a、aac 或 wav',
  tooLarge: `文件过大，最大 ${AUDIO_UPLOAD_MAX_SIZE / 1024 / 1024} MiB`,
  empty: '文件不能为空',
  unreadable: '无法解码这个音频文件',
  tooShort: `音乐太短，至少 ${AUDIO_SECONDS_MIN} 秒`,
  tooLong: `音乐太长，最长 ${AUDIO_SECONDS_MAX / 60} 分钟`,
  notFound: '曲目不存在',
  inUse: '曲目正被排队中或生成中的视频使用，请稍后再删除',
} as const;

export const addMusicTrack = adminCall({
  path: '/admin/api/music/add',
  summary: '添加背景音乐曲目',
  description:
    '请求体是音频文件本身（`Content-Type: application/octet-stream`），标题与情绪在查询串中。文件按字节判断类型（mp3、m4a、aac、wav），' +
    `不超过 ${AUDIO_UPLOAD_MAX_SIZE / 1024 / 1024} MiB，用 ffmpeg 解码量出时长（${AUDIO_SECONDS_MIN} 秒到 ${AUDIO_SECONDS_MAX / 60} 分钟）；` +
    '不合格：rspCode 2，消息写明原因。存入文件存储后出现在 /api/v1/video_task/music。',
  querystring: Type.Object({
    title: Text('标题', { min: 1, max: TITLE_MAX }),
    mood: StringEnum(MUSIC_MOODS, { title: '情绪', description: MUSIC_MOODS.join(' / ') }),
  }),
  consumes: ['application/octet-stream'],
  data: AdminMusicTrack,
});

export const listMusicTracks = adminCall({
  path: '/admin/api/music/list',
  summary: '背景音乐曲目（新的在前）',
  body: Type.Object({}),
  data: Type.Object({ list: Type.Array(AdminMusicTrack) }),
});

export const removeMusicTrack = adminCall({
  path: '/admin/api/music/remove',
  summary: '删除背景音乐曲目',
  description:
    `删除曲目与文件；之后 App 不再列出它，已完成的视频不受影响。不存在：rspCode 4 \`${TrackRefusal.notFound}\`；` +
    `还有排队中或生成中的视频用它：rspCode 5 \`${TrackRefusal.inUse}\`。`,
  body: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$', title: '曲目ID' }) }),
  data: Empty,
});

export const adminCalls = { createCodes, codeBatches, codeList, disableCode, grantPoints, addTemplate, addMusicTrack, listMusicTracks, removeMusicTrack };
